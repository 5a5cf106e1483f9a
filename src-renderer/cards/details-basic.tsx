import type { EventOf } from "../reasoning/selectors"
import { knownAssumptionLabel } from "../../src-shared/assumptions"
import type { ClarificationPayload } from "../../src-shared/events/payloads"
import { useI18n } from "../i18n/i18n-context"
import { formatDate } from "../format/dates"
import { formatPercent } from "../format/duration"
import { capitalize, factLabel, flattenFacts, formatFactValue } from "../reasoning/explain"
import { FactList } from "../ui/FactList"

// Card bodies for the declarative stages: intake, context, clarification, retrieval.

export function IntakeDetail({ event }: { event: EventOf<"QUESTION_INTAKE", "complete"> }) {
  const { t, locale } = useI18n()
  const d = event.data
  return (
    <FactList
      testId="intake-facts"
      items={[
        [t("cards.intake.normalized"), d.normalizedQuestion],
        [
          t("cards.intake.language"),
          t(d.language === "hr" ? "settings.language.hr" : "settings.language.en"),
        ],
        [t("cards.intake.intent"), d.queryIntent],
        [t("cards.intake.keywords"), d.keywords.join(", ")],
        [t("cards.intake.confidence"), formatPercent(d.interpretationConfidence, locale)],
      ]}
    />
  )
}

export function ContextDetail({ event }: { event: EventOf<"CONTEXT_RESOLUTION", "complete"> }) {
  const { t, locale } = useI18n()
  const d = event.data
  const facts = flattenFacts(d.evaluationContext).filter(([path]) => path !== "asOf")
  const sourceText = (path: string) => {
    const source = d.factSources[path]
    return source ? ` (${t(`exclusion.source.${source}`)})` : ""
  }
  return (
    <>
      <FactList
        testId="context-facts"
        items={[
          [t("cards.context.jurisdiction"), d.jurisdiction],
          [t("cards.context.domain"), d.domain],
          [t("cards.context.tier"), t(`tier.${d.riskTier}`)],
          [t("cards.context.asOf"), formatDate(d.asOfDate, locale)],
          [t("cards.context.confidence"), formatPercent(d.confidence, locale)],
        ]}
      />
      {facts.length > 0 && (
        <section>
          <h5>{t("cards.context.facts")}</h5>
          <ul className="plain-list" data-testid="context-used-facts">
            {facts.map(([path, value]) => (
              <li key={path}>
                {capitalize(factLabel(path, locale))}: <strong>{formatFactValue(path, value, locale)}</strong>
                <span className="muted">{sourceText(path)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {d.userContextSnapshot.assumedDefaults.length > 0 && (
        <section>
          <h5>{t("cards.context.assumed")}</h5>
          <ul className="plain-list" data-testid="context-assumed">
            {d.userContextSnapshot.assumedDefaults.map((code) => (
              <AssumedDefault key={code} code={code} />
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/** An assumption in words, with the engine's code beside it for experts; an unknown code as it is. */
function AssumedDefault({ code }: { code: string }) {
  const { locale } = useI18n()
  const words = knownAssumptionLabel(code, locale)
  if (words === null)
    return (
      <li>
        <code>{code}</code>
      </li>
    )
  return (
    <li>
      {capitalize(words)} <code className="muted">{code}</code>
    </li>
  )
}

export function ClarificationDetail({
  asked,
  event,
}: {
  asked: ClarificationPayload | undefined
  event: EventOf<"CLARIFICATION", "complete">
}) {
  const { t } = useI18n()
  return (
    <FactList
      items={[
        [t("cards.clarification.asked"), asked?.question ?? ""],
        [t("cards.clarification.answered"), event.data.answer],
      ]}
    />
  )
}

export function RetrievalDetail({ event }: { event: EventOf<"RETRIEVAL", "complete"> }) {
  const { t, locale } = useI18n()
  const d = event.data
  return (
    <>
      <p>{t("cards.retrieval.rules", { count: d.rulesRetrieved })}</p>
      {d.concepts.length > 0 && (
        <section>
          <h5>{t("cards.retrieval.concepts")}</h5>
          <ul className="plain-list" data-testid="retrieval-concepts">
            {d.concepts.map((c) => (
              <li key={c.slug}>
                <strong>{locale === "hr" ? c.nameHr : c.nameEn}</strong>{" "}
                <span className="muted">
                  {t("cards.retrieval.matchedBy", { words: c.matchedBy.join(", ") })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
