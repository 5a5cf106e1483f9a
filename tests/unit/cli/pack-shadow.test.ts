import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ShadowReport } from "../../../src-shared/shadow"
import type { CliIo } from "../../../src-main/cli/io"
import { PACK_SHADOW_USAGE, runPackShadowCommand } from "../../../src-main/cli/commands/pack-shadow"
import { REAL_PACK_PATH } from "../../fixtures/packs"
import { tempDir } from "../store/fixtures"
import { seededStore, shippedPackRaw } from "../shadow/fixtures"

// `fiskai pack shadow`: the candidate checked first (a bad file is refused with the reason), the
// report on stdout (text in hr or en, or JSON), progress on a terminal, Ctrl+C a partial report.

function capture(stderrIsTty = false, onErr?: (text: string) => void) {
  let out = ""
  let err = ""
  const io: CliIo = {
    stdout: { write: (t: string) => (out += t) },
    stderr: { isTTY: stderrIsTty, write: (t: string) => { err += t; onErr?.(t) } },
  }
  return { io, out: () => out, err: () => err }
}

/** A candidate pack file: the shipped pack with a hypothetical rate for eggs (a test input). */
function eggCandidateFile(dir: string, rate: number): string {
  const raw = shippedPackRaw()
  const rule = raw.rules.find((r) => r.id === "pdv.stopa.jaja")
  if (rule === undefined) throw new Error("no egg rule")
  rule.value = { type: "percentage", value: rate }
  const path = join(dir, "candidate.json")
  writeFileSync(path, JSON.stringify({ ...raw, version: "9.0.0" }))
  return path
}

describe("fiskai pack shadow", () => {
  it("prints the runs whose answer would change, by client, in Croatian by default and in English when asked", async () => {
    const seeded = await seededStore()
    const pack = eggCandidateFile(tempDir(), 13)
    const hr = capture()
    expect(await runPackShadowCommand(["--pack", pack, "--db", seeded.dbPath, "--workers", "2"], hr.io)).toBe(0)
    expect(hr.out()).toContain("Pregledano 6 od 6 istraživanja.")
    expect(hr.out()).toContain("Odgovor bi se promijenio u 2 istraživanja.")
    expect(hr.out()).toContain("Obrt Alfa (klijent-a): promjena u 1 od 2 istraživanja")
    expect(hr.out()).toContain(`${seeded.runs.eggsForAlfa}  1. 6. 2025.  "Koliki je PDV na jaja?"`)
    expect(hr.out()).toContain("Beta d.o.o. (klijent-b): promjena u 1 od 1 istraživanja")
    expect(hr.out()).toContain("vrijednost: Stopa PDV-a na jaja: 5 % → 13 %")
    expect(hr.out()).toContain("pravila: pdv.stopa.jaja")
    expect(hr.out()).not.toContain(seeded.runs.breadForAlfa)
    expect(hr.err()).toBe("")
    const en = capture()
    expect(await runPackShadowCommand(["shadow", "--pack", pack, "--db", seeded.dbPath, "--locale", "en", "--client", "klijent-b"], en.io)).toBe(0)
    expect(en.out()).toContain("Looked at 1 of 1 run.")
    expect(en.out()).toContain("Beta d.o.o. (klijent-b): changes in 1 of 1 run")
    expect(en.out()).toContain(": 5% → 13%")
  })

  it("prints the report as JSON with --json, and says when nothing would change", async () => {
    const seeded = await seededStore()
    const json = capture()
    expect(await runPackShadowCommand(["--pack", REAL_PACK_PATH, "--db", seeded.dbPath, "--json", "--workers", "1"], json.io)).toBe(0)
    const report = ShadowReport.parse(JSON.parse(json.out()))
    expect(report).toMatchObject({ status: "complete", total: 6, clients: [] })
    expect(report.counts.changed).toBe(0)
    const text = capture()
    expect(await runPackShadowCommand(["--pack", REAL_PACK_PATH, "--db", seeded.dbPath, "--locale", "en", "--workers", "1"], text.io)).toBe(0)
    expect(text.out()).toContain("No answer would change.")
  })

  it("refuses a candidate that is not a valid pack or does not pass the pack check, saying why, before reading any run", async () => {
    const dir = tempDir()
    const seeded = await seededStore()
    const notJson = join(dir, "broken.json")
    writeFileSync(notJson, "{ not json")
    const broken = capture()
    expect(await runPackShadowCommand(["--pack", notJson, "--db", seeded.dbPath], broken.io)).toBe(2)
    expect(broken.err()).toMatch(/^fiskai pack shadow: kandidat .*broken\.json nije valjan paket propisa: cannot read rule pack/)
    expect(broken.out()).toBe("")

    const raw = shippedPackRaw()
    const rule = raw.rules.find((r) => r.id === "pdv.stopa.opca-25")
    if (rule === undefined) throw new Error("no general rate rule")
    rule.value = { type: "percentage", value: 27 }
    const unquoted = join(dir, "unquoted.json")
    writeFileSync(unquoted, JSON.stringify(raw))
    const lint = capture()
    expect(await runPackShadowCommand(["--pack", unquoted, "--db", seeded.dbPath, "--locale", "en"], lint.io)).toBe(2)
    expect(lint.err()).toContain("QUOTE_VALUE rule pdv.stopa.opca-25: primary quote (ev-mfin-pdv-stope) does not contain 27 %")
    expect(lint.err()).toContain("does not pass the pack check: 1 pack check finding (fiskai pack check)")

    const noRules = join(dir, "no-rules.json")
    writeFileSync(noRules, JSON.stringify({ ...raw, rules: [] }))
    const invalid = capture()
    expect(await runPackShadowCommand(["--pack", noRules, "--db", seeded.dbPath, "--locale", "en"], invalid.io)).toBe(2)
    expect(invalid.err()).toContain("is not a valid rule pack: invalid rule pack at rules")
  })

  it("explains bad usage with exit 2 and a missing database with exit 1", async () => {
    const missing = capture()
    expect(await runPackShadowCommand(["--db", "x.sqlite"], missing.io)).toBe(2)
    expect(missing.err()).toContain("--pack FILE is required")
    expect(missing.err()).toContain(PACK_SHADOW_USAGE)
    const workers = capture()
    expect(await runPackShadowCommand(["--pack", REAL_PACK_PATH, "--workers", "0"], workers.io)).toBe(2)
    expect(workers.err()).toContain('--workers: expected a whole number from 1 to 64, got "0"')
    const noDb = capture()
    const path = join(tempDir(), "none.sqlite")
    expect(await runPackShadowCommand(["--pack", REAL_PACK_PATH, "--db", path, "--locale", "en"], noDb.io)).toBe(1)
    expect(noDb.err()).toBe(`fiskai pack shadow: no trace database at ${path}\n`)
    const help = capture()
    expect(await runPackShadowCommand(["--help"], help.io)).toBe(0)
    expect(help.out()).toBe(`${PACK_SHADOW_USAGE}\n`)
  })

  it("shows progress on a terminal, and Ctrl+C stops the shadow with a partial report", async () => {
    const seeded = await seededStore()
    const { cloneTraces } = await import("../export/clone-traces")
    cloneTraces(seeded.store.sqlite, 1000, { start: new Date("2025-07-01T00:00:00.000Z") })
    let interrupted = false
    const tty = capture(true, (text) => {
      if (interrupted || !text.includes("probni prolaz:")) return
      interrupted = true
      process.emit("SIGINT")
    })
    expect(await runPackShadowCommand(["--pack", eggCandidateFile(tempDir(), 13), "--db", seeded.dbPath, "--workers", "2"], tty.io)).toBe(0)
    expect(tty.err()).toMatch(/probni prolaz: \d+\/1000 istraživanja \(\d+ %\), promjena: \d+/)
    expect(tty.out()).toContain("ZAUSTAVLJENO: izvještaj pokriva samo dosad pregledana istraživanja.")
    expect(tty.out()).not.toContain("Pregledano 1000 od")
    expect(process.listenerCount("SIGINT")).toBe(0)
  })
})
