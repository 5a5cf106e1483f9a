import { describe, expect, it } from "vitest"
import { ReasoningEvent } from "../../../../src-shared/events/event"
import { parseAskArgs, runAskCommand } from "../../../../src-main/cli/commands/ask"
import type { CliIo } from "../../../../src-main/cli/io"
import { main } from "../../../../src-main/cli/main"
import { SYNTHETIC_PACK_PATH } from "../../../fixtures/packs"

function fakeIo(options: { tty?: boolean; lines?: string[] } = {}) {
  const out: string[] = []
  const err: string[] = []
  const lines = [...(options.lines ?? [])]
  const io: CliIo = {
    stdout: { write: (t: string) => out.push(t), isTTY: false },
    stderr: { write: (t: string) => err.push(t) },
    stdin: { isTTY: options.tty ?? false },
    readLine: async () => lines.shift() ?? null,
    clock: () => new Date("2025-06-01T10:00:00Z"),
  }
  return { io, stdout: () => out.join(""), stderr: () => err.join("") }
}

const synthetic = ["--pack", SYNTHETIC_PACK_PATH, "--as-of", "2025-03-01"]

describe("parseAskArgs", () => {
  it("reads the question and every option", () => {
    const parsed = parseAskArgs([
      "Koji",
      "je",
      "prag?",
      "--as-of",
      "2024-01-31",
      "--locale",
      "en",
      "--clarify",
      "confirm",
      "--clarify",
      "cancel",
      "--json",
      "--request-id",
      "r1",
      "--db",
      "t.db",
    ])
    expect(parsed).toMatchObject({
      request: { requestId: "r1", question: "Koji je prag?", asOfDate: "2024-01-31", locale: "en" },
      clarifications: ["confirm", "cancel"],
      json: true,
      dbPath: "t.db",
    })
  })

  it("rejects bad values naming the flag", () => {
    expect(() => parseAskArgs(["q", "--as-of", "2025-02-30"])).toThrow(
      '--as-of: expected a real date as YYYY-MM-DD, got "2025-02-30"',
    )
    expect(() => parseAskArgs(["q", "--as-of", "1.1.2025"])).toThrow("--as-of")
    expect(() => parseAskArgs(["q", "--locale", "de"])).toThrow('--locale: expected one of hr|en, got "de"')
    expect(() => parseAskArgs([])).toThrow("missing the question")
    expect(() => parseAskArgs(["q", "--profile", "/nonexistent/profile.json"])).toThrow(
      "--profile /nonexistent/profile.json",
    )
  })
})

describe("runAskCommand", () => {
  it("returns 2 for usage errors", async () => {
    for (const args of [["q", "--as-of", "2025-13-01"], ["q", "--locale", "xx"], [], ["q", "--db", "x.db", "--no-db"]]) {
      const { io, stderr, stdout } = fakeIo()
      expect(await runAskCommand(args, io)).toBe(2)
      expect(stderr()).not.toBe("")
      expect(stdout()).toBe("")
    }
  })

  it("records through the store hook when one is wired", async () => {
    const { io } = fakeIo()
    const asked: string[] = []
    io.openStore = async () => ({
      ask: async (request, options) => {
        asked.push(`${request.question}|${options.requestId}`)
        for (const sink of options.sinks ?? [])
          sink.write(
            ReasoningEvent.parse({
              v: 1,
              id: "r_000",
              requestId: "r",
              seq: 0,
              ts: "t",
              stage: "REFUSAL",
              status: "complete",
              data: { reason: "OUT_OF_SCOPE", message: "m", nextSteps: [] },
            }),
          )
      },
      continueRun: async () => {
        throw new Error("no clarification was asked")
      },
      close: () => asked.push("closed"),
    })
    expect(await runAskCommand(["Koji je prag za PDV?", "--db", "t.db", "--request-id", "r"], io)).toBe(0)
    expect(asked).toEqual(["Koji je prag za PDV?|r", "closed"])
  })

  it("asks the clarification on a terminal: a number picks an option", async () => {
    const { io, stdout } = fakeIo({ tty: true, lines: ["1"] })
    expect(await runAskCommand(["Koliki je prirez?", ...synthetic], io)).toBe(0)
    expect(stdout()).toContain("? Pojašnjenje")
    expect(stdout()).toContain("1) Da, točno  [confirm]")
    expect(stdout()).toContain("ODBIJENO: Trebamo više podataka o vašem poslovanju")
    expect(stdout()).not.toContain("MISSING_CLIENT_DATA")
  })

  it("an empty answer on the terminal cancels", async () => {
    const { io, stdout } = fakeIo({ tty: true, lines: [""] })
    expect(await runAskCommand(["Koliki je prirez?", ...synthetic], io)).toBe(0)
    expect(stdout()).toContain("ODBIJENO: Molimo pojasnite vaše pitanje")
  })

  it("--help prints the usage; main lists the commands", async () => {
    const help = fakeIo()
    expect(await runAskCommand(["--help"], help.io)).toBe(0)
    expect(help.stdout()).toContain("usage: fiskai ask")
    const list = fakeIo()
    expect(await main(["help"], list.io)).toBe(0)
    expect(list.stdout()).toContain("ask")
    expect(await main([], fakeIo().io)).toBe(2)
  })
})
