import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { runAskCommand } from "../../../../src-main/cli/commands/ask"
import type { CliIo } from "../../../../src-main/cli/io"
import { reasoningDelta, startScriptedServer, wellBehaved, type Script, type ScriptedServer } from "../../../support/scripted-openai-server"
import { tempDir } from "../../store/fixtures"

// `fiskai ask --model URL`: the model's sanitised thoughts under the stage lines, the engine's
// answer, then the model's thinking by stage, its checked wording, or a note when it failed.

const QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
const THINKING = wellBehaved(["Korisnik pita mora li ući u sustav PDV-a. ", "Klijent je obrt. Prag se primjenjuje na promet. "])
const DRAFT = wellBehaved([], ["Vaš promet od 65.000,00 EUR veći je od praga od 60.000,00 EUR, pa morate ući u sustav PDV-a."])

function fakeIo() {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = {
    stdout: { write: (t: string) => out.push(t), isTTY: false },
    stderr: { write: (t: string) => err.push(t) },
    stdin: { isTTY: false },
    clock: () => new Date("2025-06-01T10:00:00Z"),
  }
  return { io, stdout: () => out.join(""), stderr: () => err.join("") }
}

let server: ScriptedServer | undefined
const savedEnv = { settings: process.env.FISKAI_MODEL_SETTINGS, key: process.env.FISKAI_MODEL_KEY }
afterEach(async () => {
  await server?.close()
  server = undefined
  for (const [name, value] of [["FISKAI_MODEL_SETTINGS", savedEnv.settings], ["FISKAI_MODEL_KEY", savedEnv.key]] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

/** A settings file in the test's own folder (the user's real one is never read). */
function settingsFile(content: object): string {
  const path = join(tempDir(), "model-provider.json")
  writeFileSync(path, JSON.stringify(content))
  process.env.FISKAI_MODEL_SETTINGS = path
  return path
}

async function ask(scripts: readonly Script[], extra: readonly string[]) {
  server = await startScriptedServer(scripts)
  const run = fakeIo()
  const code = await runAskCommand([QUESTION, "--as-of", "2025-06-01", "--no-db", ...extra.map((a) => a.replace("$URL", server?.url ?? ""))], run.io)
  return { code, out: run.stdout(), err: run.stderr(), server }
}

describe("fiskai ask --model", () => {
  it("prints the thoughts under the stage lines, the engine's answer, then the model's thinking and its checked wording", async () => {
    settingsFile({})
    const { code, out, server } = await ask([THINKING, DRAFT], ["--model", "$URL", "--model-name", "qwen3:0.6b"])
    expect(code).toBe(0)
    expect(server.received[0]?.body.model).toBe("qwen3:0.6b")
    const thought = out.indexOf("~ Korisnik pita mora li ući u sustav PDV-a.")
    const answer = out.indexOf("60.000,00 EUR mora ući u sustav PDV-a")
    const thinking = out.indexOf("Razmišljanje modela (nije dio odgovora):")
    expect(thought).toBeGreaterThanOrEqual(0)
    expect(answer).toBeGreaterThan(thought)
    expect(thinking).toBeGreaterThan(answer)
    expect(out).toContain("Tekst modela, provjeren prema citiranim pravilima:\nVaš promet od 65.000,00 EUR")
    expect(out).not.toContain("Napomena")
  })

  it("says in a note when the model stalled, and the answer is the engine's", async () => {
    settingsFile({ limits: { stallMs: 200, graceMs: 300 } })
    const { code, out } = await ask([[reasoningDelta("Korisnik pita o PDV-u. "), { delayMs: 3000 }], DRAFT], ["--model", "$URL", "--locale", "en"])
    expect(code).toBe(0)
    expect(out).toContain("Note: the model stopped sending text; the answer is the rule engine's own, without the model's thinking.")
  })

  it("the settings file alone turns the model on; the key from FISKAI_MODEL_KEY is sent and never printed", async () => {
    server = await startScriptedServer([THINKING, DRAFT])
    settingsFile({ enabled: true, endpoint: server.url, model: "llama3.2:1b", draftProse: false })
    process.env.FISKAI_MODEL_KEY = "sk-local-secret-key-0123456789"
    const run = fakeIo()
    expect(await runAskCommand([QUESTION, "--as-of", "2025-06-01", "--no-db"], run.io)).toBe(0)
    expect(server.received).toHaveLength(1)
    expect(server.received[0]?.headers.authorization).toBe("Bearer sk-local-secret-key-0123456789")
    expect(run.stdout() + run.stderr()).not.toContain("secret-key")
    expect(run.stdout()).toContain("Razmišljanje modela")
  })

  it("a model address that is not http(s) is bad usage, said in the user's language", async () => {
    settingsFile({})
    const run = fakeIo()
    expect(await runAskCommand([QUESTION, "--model", "ftp://x", "--locale", "en", "--no-db"], run.io)).toBe(2)
    expect(run.stderr()).toContain("--model: the field endpoint is not valid (an http(s) address is expected)")
    const broken = settingsFile({ enabled: "yes" })
    const hr = fakeIo()
    expect(await runAskCommand([QUESTION, "--no-db"], hr.io)).toBe(2)
    expect(hr.stderr()).toContain(`${broken}: polje enabled nije ispravno`)
  })

  it("without --model and with the provider off, nothing is asked of any server", async () => {
    server = await startScriptedServer([THINKING])
    settingsFile({ enabled: false, endpoint: server.url })
    const run = fakeIo()
    expect(await runAskCommand([QUESTION, "--as-of", "2025-06-01", "--no-db"], run.io)).toBe(0)
    expect(server.received).toHaveLength(0)
    expect(run.stdout()).not.toContain("Razmišljanje modela")
  })
})
