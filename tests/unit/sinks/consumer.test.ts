import { describe, expect, test } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { consumeReasoning, PipelineEndedWithoutTerminalError } from "../../../src-main/sinks/consumer"
import type { ReasoningSink, SinkMode } from "../../../src-main/sinks/types"
import { fixturePack } from "../store/fixtures"
import { scriptedEngine } from "../store/scripted-engine"

const clock = () => new Date("2025-05-05T10:00:00.000Z")
const run = (question: string, clarifications: string[] = []) =>
  scriptedEngine({ requestId: "r1", question, asOfDate: "2025-05-05" }, { pack: fixturePack(), clock, clarifications })

/** Records what it was given and when it was flushed, in one shared timeline. */
function recordingSink(mode: SinkMode, log: string[], name = mode): ReasoningSink & { written: ReasoningEvent[] } {
  const written: ReasoningEvent[] = []
  return {
    mode,
    written,
    write(event) {
      written.push(event)
      log.push(`${name}:${event.stage}:${event.status}`)
    },
    async flush() {
      log.push(`${name}:flush`)
    },
  }
}

describe("consumeReasoning", () => {
  test("every sink sees every event in order, and all are flushed once at the terminal, which is returned", async () => {
    const log: string[] = []
    const a = recordingSink("nonBlocking", log)
    const b = recordingSink("buffered", log)
    const terminal = await consumeReasoning(run("fixture"), [a, b])
    expect(terminal).toMatchObject({ stage: "ANSWER", status: "complete" })
    expect(a.written.map((e) => e.seq)).toEqual(a.written.map((_, i) => i))
    expect(b.written).toEqual(a.written)
    expect(log.filter((l) => l.endsWith("flush"))).toEqual(["nonBlocking:flush", "buffered:flush"])
    expect(log.slice(-2)).toEqual(["nonBlocking:flush", "buffered:flush"])
  })

  test("stops at awaiting_input after flushing, and returns that event", async () => {
    const log: string[] = []
    const sink = recordingSink("buffered", log)
    const event = await consumeReasoning(run("unclear fixture"), [sink])
    expect(event).toMatchObject({ stage: "CLARIFICATION", status: "awaiting_input" })
    expect(log.at(-1)).toBe("buffered:flush")
    expect(sink.written.at(-1)?.status).toBe("awaiting_input")
  })

  test("goes on past gates whose answers were given in advance, flushing at each", async () => {
    const log: string[] = []
    const sink = recordingSink("buffered", log)
    const terminal = await consumeReasoning(run("unclear fixture", ["yes"]), [sink], { answeredGates: 1 })
    expect(terminal.stage).toBe("ANSWER")
    const awaitingAt = log.indexOf("buffered:CLARIFICATION:awaiting_input")
    expect(log[awaitingAt + 1]).toBe("buffered:flush")
  })

  test("criticalAwait sinks are awaited for critical events before the next event is consumed", async () => {
    const log: string[] = []
    const critical: ReasoningSink = {
      mode: "criticalAwait",
      async write(event) {
        if (event.severity !== "critical") return
        await new Promise((resolve) => setTimeout(resolve, 5))
        log.push(`alert:${event.seq}`)
      },
    }
    const events = async function* (): AsyncGenerator<ReasoningEvent> {
      for await (const event of run("fixture")) {
        log.push(`yield:${event.seq}`)
        yield event.seq === 2 ? { ...event, severity: "critical" } : event
      }
    }
    await consumeReasoning(events(), [critical])
    expect(log.indexOf("alert:2")).toBe(log.indexOf("yield:2") + 1)
  })

  test("a failing nonBlocking sink does not stop the run; a failing buffered sink does", async () => {
    const errors: unknown[] = []
    const broken = (mode: SinkMode): ReasoningSink => ({
      mode,
      write() {
        throw new Error(`${mode} broke`)
      },
    })
    const ok = recordingSink("buffered", [])
    const terminal = await consumeReasoning(run("fixture"), [broken("nonBlocking"), ok], { onSinkError: (e) => errors.push(e) })
    expect(terminal.stage).toBe("ANSWER")
    expect(errors.length).toBe(ok.written.length)
    await expect(consumeReasoning(run("fixture"), [broken("buffered")])).rejects.toThrow("buffered broke")
  })

  test("a rejected buffered write surfaces at the flush", async () => {
    const sink: ReasoningSink = { mode: "buffered", write: (e) => (e.seq === 3 ? Promise.reject(new Error("disk full")) : undefined) }
    await expect(consumeReasoning(run("fixture"), [sink])).rejects.toThrow("disk full")
  })

  test("a generator that ends without a terminal event is an error, after the sinks are flushed", async () => {
    const log: string[] = []
    const truncated = async function* (): AsyncGenerator<ReasoningEvent> {
      for await (const event of run("fixture")) if (event.seq < 3) yield event
    }
    await expect(consumeReasoning(truncated(), [recordingSink("buffered", log)])).rejects.toThrow(PipelineEndedWithoutTerminalError)
    expect(log.at(-1)).toBe("buffered:flush")
  })
})
