import type { Locale } from "../../../src-shared/events/stages"
import { useI18n } from "../../i18n/i18n-context"

// "Answer in Croatian" on an English screen (and "Odgovor na engleskom" on a Croatian one): the
// engine answers in the question's language, with that language's numbers and dates, while the
// window's own words and the values it formats follow the UI language. Said once, at the top.

export function AnswerLanguageNote({ language }: { language: Locale }) {
  const { t, locale } = useI18n()
  if (language === locale) return null
  return (
    <p className="answer-language" data-testid="answer-language" data-language={language}>
      {t(language === "hr" ? "answer.language.hr" : "answer.language.en")}
    </p>
  )
}
