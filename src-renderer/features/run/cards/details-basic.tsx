import type { EventOf } from "../../../reasoning/selectors"
import { assumptionPath, knownAssumptionLabel } from "../../../../src-shared/assumptions"
import { useI18n } from "../../../i18n/i18n-context"
import type { AsOfDates, ClarificationRound } from "../../../reasoning/clarifications"
import { formatDate } from "../../../format/dates"
import { formatScore } from "../../../../src-shared/format/numbers"
import { capitalize, factLabel, flattenFacts, formatFactValue } from "../../../reasoning/explain"
import { FactList } from "../../../ui/FactList"
import { isMessageKey, type Translate } from "../../../i18n/translate"
import type { FocusSubject } from "../../../../src-shared/events/payloads"
import type { Locale } from "../../../../src-shared/events/stages"

// Card bodies for the declarative stages: intake, context, clarification, retrieval.

export function IntakeDetail({ event }: { event: EventOf<"QUESTION_INTAKE", "complete"> }) {
  const { t, locale } = useI18n()
  const d = event.data
  const subjects = (d.focus?.subjects ?? []).map((s) => (locale === "hr" ? s.nameHr : s.nameEn))
  if (d.focus?.unknownSubject) subjects.push(`„${d.focus.unknownSubject}”`)
  const attribute = d.focus?.attribute
  return (
    <FactList
      testId="intake-facts"
      items={[
        [t("cards.intake.normalized"), d.normalizedQuestion],
        [
          t("cards.intake.language"),
          t(d.language === "hr" ? "settings.language.hr" : "settings.language.en"),
        ],
        // The intent in words, never the interpreter's code ("THRESHOLD").
        [t("cards.intake.intent"), <span data-testid="intake-intent">{capitalize(t(`intent.${d.queryIntent}`))}</span>],
        ...focusItems(subjects, attribute === undefined ? null : capitalize(t(`focus.attribute.${attribute}`)), t),
        [t("cards.intake.keywords"), d.keywords.join(", ")],
        [t("cards.intake.confidence"), formatScore(d.interpretationConfidence, locale)],
      ]}
    />
  )
}

/** The question's focus (issue 17) as rows: its subjects by name and the asked attribute in words. */
function focusItems(subjects: readonly string[], attribute: string | null, t: Translate): Array<[string, string]> {
  const items: Array<[string, string]> = []
  if (subjects.length > 0) items.push([t("cards.intake.subjects"), subjects.join(", ")])
  if (attribute !== null) items.push([t("cards.intake.attribute"), attribute])
  return items
}

export function ContextDetail({
  event,
  asOf,
}: {
  event: EventOf<"CONTEXT_RESOLUTION", "complete">
  /** The run's dates; when a clarification set the date, it is shown beside the resolved one. */
  asOf?: AsOfDates | null
}) {
  const { t, locale } = useI18n()
  const d = event.data
  const facts = flattenFacts(d.evaluationContext).filter(([path]) => path !== "asOf")
  // A date the user gave in a clarification replaced any assumption about it (as in the engine).
  const assumed = asOf?.fromClarification
    ? d.userContextSnapshot.assumedDefaults.filter((code) => assumptionPath(code) !== "asOf")
    : d.userContextSnapshot.assumedDefaults
  const asOfText = !asOf?.fromClarification
    ? formatDate(d.asOfDate, locale)
    : asOf.used === d.asOfDate
      ? t("cards.context.asOfConfirmed", { date: formatDate(asOf.used, locale) })
      : t("cards.context.asOfClarified", {
          resolved: formatDate(d.asOfDate, locale),
          used: formatDate(asOf.used, locale),
        })
  const sourceText = (path: string) => {
    const source = d.factSources[path]
    return source ? ` (${t(`exclusion.source.${source}`)})` : ""
  }
  return (
    <>
      <FactList
        testId="context-facts"
        items={[
          [t("cards.context.jurisdiction"), t(`jurisdiction.${d.jurisdiction}`)],
          [t("cards.context.domain"), t(`domain.${d.domain}`)],
          [t("cards.context.tier"), t(`tier.${d.riskTier}`)],
          [t("cards.context.asOf"), <span data-testid="context-as-of">{asOfText}</span>],
          [t("cards.context.confidence"), formatScore(d.confidence, locale)],
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
      {assumed.length > 0 && (
        <section>
          <h5>{t("cards.context.assumed")}</h5>
          <ul className="plain-list" data-testid="context-assumed">
            {assumed.map((code) => (
              <AssumedDefault key={code} code={code} />
            ))}
          </ul>
        </section>
      )}
    </>
  )
}

/**
 * An assumption in words; the engine's code is the tooltip for experts (shown beside the words it
 * put an ISO date next to a Croatian one: "(26. 11. 2026.) asOf = today (2026-11-26)"). A code
 * with no words is shown as it is.
 */
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
    <li title={code} data-code={code}>
      {capitalize(words)}
    </li>
  )
}

/** The questions the run asked and the answers given, one round after another. */
export function ClarificationDetail({ rounds }: { rounds: readonly ClarificationRound[] }) {
  const { t } = useI18n()
  const facts = (round: ClarificationRound) => (
    <FactList
      testId="clarification-round"
      items={[
        [t("cards.clarification.asked"), round.asked.question],
        [t("cards.clarification.answered"), round.answerText ?? ""],
      ]}
    />
  )
  const [only] = rounds
  if (rounds.length === 1 && only) return facts(only)
  return (
    <ol className="plain-list clarification-rounds">
      {rounds.map((round) => (
        <li key={round.seq}>{facts(round)}</li>
      ))}
    </ol>
  )
}

/**
 * What matched a concept, in words: the question's focus reaches the matcher as terms
 * "subject:<id>" and "attribute:<value>" (engine/focus-matching.ts), shown here by the subject's
 * name and the attribute's words, never as those codes.
 */
export function matchedWords(
  matchedBy: readonly string[],
  subjects: readonly FocusSubject[],
  t: Translate,
  locale: Locale,
): string[] {
  const words = matchedBy.flatMap((term) => {
    if (term.startsWith("subject:")) {
      const subject = subjects.find((s) => s.id === term.slice("subject:".length))
      return subject ? [locale === "hr" ? subject.nameHr : subject.nameEn] : []
    }
    if (term.startsWith("attribute:")) {
      const key = `focus.attribute.${term.slice("attribute:".length)}`
      return isMessageKey(key) ? [t(key)] : []
    }
    return [term]
  })
  return [...new Set(words)]
}

export function RetrievalDetail({
  event,
  focusSubjects = [],
}: {
  event: EventOf<"RETRIEVAL", "complete">
  /** The subjects the question named (intake's focus), to name a subject that matched. */
  focusSubjects?: readonly FocusSubject[]
}) {
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
                  {t("cards.retrieval.matchedBy", { words: matchedWords(c.matchedBy, focusSubjects, t, locale).join(", ") })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  )
}
