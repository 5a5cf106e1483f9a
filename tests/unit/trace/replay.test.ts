import { describe, expect, test } from "vitest"
import { compareReplay, type ReplayCue } from "../../../src-main/trace/replay"

// The one compare loop of replay (trace/replay.ts), on plain event-shaped values: it compares
// canonical JSON without `ts`, names the first seq that differs and where, and reads the recorded
// answers and Stop from the stored events for the stream it is given.

interface Ev {
  seq: number
  ts: string
  stage: string
  status: string
  data?: Record<string, unknown>
}

const ev = (seq: number, stage: string, status: string, data?: Record<string, unknown>): Ev => ({
  seq,
  ts: `2026-01-01T00:00:0${seq}.000Z`,
  stage,
  status,
  ...(data === undefined ? {} : { data }),
})

const RUN: Ev[] = [
  ev(0, "QUESTION_INTAKE", "started"),
  ev(1, "QUESTION_INTAKE", "complete", { summary: "PDV" }),
  ev(2, "SOURCES", "complete", { sources: [{ name: "Zakon o PDV-u" }, { name: "Pravilnik" }] }),
  ev(3, "ANSWER", "complete", { headline: "Da" }),
]

async function* stream(events: readonly unknown[]): AsyncGenerator<unknown> {
  for (const event of events) yield event
}

/** The same events as replayed later: every `ts` differs. */
const replayedLater = (events: readonly Ev[]) => events.map((e) => ({ ...e, ts: "2027-06-30T12:00:00.000Z" }))

describe("compareReplay", () => {
  test("a replay yielding the stored events again (ts aside) agrees", async () => {
    expect(await compareReplay(stream(replayedLater(RUN)), RUN, true)).toBeNull()
  })

  test("a changed event is named by its seq and the JSON path where it differs", async () => {
    const changed = replayedLater(RUN)
    changed[2] = ev(2, "SOURCES", "complete", { sources: [{ name: "Zakon o PDV-u" }, { name: "Uredba" }] })
    expect(await compareReplay(stream(changed), RUN, true)).toEqual({
      seq: 2,
      reason: "event seq 2 (SOURCES complete) differs from the replay at data.sources[1].name",
    })
  })

  test("a stored event the replay does not reach has no counterpart", async () => {
    expect(await compareReplay(stream(RUN.slice(0, 3)), RUN, true)).toEqual({
      seq: 3,
      reason: "stored event seq 3 (ANSWER complete) has no counterpart in the replay",
    })
  })

  test("an event past the end of an ended trace is one the trace does not have; a suspended trace is a prefix", async () => {
    const longer = [...RUN, ev(4, "ERROR", "complete", { code: "INTERNAL" })]
    expect(await compareReplay(stream(longer), RUN, true)).toEqual({
      seq: 4,
      reason: "the replay yields event seq 4 (ERROR complete) that the trace does not have",
    })
    // A trace that did not end (suspended, interrupted): the replay goes on past it.
    expect(await compareReplay(stream(RUN), RUN.slice(0, 2), false)).toBeNull()
  })

  test("a CAPACITY or TIMEOUT terminal is circumstantial: the events before it are compared, not the error", async () => {
    const busy = [...RUN.slice(0, 3), ev(3, "ERROR", "complete", { code: "CAPACITY" })]
    // The replay, on a quieter machine, gets further: it agrees on everything before the error.
    expect(await compareReplay(stream(RUN), busy, true)).toBeNull()
    const timedOut = [...RUN.slice(0, 2), ev(2, "ERROR", "complete", { code: "TIMEOUT" })]
    expect(await compareReplay(stream(RUN), timedOut, true)).toBeNull()
    // What came before the error still has to replay.
    const edited = [ev(0, "QUESTION_INTAKE", "started"), ev(1, "QUESTION_INTAKE", "complete", { summary: "porez" }), busy[3]]
    expect(await compareReplay(stream(RUN), edited, true)).toMatchObject({ seq: 1, reason: expect.stringContaining("at data.summary") })
  })

  test("a stopped run: the stream is made knowing the Stop's seq and the recorded answers, and must stop there", async () => {
    const answered = ev(1, "CLARIFICATION", "complete", { answer: "2024-06-01" })
    const stopped = [RUN[0], answered, ev(2, "ERROR", "complete", { code: "CANCELLED" })]
    const cues: ReplayCue[] = []
    const replay = (cue: ReplayCue) => {
      cues.push(cue)
      const stopAt = cue.stopAtSeq ?? Number.POSITIVE_INFINITY
      const events = [RUN[0], answered, RUN[2], RUN[3]]
      return stream([...events.slice(0, stopAt), ...(stopAt < events.length ? [ev(stopAt, "ERROR", "complete", { code: "CANCELLED" })] : [])])
    }
    expect(await compareReplay(replay, stopped, true)).toBeNull()
    expect(cues).toEqual([{ clarifications: ["2024-06-01"], stopAtSeq: 2 }])
    // A replay that does not honour the Stop runs on past it: the CANCELLED terminal differs.
    expect(await compareReplay(stream([RUN[0], answered, RUN[2], RUN[3]]), stopped, true)).toMatchObject({
      seq: 2,
      reason: expect.stringMatching(/^event seq 2 \(ERROR complete\) differs from the replay at data/),
    })
  })

  test("a replay that throws is a difference at the seq it reached", async () => {
    async function* failing(): AsyncGenerator<unknown> {
      yield RUN[0]
      throw new Error("the base did not reach RETRIEVAL")
    }
    expect(await compareReplay(failing(), RUN, true)).toEqual({
      seq: 1,
      reason: "the replay failed at seq 1: the base did not reach RETRIEVAL",
    })
  })

  test("it stops the replayed stream at the first difference", async () => {
    let closed = false
    async function* engine(): AsyncGenerator<unknown> {
      try {
        yield* replayedLater(RUN).map((e, i) => (i === 1 ? { ...e, status: "failed" } : e))
      } finally {
        closed = true
      }
    }
    expect(await compareReplay(engine(), RUN, true)).toMatchObject({ seq: 1 })
    expect(closed).toBe(true)
  })
})
