import type { ProfileContext } from "../../../src-shared/context"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { realPack } from "../../fixtures/packs"
import { fixedClock } from "./helpers"

// One golden question run against the real pack, as both golden suites run them: up to its
// terminal, or up to its first clarification when the case supplies no answers.

export interface GoldenRun {
  question: string
  asOf?: string
  profile?: ProfileContext
  clarify?: string[]
}

export async function goldenEvents(c: GoldenRun, clockIso: string): Promise<ReasoningEvent[]> {
  const generator = buildAnswerWithReasoning(
    {
      requestId: "golden",
      question: c.question,
      ...(c.asOf ? { asOfDate: c.asOf } : {}),
      ...(c.profile ? { profile: c.profile } : {}),
    },
    { pack: realPack(), clock: fixedClock(clockIso), ...(c.clarify ? { clarifications: c.clarify } : {}) },
  )
  const events: ReasoningEvent[] = []
  for await (const event of generator) {
    events.push(event)
    if (event.status === "awaiting_input" && !c.clarify) break
  }
  return events
}
