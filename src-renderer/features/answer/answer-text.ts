import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"

// The answer in the run's language: English when the run produced one and the UI is English,
// otherwise the Croatian answer (always present).

export function answerText(
  payload: Pick<FinalAnswerPayload, "answerHr" | "answerEn">,
  uiLocale: Locale,
): string {
  // An empty English text means the headline said it all; the Croatian text is not a fallback.
  return uiLocale === "en" && payload.answerEn !== undefined ? payload.answerEn : payload.answerHr
}
