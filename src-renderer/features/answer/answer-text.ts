import { answerInLocale } from "../../../src-shared/answer-paper"
import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"

// The answer in the run's language: English when the run produced one and the UI is English,
// otherwise the Croatian answer (always present). The same rule as the answer on paper.

export function answerText(
  payload: Pick<FinalAnswerPayload, "answerHr" | "answerEn">,
  uiLocale: Locale,
): string {
  return answerInLocale(payload, uiLocale)
}
