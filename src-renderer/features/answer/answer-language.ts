import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { Locale } from "../../../src-shared/events/stages"
import { findEvent } from "../../reasoning/selectors"

// The language the engine wrote a run in (its answer, refusal, summaries): the reply language the
// context stage settled, else the question's language, else the stored run's. The window's own
// words follow the UI language; the engine's text stays in this one (issue 23: one format per
// locale, and the answer labelled with its language when the two differ).

export function runLanguageOf(events: readonly ReasoningEvent[], storedLocale?: Locale): Locale | undefined {
  return (
    findEvent(events, "CONTEXT_RESOLUTION", "complete")?.data.language ??
    findEvent(events, "QUESTION_INTAKE", "complete")?.data.language ??
    storedLocale
  )
}
