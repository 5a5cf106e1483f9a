import Database from "better-sqlite3"
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import { AuditSink, type AuditSinkOptions } from "../../../src-main/sinks/audit-sink"
import { TraceWriter, type NewTrace } from "../../../src-main/store/trace-writer"
import { fixturePack, openTestStore } from "../store/fixtures"
import { scriptedEngine } from "../store/scripted-engine"

// What another reader of the database (the history screen, a second process) sees while a run is
// being written: committed batches only.

const TRACE: NewTrace = { requestId: "a1", createdAt: "2025-05-05T10:00:00.000Z", question: "fixture", asOfDate: "2025-05-05", requestJson: "{}", clientId: null, counterfactualOf: null, locale: null, pack: fixturePack() }

function setup(options: AuditSinkOptions = {}) {
  const store = openTestStore()
  const pack = TRACE.pack
  const sink = new AuditSink(new TraceWriter(store), TRACE, undefined, options)
  const reader = new Database(store.path, { readonly: true })
  // The trace's status and how many of its events are stored.
  const visible = () => {
    const row = reader.prepare("SELECT status, (SELECT count(*) FROM events WHERE request_id = 'a1') AS n FROM traces WHERE request_id = 'a1'").get() as
      | { status: string; n: number }
      | undefined
    return row === undefined ? null : `${row.status}/${row.n}`
  }
  // The chain position the trace row records (brought up to date when the run ends or suspends).
  const settled = () => reader.prepare("SELECT event_count AS n, chain_head AS head FROM traces WHERE request_id = 'a1'").get() as { n: number; head: string | null }
  const lastHash = () => (reader.prepare("SELECT hash FROM events WHERE request_id = 'a1' ORDER BY seq DESC LIMIT 1").pluck().get() as string | undefined) ?? null
  const events = async (question: string, clarifications: string[] = []) => {
    const out: ReasoningEvent[] = []
    for await (const e of scriptedEngine({ requestId: "a1", question, asOfDate: "2025-05-05" }, { pack, clock: () => new Date("2025-05-05T10:00:00.000Z"), clarifications })) out.push(e)
    return out
  }
  return { store, sink, visible, settled, lastHash, events, close: () => reader.close() }
}

describe("AuditSink", () => {
  test("creates the trace at the first stage boundary and commits at every stage boundary and the terminal", async () => {
    const { sink, visible, settled, lastHash, events, close } = setup()
    const seen: (string | null)[] = []
    const counts: number[] = []
    for (const event of await events("fixture")) {
      sink.write(event)
      seen.push(visible())
      counts.push(settled()?.n ?? -1)
    }
    // 0 intake started (buffered); 1 intake complete -> row created; 2 context started (buffered);
    // 3 context complete; 4 sources started, 5 progress (buffered), 6 sources complete; ... terminal -> complete.
    expect(seen.slice(0, 7)).toEqual([null, "running/2", "running/2", "running/4", "running/4", "running/4", "running/7"])
    expect(seen.at(-1)).toBe(`complete/${seen.length}`)
    // Stage boundaries only append events; the terminal settles the row on the last of them.
    expect(counts.slice(1, -1).every((n) => n === 0)).toBe(true)
    expect(settled()).toEqual({ n: seen.length, head: lastHash() })
    close()
  })

  test("open() shows the run as running before its first event; the first batch then only appends", async () => {
    const { sink, visible, settled, events, close } = setup()
    sink.open()
    expect(visible()).toBe("running/0")
    expect(settled()).toEqual({ n: 0, head: null })
    const all = await events("fixture")
    for (const event of all) sink.write(event)
    expect(visible()).toBe(`complete/${all.length}`)
    close()
  })

  test("a failed open() loses nothing: the first batch tries again and reports the failure", async () => {
    const { store, sink, events, close } = setup()
    // Another trace already holds the request id: the row cannot be created.
    const other = new AuditSink(new TraceWriter(store), { ...TRACE, question: "first" }, undefined)
    other.open()
    expect(() => sink.open()).not.toThrow()
    const [first, second] = await events("fixture")
    if (first === undefined || second === undefined) throw new Error("too few events")
    sink.write(first)
    expect(() => sink.write(second)).toThrow(/UNIQUE constraint failed: traces.request_id/)
    close()
  })

  test("commits at awaiting_input and records the run as suspended", async () => {
    const { sink, visible, settled, lastHash, events, close } = setup()
    const all = await events("unclear fixture")
    const awaitingAt = all.findIndex((e) => e.status === "awaiting_input")
    for (const event of all.slice(0, awaitingAt + 1)) sink.write(event)
    expect(visible()).toBe(`awaiting_input/${awaitingAt + 1}`)
    expect(settled()).toEqual({ n: awaitingAt + 1, head: lastHash() })
    close()
  })

  test("refuses an event out of sequence or of another run", async () => {
    const { sink, events, close } = setup()
    const all = await events("fixture")
    const [first, , third] = all
    if (first === undefined || third === undefined) throw new Error("too few events")
    sink.write(first)
    expect(() => sink.write(third)).toThrow(/out of order/)
    expect(() => sink.write({ ...first, requestId: "other", seq: 1 })).toThrow(/event of other/)
    close()
  })

  test("abort persists what was buffered and marks the trace interrupted", async () => {
    const { sink, visible, settled, lastHash, events, close } = setup()
    const all = await events("fixture")
    for (const event of all.slice(0, 5)) sink.write(event)
    expect(visible()).toBe("running/4")
    sink.abort()
    expect(visible()).toBe("interrupted/5")
    expect(settled()).toEqual({ n: 5, head: lastHash() })
    close()
  })

  test("boundaries that arrive together are committed together: a boundary waits while its next event is already at hand", async () => {
    const { sink, visible, events, close } = setup({ nextEventReady: () => true })
    const all = await events("fixture")
    const seen = all.map((event) => {
      sink.write(event)
      return visible()
    })
    // The engine was always ahead: nothing waited on it, so the terminal's commit took every event.
    expect(seen.slice(0, -1).every((state) => state === null)).toBe(true)
    expect(seen.at(-1)).toBe(`complete/${all.length}`)
    close()
  })

  test("a waiting boundary is committed as soon as no next event is at hand, even in the middle of a stage", async () => {
    let ready = true
    const { sink, visible, events, close } = setup({ nextEventReady: () => ready })
    const [intakeStarted, intakeComplete, contextStarted] = await events("fixture")
    if (intakeStarted === undefined || intakeComplete?.status !== "complete" || contextStarted === undefined) throw new Error("unexpected fixture")
    sink.write(intakeStarted)
    sink.write(intakeComplete)
    expect(visible()).toBeNull()
    ready = false
    sink.write(contextStarted)
    // The boundary went in with the event that came with it, before the run waits on the engine.
    expect(visible()).toBe("running/3")
    close()
  })

  test("whatever the engine has ready when, no boundary is ever left uncommitted while the run waits, and every event is stored once, in order", async () => {
    const { events, close: done } = setup()
    const runs = [await events("fixture"), await events("unclear fixture", ["A"])]
    done()
    await fc.assert(
      // aheadAfter[i]: whether event i+1 was already at hand when event i was written.
      fc.asyncProperty(fc.constantFrom(...runs), fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), async (all, aheadAfter) => {
        let written = -1
        const { sink, visible, close } = setup({ nextEventReady: () => aheadAfter[written] ?? false })
        let lastBoundary = -1
        try {
          for (const [index, event] of all.entries()) {
            written = index
            sink.write(event)
            if (event.status === "complete" || event.status === "awaiting_input" || isTerminal(event)) lastBoundary = index
            const stored = Number(visible()?.split("/")[1] ?? 0)
            expect(stored).toBeLessThanOrEqual(index + 1)
            // The run now waits on the engine: every boundary so far must be in the store.
            if (aheadAfter[index] !== true) expect(stored).toBeGreaterThanOrEqual(lastBoundary + 1)
          }
          expect(visible()).toBe(`complete/${all.length}`)
        } finally {
          close()
        }
      }),
      { numRuns: 60 },
    )
  })
})
