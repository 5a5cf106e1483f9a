import { describe, expect, it } from "vitest"
import type { RawLine } from "../../../src-main/export/verify/bundle-reader"
import { MAX_TRACE_BYTES, MAX_TRACE_EVENTS } from "../../../src-main/export/verify/limits"
import { eventGroups, type EventGroup } from "../../../src-main/export/verify/record-streams"

// events.jsonl grouped by trace with the verifier's caps: a trace past them is counted, not held,
// and the traces after it are grouped as usual.

async function groups(lines: Iterable<string | RawLine>): Promise<EventGroup[]> {
  async function* raw(): AsyncGenerator<RawLine> {
    let n = 0
    for (const line of lines) {
      n += 1
      yield typeof line === "string" ? { line: n, bytes: Buffer.byteLength(line), text: line } : { ...line, line: n }
    }
  }
  const out: EventGroup[] = []
  for await (const group of eventGroups(raw())) out.push(group)
  return out
}

const event = (requestId: string, seq: number, pad = "") => JSON.stringify({ pad, requestId, seq })

describe("eventGroups", () => {
  it("counts, without holding, a trace past MAX_TRACE_EVENTS; the next trace is grouped as usual", async () => {
    function* lines() {
      for (let seq = 0; seq < MAX_TRACE_EVENTS + 50; seq++) yield event("big", seq)
      yield event("next", 0)
      yield event("next", 1)
    }
    const [big, next, ...rest] = await groups(lines())
    expect(rest).toEqual([])
    expect(big).toMatchObject({ requestId: "big", line: 1, events: [], overflow: { lines: MAX_TRACE_EVENTS + 50 } })
    expect(next).toMatchObject({ requestId: "next", line: MAX_TRACE_EVENTS + 51, overflow: null })
    expect(next?.events.map((e) => e.seq)).toEqual([0, 1])
  })

  it("counts a trace past MAX_TRACE_BYTES", async () => {
    const pad = "p".repeat(256 * 1024)
    const count = Math.ceil(MAX_TRACE_BYTES / pad.length) + 2
    const [big] = await groups(Array.from({ length: count }, (_, seq) => event("big", seq, pad)))
    expect(big?.events).toEqual([])
    expect(big?.overflow?.lines).toBe(count)
  })

  it("marks a trace with an unreadable line; an unreadable first line names why its trace is unknown", async () => {
    const tooLong: RawLine = { line: 0, bytes: 5_000_000, text: null, problem: "the line is 4.8 MiB long, over the verifier's limit of 1 MiB a line: not read" }
    const [first, second] = await groups([tooLong, event("a", 0), tooLong, event("a", 1)])
    expect(first).toMatchObject({ requestId: null, unreadable: tooLong.problem })
    expect(second).toMatchObject({ requestId: "a", unreadableLine: { line: 3, message: tooLong.problem } })
    expect(second?.events.map((e) => e.seq)).toEqual([0, 1])
  })

  it("does not parse a line nested deeper than the limit", async () => {
    const [group] = await groups([event("a", 0), `${"[".repeat(100)}${"]".repeat(100)}`])
    expect(group?.unreadableLine).toEqual({ line: 2, message: "the line nests arrays or objects more than 64 deep: not read" })
  })
})
