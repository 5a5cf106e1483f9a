import type { WhatIfDiff } from "../../../src-shared/whatif"
import { conclusionOf } from "../../../src-shared/whatif-conclusion"
import { useI18n } from "../../i18n/i18n-context"

// The first thing the comparison says: does the hypothetical reach the same conclusion? It compares
// the kind of outcome, the values the answer states (yes/no, rates, amounts), the headline and the
// obligations; "same" only when all of them agree. A yes that becomes a no is a changed conclusion.

export function ConclusionBox({ diff }: { diff: WhatIfDiff }) {
  const { t, tn, locale } = useI18n()
  const c = conclusionOf(diff)
  const lines: Array<{ key: string; text: string }> = []
  if (c.outcome)
    lines.push({
      key: "outcome",
      text: t("whatif.conclusion.outcome", {
        before: diff.base.outcome ? t(`outcome.${diff.base.outcome}`) : "—",
        after: diff.other.outcome ? t(`outcome.${diff.other.outcome}`) : "—",
      }),
    })
  for (const v of c.values)
    lines.push({
      key: `value:${v.key}`,
      text: t("whatif.conclusion.value", {
        label: v.label[locale],
        before: v.before?.[locale] ?? "—",
        after: v.after?.[locale] ?? "—",
      }),
    })
  if (c.headline && c.values.length === 0 && !c.outcome)
    lines.push({
      key: "headline",
      text: t("whatif.conclusion.headline", { before: diff.base.headline, after: diff.other.headline }),
    })
  if (c.obligationsRemoved.length > 0)
    lines.push({ key: "removed", text: tn("whatif.conclusion.removed", c.obligationsRemoved.length) })
  if (c.obligationsAdded.length > 0)
    lines.push({ key: "added", text: tn("whatif.conclusion.added", c.obligationsAdded.length) })
  const same = diff.answer.textChanged ? t("whatif.conclusion.sameWording") : t("whatif.conclusion.same")
  return (
    <div
      className={`whatif-conclusion ${c.changed ? "is-changed" : "is-same"}`}
      data-testid="whatif-outcome-change"
      data-changed={c.changed}
    >
      <strong>{c.changed ? t("whatif.conclusion.changed") : same}</strong>
      {lines.length > 0 && (
        <ul className="plain-list">
          {lines.map((line) => (
            <li key={line.key}>{line.text}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
