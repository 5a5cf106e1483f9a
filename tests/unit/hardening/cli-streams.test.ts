import { spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { AnswerInput, AskInput } from "../../../src-shared/ipc/channels"
import { describeCrash } from "../../../src-main/cli/main"
import { RAW_CONTROL, runCliInProcess, STACK_FRAME } from "./support/cli-run"
import { REPO_ROOT } from "./support/run-checks"

// Issue 20, item 6: what a careless or hostile command line meets. Every case here failed before:
// /dev/zero as a profile hung, `| head` ended in an EPIPE stack trace, escape sequences typed into
// an option or a command name reached the terminal, and a lone surrogate was stored as U+FFFD.

const dir = mkdtempSync(join(tmpdir(), "fiskai-cli-streams-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("fiskai with careless input files", () => {
  it("refuses a device as a profile instead of reading it forever", async () => {
    const outcome = await runCliInProcess(["ask", "Koja je stopa PDV-a?", "--no-db", "--profile", "/dev/zero"])
    expect(outcome.code).toBe(2)
    expect(outcome.stderr).toContain("--profile /dev/zero: not a regular file")
  })

  it("refuses a profile file larger than a profile can be, without reading it all", async () => {
    const big = join(dir, "big.json")
    writeFileSync(big, Buffer.alloc(3 * 1024 * 1024, 0x20))
    const outcome = await runCliInProcess(["ask", "Koja je stopa PDV-a?", "--no-db", "--profile", big])
    expect(outcome.code).toBe(2)
    expect(outcome.stderr).toContain("larger than 1 MB, not a client profile")
  })

  it("refuses a device as a rule pack (pack check, ask --pack) instead of filling memory", async () => {
    const check = await runCliInProcess(["pack", "check", "/dev/zero"])
    expect(check.code).toBe(1)
    expect(check.stderr).toContain("cannot read rule pack /dev/zero: not a regular file")
    const ask = await runCliInProcess(["ask", "Koja je stopa PDV-a?", "--no-db", "--pack", "/dev/zero"])
    expect(ask.code).toBe(1)
    expect(ask.stderr).toContain("not a regular file")
  })

  it("still reads an ordinary profile file", async () => {
    const profile = join(dir, "profile.json")
    writeFileSync(profile, JSON.stringify({ counters: { revenueYtd: 65_000 } }))
    const outcome = await runCliInProcess(["ask", "Koja je stopa PDV-a?", "--no-db", "--json", "--profile", profile])
    expect(outcome.code).toBe(0)
  })
})

describe("fiskai never lets typed control characters drive the terminal", () => {
  const cases: [string, string[]][] = [
    ["a command name", ["\u001b[31mred"]],
    ["an unknown option", ["ask", "x", "--bogus\u001b]0;pwned\u0007"]],
    ["an option value", ["ask", "x", "--as-of", "\u001b[2J2025-01-01"]],
    ["a path", ["verify", "/tmp/none\u001b[31m.zip"]],
  ]
  it.each(cases)("escapes them when echoing %s", async (_label, argv) => {
    const outcome = await runCliInProcess(argv)
    expect(outcome.code).toBe(2)
    expect(outcome.stderr).not.toMatch(RAW_CONTROL)
    expect(outcome.stderr).toContain("\\u001b")
  })
})

describe("fiskai's ending", () => {
  it("stops quietly with exit 0 when the reader of its output goes away (| head)", async () => {
    // The CLI as a user runs it, its stdout closed after the first chunk, like `| head -1`.
    const child = spawn(join(REPO_ROOT, "node_modules", ".bin", "tsx"), [join(REPO_ROOT, "src-main", "cli", "main.ts"), "ask", "Koja je stopa PDV-a?", "--no-db", "--json"], {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stderr = ""
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.once("data", () => child.stdout.destroy())
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve))
    expect(stderr).not.toMatch(STACK_FRAME)
    expect(stderr).not.toContain("EPIPE")
    expect(code).toBe(0)
  })

  it("reports a crash in one line and keeps the stack for FISKAI_DEBUG=1", () => {
    const error = new Error("disk \u001b[31mfull")
    const shown = describeCrash(error, false)
    expect(shown).toContain("fiskai: internal error: disk \\u001b[31mfull")
    expect(shown).toContain("FISKAI_DEBUG=1")
    expect(shown).not.toMatch(STACK_FRAME)
    expect(describeCrash(error, true)).toMatch(STACK_FRAME)
  })
})

describe("broken text at the app's boundary", () => {
  it("refuses a question or an answer with a lone surrogate, and accepts paired ones (emoji)", () => {
    const ask = AskInput.safeParse({ question: "PDV prag \ud800 65.000 eura?" })
    expect(ask.success).toBe(false)
    expect(ask.error?.issues[0]?.message).toContain("broken character")
    expect(AnswerInput.safeParse({ requestId: "r", answer: "da \udfff" }).success).toBe(false)
    expect(AskInput.safeParse({ question: "PDV na torte 🎂?" }).success).toBe(true)
  })
})
