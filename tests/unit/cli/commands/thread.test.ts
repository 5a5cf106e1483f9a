import { describe, expect, test } from "vitest"
import type { ReasoningEvent } from "../../../../src-shared/events/event"
import type { Thread, ThreadDetail } from "../../../../src-shared/threads"
import type { CliIo } from "../../../../src-main/cli/io"
import { main, processIo } from "../../../../src-main/cli/main"
import { tempDbPath } from "../../store/fixtures"

// `fiskai thread …` through the CLI entry point on real database files with the real engine and
// pack: a thread opened, two turns asked (the second a follow-up of the first), shown, listed,
// searched, renamed and deleted; a turn that stops at a clarification exits 3 and is continued
// with `fiskai resume`; bad usage exits 2 with the reason, an unknown thread 1.

async function cli(...argv: string[]) {
  let out = ""
  let err = ""
  const io: CliIo = { ...processIo(), stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) }, stdin: { isTTY: false } }
  const code = await main(argv, io)
  return { code, out, err }
}

async function newThread(db: string, ...options: string[]): Promise<Thread> {
  const created = await cli("thread", "new", ...options, "--json", "--db", db)
  expect(created).toMatchObject({ code: 0, err: "" })
  return JSON.parse(created.out) as Thread
}

async function show(db: string, id: string): Promise<ThreadDetail> {
  const shown = await cli("thread", "show", id, "--json", "--db", db)
  expect(shown.code).toBe(0)
  return JSON.parse(shown.out) as ThreadDetail
}

describe("fiskai thread", () => {
  test("new, ask twice, show, list and search, rename, delete", { timeout: 60_000 }, async () => {
    const db = tempDbPath()
    const thread = await newThread(db, "--as-of", "2025-06-01")

    const first = await cli("thread", "ask", thread.id, "Koja je stopa PDV-a na kruh?", "--db", db)
    expect(first.code).toBe(0)
    expect(first.out).toContain("5 %")
    expect(first.out).toMatch(/Zapisano kao \S+, 1\. pitanje razgovora \(fiskai thread show/)

    const second = await cli("thread", "ask", thread.id, "A za 2023?", "--drop", "entity", "--json", "--db", db)
    expect(second.code).toBe(0)
    const events = second.out.trim().split("\n").map((line) => JSON.parse(line) as ReasoningEvent)
    expect(events.at(-1)?.status).toBe("complete")

    const detail = await show(db, thread.id)
    expect(detail.turns.map((t) => [t.seq, t.question, t.dropped])).toEqual([
      [1, "Koja je stopa PDV-a na kruh?", []],
      [2, "A za 2023?", ["entity"]],
    ])
    expect(detail.turns[1]?.requestId).toBe(events[0]?.requestId)

    const text = await cli("thread", "show", thread.id, "--db", db)
    expect(text.out).toContain("Koja je stopa PDV-a na kruh?  (")
    expect(text.out).toContain("2 pitanja")
    expect(text.out).toMatch(/1\. Koja je stopa PDV-a na kruh\?\n {3}→ ANSWER: .*5 %/)
    expect(text.out).toContain("uklonjeno: obveznik")
    // The follow-up as the engine read it, and the parts it took over from the first turn.
    expect(text.out).toMatch(/2\. A za 2023\?\n {3}pročitano kao: .*kruh.*2023.*\n {3}preuzeto: .*predmet „kruh“/)

    expect((await cli("thread", "list", "--search", "kruh", "--db", db)).out).toContain(thread.id)
    expect((await cli("thread", "list", "--search", "jahta", "--db", db)).out).toBe("Nema razgovora.\n")
    expect(await cli("thread", "rename", thread.id, "Kruh", "--db", db)).toMatchObject({ code: 0, out: "Razgovor je preimenovan: Kruh\n" })
    const listed = JSON.parse((await cli("thread", "list", "--json", "--db", db)).out) as Thread[]
    expect(listed.map((t) => [t.title, t.turnCount])).toEqual([["Kruh", 2]])

    const deleted = await cli("thread", "delete", thread.id, "--locale", "en", "--db", db)
    expect(deleted).toMatchObject({ code: 0 })
    expect(deleted.out).toContain("Thread deleted. Its runs (2) stay in the history")
    expect((await cli("traces", "show", detail.turns[1]?.requestId ?? "", "--db", db)).code).toBe(0)
    expect((await cli("thread", "show", thread.id, "--db", db))).toMatchObject({ code: 1, err: `fiskai thread: no thread ${thread.id}\n` })
  })

  test("a turn waiting for a clarification exits 3 and goes on with fiskai resume", { timeout: 60_000 }, async () => {
    const db = tempDbPath()
    const thread = await newThread(db)
    const waiting = await cli("thread", "ask", thread.id, "porez", "--db", db)
    expect(waiting.code).toBe(3)
    const requestId = /fiskai resume (\S+) --db/.exec(waiting.err)?.[1] ?? ""
    expect((await show(db, thread.id)).turns[0]).toMatchObject({ requestId, status: "awaiting_input" })
    const option = /\(([^|)\s]+)/.exec(waiting.err.split("\n")[1] ?? "")?.[1] ?? ""
    expect((await cli("resume", requestId, "--answer", option, "--db", db)).code).toBe(0)
    expect((await show(db, thread.id)).turns[0]).toMatchObject({ requestId, status: "complete" })
  })

  test("bad usage exits 2 with the reason; an unknown thread exits 1", async () => {
    const db = tempDbPath()
    expect(await cli("thread", "--db", db)).toMatchObject({ code: 2, err: expect.stringContaining("missing the subcommand") })
    expect(await cli("thread", "ask", "t1", "--db", db)).toMatchObject({ code: 2, err: expect.stringContaining("missing the question") })
    expect(await cli("thread", "ask", "t1", "x", "--drop", "colour", "--db", db)).toMatchObject({ code: 2, err: expect.stringContaining('--drop expects one of subject|attribute|date|entity, got "colour"') })
    expect(await cli("thread", "new", "--as-of", "2025-02-30", "--db", db)).toMatchObject({ code: 2, err: expect.stringContaining("--as-of") })
    expect(await cli("thread", "list", "--title", "x", "--db", db)).toMatchObject({ code: 2, err: expect.stringContaining("--title does not belong here") })
    expect(await cli("thread", "rename", "t1", "  ", "--db", db)).toMatchObject({ code: 2, err: expect.stringContaining("title is empty") })
    expect(await cli("thread", "list", "--db", db)).toMatchObject({ code: 1, err: expect.stringContaining("no trace database") })
    await newThread(db)
    expect(await cli("thread", "ask", "nope", "Koja je stopa PDV-a na kruh?", "--db", db)).toMatchObject({ code: 1, err: "fiskai thread: no thread nope\n" })
    expect(await cli("thread", "new", "--client", "c-none", "--db", db)).toMatchObject({ code: 1, err: "fiskai thread: no client c-none\n" })
  })
})
