import { answerShown } from "../../../src-shared/answer-paper"
import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"

// The answer in the run's language: English when the run produced one and the UI is English,
// otherwise the Croatian answer (always present); a comparison's head line alone, as its
// differences follow as a table. The same rule as the answer on paper.

export function answerText(
  payload: Pick<FinalAnswerPayload, "answerHr" | "answerEn" | "documentDifferences">,
  uiLocale: Locale,
): string {
  return answerShown(payload, uiLocale)
}
