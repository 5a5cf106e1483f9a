import type { ExclusionWords, ListDiff, RuleDiff } from "../../../src-shared/whatif"
import type { MessageKey } from "../../i18n/catalog"
import { useI18n } from "../../i18n/i18n-context"

// The comparison's lists: rules that entered (+), left (−) or changed their exclusion reason (~),
// each with why, in the UI's language; and the answer's obligations, thresholds and deadlines that
// were removed (−) or added (+), named as such for screen readers too.

/** The exclusion in the UI's language; the run's own words for diffs saved without both. */
function reasonOf(
  words: ExclusionWords | null | undefined,
  stored: RuleDiff["exclusionAfter"],
  locale: "hr" | "en",
) {
  if (words) return { actual: words.actual[locale], expected: words.expected[locale] }
  return stored ? { actual: stored.actual, expected: stored.expected } : null
}

export function RuleList({
  title,
  rules,
  testId,
  sign,
}: {
  title: string
  rules: readonly RuleDiff[]
  testId: string
  sign: string
}) {
  const { t, locale } = useI18n()
  if (rules.length === 0) return null
  return (
    <div className="whatif-rules" data-testid={testId}>
      <h5>{title}</h5>
      <ul className="plain-list">
        {rules.map((r) => {
          const after = reasonOf(r.wordsAfter, r.exclusionAfter, locale)
          const before = reasonOf(r.wordsBefore, r.exclusionBefore, locale)
          return (
            <li key={r.ruleId}>
              {/* The rule's title is what a reader needs; its id stays in the tooltip for an auditor. */}
              <span aria-hidden="true">{sign}</span> <span title={r.ruleId}>{r.title[locale]}</span>
              {after && <div className="muted">{t("whatif.compare.because", after)}</div>}
              {!after && before && sign === "+" && (
                <div className="muted">{t("whatif.compare.because", before)} → ✓</div>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

export function ListChanges({ title, list, testId }: { title: MessageKey; list: ListDiff; testId: string }) {
  const { t } = useI18n()
  if (list.added.length + list.removed.length === 0) return null
  return (
    <div className="whatif-list-diff" data-testid={testId}>
      <h5>{t(title)}</h5>
      <ul className="plain-list">
        {list.removed.map((item) => (
          <li key={`-${item}`} className="is-removed" data-change="removed">
            <span aria-hidden="true">− </span>
            <span className="sr-only">{t("whatif.compare.removed")}: </span>
            {item}
          </li>
        ))}
        {list.added.map((item) => (
          <li key={`+${item}`} className="is-added" data-change="added">
            <span aria-hidden="true">+ </span>
            <span className="sr-only">{t("whatif.compare.added")}: </span>
            {item}
          </li>
        ))}
      </ul>
    </div>
  )
}
