import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { isTerminal, ReasoningEvent } from "../../../src-shared/events/event"
import { RAW_CONTROL, runCliInProcess, runCliProcess, STACK_FRAME, type CliOutcome } from "./support/cli-run"
import { HOSTILE_STRINGS, megabyteQuestion, VAT_QUESTION, XSS_IMG } from "./support/hostile-text"

// `fiskai ask` under hostile questions, dates and profile files: it ends with 0 (an outcome was
// printed), 2 (bad usage, with a message naming the problem) or 3 (a clarification nobody could
// give, with the way to give it), never 1 with a stack trace, and it never lets the question's
// control characters reach the terminal.

const dir = mkdtempSync(join(tmpdir(), "fiskai-cli-hostile-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function profileFile(name: string, content: string | Buffer): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

function expectCleanExit(outcome: CliOutcome): void {
  expect([0, 2, 3]).toContain(outcome.code)
  expect(outcome.stderr).not.toMatch(STACK_FRAME)
  expect(outcome.stdout).not.toMatch(STACK_FRAME)
  if (outcome.code !== 0) expect(outcome.stderr.trim()).not.toBe("")
}

function jsonEvents(stdout: string): ReasoningEvent[] {
  return stdout
    .trim()
    .split("\n")
    .map((line) => ReasoningEvent.parse(JSON.parse(line)))
}

describe("fiskai ask with hostile questions", () => {
  it.each(Object.entries(HOSTILE_STRINGS))(
    "%s: exits cleanly and prints no raw control characters",
    async (_label, question) => {
      for (const tty of [false, true]) {
        const outcome = await runCliInProcess(["ask", question, "--clarify", "confirm", "--clarify", "confirm"], { tty })
        expectCleanExit(outcome)
        // On a TTY the stepper draws with its own escape codes; the question's never get through.
        if (tty) expect(outcome.stdout).not.toContain("\u001b]0;pwned")
        else expect(outcome.stdout).not.toMatch(RAW_CONTROL)
        expect(outcome.stderr).not.toMatch(RAW_CONTROL)
      }
    },
  )

  it("answers a 1 MB question given as 16 arguments (a shell passes at most 128 KiB in one), with one terminal event in --json", async () => {
    const question = megabyteQuestion()
    const pieces = Array.from({ length: 16 }, (_, i) => question.slice((i * question.length) / 16, ((i + 1) * question.length) / 16))
    const outcome = await runCliInProcess(["ask", ...pieces, "--json", "--clarify", "confirm", "--clarify", "confirm"])
    expectCleanExit(outcome)
    expect(outcome.code).toBe(0)
    const events = jsonEvents(outcome.stdout)
    expect(events.filter(isTerminal)).toHaveLength(1)
    expect(outcome.stdout.length).toBeLessThan(256 * 1024)
  })

  it("keeps --json output one valid event per line whatever the question holds", async () => {
    // "cancel" is offered by every clarification ("confirm" only by a confirmation, not by a topic
    // question, where it is a usage error), so every run reaches its terminal event.
    for (const label of ["C0 control characters", "terminal escape sequences", "lone surrogates", "HTML fragment"]) {
      const outcome = await runCliInProcess(["ask", HOSTILE_STRINGS[label] ?? "", "--json", "--clarify", "cancel"])
      expectCleanExit(outcome)
      expect(outcome.stdout).not.toMatch(RAW_CONTROL)
      expect(jsonEvents(outcome.stdout).filter(isTerminal), label).toHaveLength(1)
    }
  })

  it("says how to continue when a clarification is needed and nobody can answer", async () => {
    const outcome = await runCliInProcess(["ask", "PDV prag"])
    expectCleanExit(outcome)
    if (outcome.code === 3) expect(outcome.stderr).toContain("--clarify")
  })
})

describe("fiskai ask with absurd dates", () => {
  it.each(["31.02.2025", "2025-02-31", "2023-02-29", "9999-99-99", "2025-13-01", "2025-00-10", "25-01-01", "2025-1-1", "yesterday", "", "0x7e9-01-01"])(
    "--as-of %j is refused as bad usage naming the flag",
    async (value) => {
      const outcome = await runCliInProcess(["ask", VAT_QUESTION, "--as-of", value])
      expect(outcome.code).toBe(2)
      expect(outcome.stderr).toContain("--as-of")
      expect(outcome.stdout).toBe("")
    },
  )

  it.each(["0000-01-01", "1900-01-01", "9999-12-31"])("--as-of %s runs to one clear outcome", async (value) => {
    const outcome = await runCliInProcess(["ask", VAT_QUESTION, "--as-of", value, "--json", "--clarify", "confirm"])
    expectCleanExit(outcome)
    expect(outcome.code).toBe(0)
    const terminal = jsonEvents(outcome.stdout).filter(isTerminal)
    expect(terminal).toHaveLength(1)
    expect(terminal[0]?.stage === "ERROR" && terminal[0].data.code === "INTERNAL").toBe(false)
  })
})

describe("fiskai ask with a hostile profile file", () => {
  const cases: Array<[string, string | Buffer, string]> = [
    ["a string for a number", JSON.stringify({ counters: { revenueYtd: "65000" } }), "profile.counters.revenueYtd"],
    ["a number for an enum", JSON.stringify({ entity: { type: 5 } }), "profile.entity.type"],
    ["an unknown entity type", JSON.stringify({ entity: { type: "GMBH", vat: { status: "IN_VAT" }, location: { country: "HR" } } }), "profile.entity.type"],
    ["a negative revenue", JSON.stringify({ counters: { revenueYtd: -5 } }), "profile.counters.revenueYtd"],
    ["an absurd revenue", '{"counters":{"revenueYtd":1e300}}', "profile.counters.revenueYtd"],
    ["an overflowing revenue", '{"counters":{"revenueYtd":1e400}}', "profile.counters.revenueYtd"],
    ["a foreign country", JSON.stringify({ entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "DE" } } }), "profile.entity.location.country"],
    ["an extra key", JSON.stringify({ entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } }, admin: true }), "admin"],
    ["__proto__", '{"__proto__": {"polluted": true}}', "__proto__"],
    ["constructor.prototype", '{"constructor": {"prototype": {"polluted": true}}}', "constructor"],
    ["an array", "[1, 2, 3]", "profile"],
    ["null", "null", "profile"],
    ["a string", '"DOO"', "profile"],
    ["deep nesting", `${"[".repeat(5000)}${"]".repeat(5000)}`, "profile"],
    ["broken JSON", '{"entity": ', "--profile"],
    ["an empty file", "", "--profile"],
    ["a huge string", JSON.stringify({ entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR", county: "x".repeat(1_000_000) } } }), "county"],
  ]

  it.each(cases)("%s: exit 2 with a message naming the problem", async (label, content, named) => {
    const path = profileFile(`${label.replace(/\W+/g, "-")}.json`, content)
    const outcome = await runCliInProcess(["ask", VAT_QUESTION, "--profile", path])
    expect(outcome.code).toBe(2)
    expect(outcome.stderr).toContain(named)
    expect(outcome.stderr).not.toMatch(STACK_FRAME)
    expect(outcome.stdout).toBe("")
    expect(Object.prototype).not.toHaveProperty("polluted")
  })

  it("refuses a missing file and a folder as a profile, naming the path", async () => {
    for (const path of [join(dir, "missing.json"), dir]) {
      const outcome = await runCliInProcess(["ask", VAT_QUESTION, "--profile", path])
      expect(outcome.code).toBe(2)
      expect(outcome.stderr).toContain(path)
    }
  })
})

describe("the fiskai process itself", () => {
  it("exits 2 with a message and no stack trace for a bad date, a bad profile and an unknown flag", { timeout: 120_000 }, async () => {
    const badProfile = profileFile("process-bad.json", JSON.stringify({ counters: { revenueYtd: "a lot" } }))
    const outcomes = await Promise.all([
      runCliProcess(["ask", VAT_QUESTION, "--as-of", "31.02.2025"]),
      runCliProcess(["ask", VAT_QUESTION, "--profile", badProfile]),
      runCliProcess(["ask", VAT_QUESTION, "--drop-table"]),
    ])
    for (const outcome of outcomes) {
      expect(outcome.code).toBe(2)
      expect(outcome.stderr.trim()).not.toBe("")
      expect(outcome.stderr).not.toMatch(STACK_FRAME)
    }
  })

  it("exits 0 with the markup of a hostile question kept as text in --json", { timeout: 120_000 }, async () => {
    const outcome = await runCliProcess(["ask", `${XSS_IMG} ${VAT_QUESTION}`, "--json", "--clarify", "confirm"])
    expect(outcome.code).toBe(0)
    expect(outcome.stderr).not.toMatch(STACK_FRAME)
    expect(jsonEvents(outcome.stdout).filter(isTerminal)).toHaveLength(1)
  })
})
