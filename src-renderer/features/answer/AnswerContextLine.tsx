import { formatDate } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import type { AnswerContext } from "./answer-context"

// "Klijent: Obrt Ana · Stanje na dan 1. 7. 2025." at the top of the answer card: whom the answer
// is for and the day the rules were applied on, so a printed or pasted answer still says both.

export function AnswerContextLine({ context }: { context: AnswerContext }) {
  const { t, locale } = useI18n()
  if (context.client === null && context.asOfDate === null) return null
  return (
    <p className="answer-context" data-testid="answer-context">
      <span
        className={context.client ? "answer-client" : "answer-client is-none"}
        data-testid="answer-client"
        data-client-id={context.client?.id ?? ""}
      >
        {context.client ? t("answer.client", { name: context.client.name }) : t("answer.noClient")}
      </span>
      {context.asOfDate !== null && (
        <span className="answer-asof" data-testid="answer-asof">
          {t("answer.asOf", { date: formatDate(context.asOfDate, locale) })}
        </span>
      )}
    </p>
  )
}
