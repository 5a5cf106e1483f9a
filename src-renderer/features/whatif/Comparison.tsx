import type { ListDiff, RuleDiff, WhatIfDiff } from "../../../src-shared/whatif"
import { OutcomeBadge } from "../../ui/badges"
import type { MessageKey } from "../../i18n/catalog"
import { useI18n } from "../../i18n/i18n-context"

// A diff shown side by side: the sentence, the outcome of each side, the facts that differ, the
// rules that entered or left (with the exclusion reason), confidence, the answers' obligations,
// thresholds and deadlines, and the two answers. The hypothetical side is always marked.

export interface ComparisonProps {
  diff: WhatIfDiff
  /** Column titles; default "Original" / "Hypothetical". */
  leftTitle?: string
  rightTitle?: string
  testId?: string
}

export function Comparison({ diff, leftTitle, rightTitle, testId = "whatif-comparison" }: ComparisonProps) {
  const { t, locale } = useI18n()
  const sides = [
    { side: diff.base, title: leftTitle ?? t("whatif.compare.original"), key: "base" },
    { side: diff.other, title: rightTitle ?? t("whatif.compare.other"), key: "other" },
  ] as const
  const delta = diff.confidence.delta
  return (
    <section
      className="whatif-comparison"
      aria-label={t("whatif.compare.title")}
      data-testid={testId}
      data-changed={diff.changed}
    >
      <p className="whatif-sentence" data-testid="whatif-sentence">
        {diff.sentence[locale]}
      </p>
      <div className="whatif-columns">
        {sides.map(({ side, title, key }) => (
          <article
            key={key}
            className={`whatif-side${side.hypothetical ? " is-hypothetical" : ""}`}
            data-testid={`whatif-side-${key}`}
          >
            <header className="whatif-side-head">
              <h4>{title}</h4>
              {side.hypothetical && (
                <span className="badge badge-hypothetical">{t("whatif.banner.hypothetical")}</span>
              )}
              {side.outcome && <OutcomeBadge outcome={side.outcome} />}
            </header>
            <p className="whatif-headline" data-testid={`whatif-headline-${key}`}>
              {side.headline}
            </p>
            <p className="whatif-answer" data-testid={`whatif-answer-${key}`}>
              {side.answerText}
            </p>
            {side.confidence !== null && (
              <p className="muted">
                {t("whatif.compare.confidence")}: {side.confidence.toFixed(2)}
              </p>
            )}
          </article>
        ))}
      </div>
      <dl className="whatif-facts">
        <dt>{t("whatif.compare.outcome")}</dt>
        <dd data-testid="whatif-outcome-change">
          {diff.outcomeChanged
            ? `${diff.base.outcome ?? "—"} → ${diff.other.outcome ?? "—"}`
            : t("whatif.compare.outcomeSame")}
        </dd>
        {delta !== null && (
          <>
            <dt>{t("whatif.compare.confidence")}</dt>
            <dd data-testid="whatif-confidence-delta">
              {diff.confidence.before?.toFixed(2)} → {diff.confidence.after?.toFixed(2)} (
              {delta > 0 ? "+" : ""}
              {delta.toFixed(2)})
            </dd>
          </>
        )}
        {diff.facts.length > 0 && (
          <>
            <dt>{t("whatif.compare.facts")}</dt>
            <dd>
              <ul className="plain-list" data-testid="whatif-fact-changes">
                {diff.facts.map((f) => (
                  <li key={f.path}>
                    {f.label[locale]}: {f.beforeText[locale]} → <strong>{f.afterText[locale]}</strong>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <RuleList
        title={t("whatif.compare.entered")}
        rules={diff.rules.entered}
        testId="whatif-rules-entered"
        sign="+"
      />
      <RuleList
        title={t("whatif.compare.leftRules")}
        rules={diff.rules.left}
        testId="whatif-rules-left"
        sign="−"
      />
      <RuleList
        title={t("whatif.compare.reasonChanged")}
        rules={diff.rules.reasonChanged}
        testId="whatif-rules-reason"
        sign="~"
      />
      {diff.rules.entered.length + diff.rules.left.length === 0 && (
        <p className="muted">{t("whatif.compare.noRuleChanges")}</p>
      )}
      <ListChanges title="whatif.compare.obligations" list={diff.answer.obligations} />
      <ListChanges title="whatif.compare.thresholds" list={diff.answer.thresholds} />
      <ListChanges title="whatif.compare.deadlines" list={diff.answer.deadlines} />
      {diff.conflicts.appeared.length + diff.conflicts.disappeared.length > 0 && (
        <p data-testid="whatif-conflicts">
          {t("whatif.compare.conflicts")}:{" "}
          {t("whatif.compare.conflictsAppeared", { n: diff.conflicts.appeared.length })} ·{" "}
          {t("whatif.compare.conflictsGone", { n: diff.conflicts.disappeared.length })}
        </p>
      )}
    </section>
  )
}

function RuleList({
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
          const exclusion = r.exclusionAfter ?? r.exclusionBefore
          return (
            <li key={r.ruleId}>
              <span aria-hidden="true">{sign}</span> {r.title[locale]} <code>{r.ruleId}</code>
              {r.exclusionAfter && (
                <div className="muted">
                  {t("whatif.compare.because", {
                    actual: r.exclusionAfter.actual,
                    expected: r.exclusionAfter.expected,
                  })}
                </div>
              )}
              {!r.exclusionAfter && exclusion && sign === "+" && (
                <div className="muted">
                  {t("whatif.compare.because", { actual: exclusion.actual, expected: exclusion.expected })} →
                  ✓
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function ListChanges({ title, list }: { title: MessageKey; list: ListDiff }) {
  const { t } = useI18n()
  if (list.added.length + list.removed.length === 0) return null
  return (
    <div className="whatif-list-diff">
      <h5>{t(title)}</h5>
      <ul className="plain-list">
        {list.removed.map((item) => (
          <li key={`-${item}`} className="is-removed">
            − {item}
          </li>
        ))}
        {list.added.map((item) => (
          <li key={`+${item}`} className="is-added">
            + {item}
          </li>
        ))}
      </ul>
    </div>
  )
}
