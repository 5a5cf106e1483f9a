import { describe, expect, it } from "vitest"
import type { ReasoningEvent, TerminalPayload } from "../../../src-shared/events/event"
import { Run } from "../../../src-main/engine/run"
import { awaitIn, driveRun, type RunBody } from "../../../src-main/engine/run-driver"
import { syntheticPack } from "../../fixtures/packs"
import { fixedClock } from "./helpers"

// The run's one asynchronous level (run-driver.ts): a plain-generator body's events reach the
// consumer in order, work it hands over (a clarification's answer) is awaited and its result
// handed back, a failure there reaches the body where it waited, and a consumer that stops
// iterating ends the body so its clean-up runs.

const run = () => new Run("req_driver", { pack: syntheticPack(), clock: fixedClock() }, "en")
const progress = (r: Run, message: string): ReasoningEvent =>
  r.emit({ stage: "SOURCES", status: "progress", message, progress: { current: 1, total: 1 }, data: { source: { id: "s", name: message, authority: "LAW", evidenceCount: 1, latestFetchedAt: "2025-01-01" } } })
const answerLater = async function* (r: Run, answer: string): AsyncGenerator<ReasoningEvent, string> {
  yield progress(r, "asked")
  await new Promise((resolve) => setTimeout(resolve, 5))
  return answer
}
const refusal: TerminalPayload = { outcome: "ERROR", code: "INTERNAL", message: "failed", correlationId: "req_driver", retriable: false }

async function drain(generator: AsyncGenerator<ReasoningEvent, TerminalPayload>) {
  const messages: string[] = []
  for (;;) {
    const step = await generator.next()
    if (step.done) return { messages, terminal: step.value }
    messages.push(step.value.message ?? "")
  }
}

describe("driveRun", () => {
  it("passes the body's events on in order, awaits handed-over work and returns the terminal", async () => {
    const r = run()
    function* body(): RunBody {
      yield progress(r, "one")
      const answer = yield* awaitIn(answerLater(r, "two"))
      yield progress(r, answer)
      return refusal
    }
    const { messages, terminal } = await drain(driveRun(body()))
    expect(messages).toEqual(["one", "asked", "two"])
    expect(terminal).toEqual(refusal)
  })

  it("throws a failure of handed-over work into the body where it waited", async () => {
    const r = run()
    // eslint-disable-next-line require-yield -- fails before it has anything to say
    const failing = async function* (): AsyncGenerator<ReasoningEvent, string> {
      throw new Error("clarify failed")
    }
    function* body(): RunBody {
      try {
        yield* awaitIn(failing())
      } catch (error) {
        yield progress(r, `caught ${(error as Error).message}`)
      }
      return refusal
    }
    expect((await drain(driveRun(body()))).messages).toEqual(["caught clarify failed"])
  })

  it("ends the body when the consumer stops, during its own events or while work is awaited", async () => {
    for (const stopAfter of ["one", "asked"]) {
      const r = run()
      const cleanedUp: string[] = []
      function* body(): RunBody {
        try {
          yield progress(r, "one")
          yield* awaitIn(answerLater(r, "two"))
          yield progress(r, "never")
          return refusal
        } finally {
          cleanedUp.push("released")
        }
      }
      const seen: string[] = []
      for await (const event of driveRun(body())) {
        seen.push(event.message ?? "")
        if (event.message === stopAfter) break
      }
      expect(seen.includes("never")).toBe(false)
      expect(cleanedUp, stopAfter).toEqual(["released"])
    }
  })
})
