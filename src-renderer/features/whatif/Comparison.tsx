import type { DiffSide, WhatIfDiff } from "../../../src-shared/whatif"
import { formatScore, formatScoreDelta } from "../../../src-shared/format/numbers"
import { OutcomeBadge } from "../../ui/badges"
import { useI18n } from "../../i18n/i18n-context"
import { ConclusionBox } from "./ConclusionBox"
import { ListChanges, RuleList } from "./DiffLists"

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
      <ConclusionBox diff={diff} />
      <div className="whatif-columns">
        <SideColumn side={diff.base} title={leftTitle ?? t("whatif.compare.original")} sideKey="base" />
        <SideColumn side={diff.other} title={rightTitle ?? t("whatif.compare.other")} sideKey="other" />
      </div>
      <ChangedFacts diff={diff} />
      <RuleChanges diff={diff} />
      <ListChanges
        title="whatif.compare.obligations"
        list={diff.answer.obligations}
        testId="whatif-obligations"
      />
      <ListChanges
        title="whatif.compare.thresholds"
        list={diff.answer.thresholds}
        testId="whatif-thresholds"
      />
      <ListChanges title="whatif.compare.deadlines" list={diff.answer.deadlines} testId="whatif-deadlines" />
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

/** One side of the comparison: its outcome, headline, answer and confidence. */
function SideColumn({ side, title, sideKey }: { side: DiffSide; title: string; sideKey: "base" | "other" }) {
  const { t, locale } = useI18n()
  return (
    <article
      className={`whatif-side${side.hypothetical ? " is-hypothetical" : ""}`}
      data-testid={`whatif-side-${sideKey}`}
    >
      <header className="whatif-side-head">
        <h4>{title}</h4>
        {side.hypothetical && (
          <span className="badge badge-hypothetical">{t("whatif.banner.hypothetical")}</span>
        )}
        {side.outcome && <OutcomeBadge outcome={side.outcome} />}
      </header>
      <p className="whatif-headline" data-testid={`whatif-headline-${sideKey}`}>
        {side.headline}
      </p>
      <p className="whatif-answer" data-testid={`whatif-answer-${sideKey}`}>
        {side.answerText}
      </p>
      {side.confidence !== null && (
        <p className="muted">
          {t("whatif.compare.confidence")}: {formatScore(side.confidence, locale)}
        </p>
      )}
    </article>
  )
}

/** How confidence moved, and each fact that differs (before → after). */
function ChangedFacts({ diff }: { diff: WhatIfDiff }) {
  const { t, locale } = useI18n()
  const delta = diff.confidence.delta
  return (
    <dl className="whatif-facts">
      {delta !== null && delta !== 0 && diff.confidence.before !== null && diff.confidence.after !== null && (
        <>
          <dt>{t("whatif.compare.confidence")}</dt>
          <dd data-testid="whatif-confidence-delta">
            {t("whatif.compare.confidenceChange", {
              before: formatScore(diff.confidence.before, locale),
              after: formatScore(diff.confidence.after, locale),
              delta: formatScoreDelta(delta, locale),
            })}
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
  )
}

/** The rules that entered, left, or apply for another reason; or that none entered or left. */
function RuleChanges({ diff }: { diff: WhatIfDiff }) {
  const { t } = useI18n()
  return (
    <>
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
    </>
  )
}
