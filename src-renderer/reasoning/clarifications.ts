import type { ReasoningEvent } from "../../src-shared/events/event"
import type { ClarificationAnswerPayload, ClarificationPayload } from "../../src-shared/events/payloads"
import { findEvent } from "./selectors"

// Views over a run's clarification rounds. A run can ask more than once (the topic, then a date
// the question names that does not exist); each round is an awaiting_input event followed, once
// the user answered, by a complete event. A date round's answer is the run's date from then on.

export interface ClarificationRound {
  /** The seq of the question's event: stable across renders, a key for the round. */
  seq: number
  asked: ClarificationPayload
  /** The recorded answer; undefined while the run waits for it. */
  answer?: ClarificationAnswerPayload
  /** The answer in the words of the option chosen, else as given; undefined while waiting. */
  answerText?: string
}

/** The words of the option an answer chose (by value), else the answer as the user gave it. */
function answerWords(asked: ClarificationPayload, answer: string): string {
  return asked.options?.find((option) => option.value === answer)?.label ?? answer
}

/** Every round in order, each question with its answer once given. */
export function selectClarificationRounds(events: readonly ReasoningEvent[]): ClarificationRound[] {
  const rounds: ClarificationRound[] = []
  for (const event of events) {
    if (event.stage !== "CLARIFICATION") continue
    if (event.status === "awaiting_input") {
      rounds.push({ seq: event.seq, asked: event.data })
      continue
    }
    const open = rounds.at(-1)
    if (event.status === "complete" && open && open.answer === undefined) {
      open.answer = event.data
      open.answerText = answerWords(open.asked, event.data.answer)
    }
  }
  return rounds
}

export interface AsOfDates {
  /** The date CONTEXT_RESOLUTION resolved (a placeholder when it went on to ask about the date). */
  resolved: string
  /** The date the run evaluated on: the latest one a clarification set, else the resolved one. */
  used: string
  /** True when a clarification's answer set `used`. */
  fromClarification: boolean
}

/** The run's as-of date as resolved and as used; null before context resolution completed. */
export function selectAsOfDates(events: readonly ReasoningEvent[]): AsOfDates | null {
  const resolved = findEvent(events, "CONTEXT_RESOLUTION", "complete")?.data.asOfDate
  if (resolved === undefined) return null
  const clarified = selectClarificationRounds(events)
    .map((round) => round.answer?.asOfDate)
    .filter((date) => date !== undefined)
    .at(-1)
  return clarified === undefined
    ? { resolved, used: resolved, fromClarification: false }
    : { resolved, used: clarified, fromClarification: true }
}
