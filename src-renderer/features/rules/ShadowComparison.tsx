import type { ShadowEntry, ShadowSide } from "../../../src-shared/shadow"
import { useI18n } from "../../i18n/i18n-context"
import { OutcomeBadge } from "../../ui/badges"
import { ConclusionBox } from "../whatif/ConclusionBox"
import { ListChanges } from "../whatif/DiffLists"
import { shadowDiff } from "./shadow-diff"
import "../whatif/whatif.css"

// One impact entry side by side, as the what-if comparison shows a hypothetical (issue 19): what
// would change, said first by the what-if's own conclusion (outcome, headline or stated values,
// obligations), then the stored answer beside the answer under the changed pack (the changed side
// marked as the what-if marks a hypothetical), then the obligations removed and added.

export function ShadowComparison({ entry }: { entry: ShadowEntry }) {
  const { t, locale } = useI18n()
  const diff = shadowDiff(entry)
  // Values one side does not state at all are not in the conclusion (it compares stated values).
  const oneSided = entry.values.filter((v) => v.before === null || v.after === null)
  return (
    <section
      className="shadow-comparison"
      aria-label={t("rules.shadow.compare.title")}
      data-testid="shadow-comparison"
      data-baseline={entry.baseline}
    >
      <ConclusionBox diff={diff} />
      <div className="whatif-columns">
        <SideCard
          title={t(
            entry.baseline === "recorded" ? "rules.shadow.compare.stored" : "rules.shadow.compare.rerun",
          )}
          side={entry.before}
          testId="shadow-side-before"
        />
        <SideCard
          title={t("rules.shadow.compare.changed")}
          side={entry.after}
          testId="shadow-side-after"
          changed
        />
      </div>
      {oneSided.length > 0 && (
        <ul className="shadow-values plain-list" data-testid="shadow-values">
          {oneSided.map((v) => (
            <li key={v.key}>
              {v.label[locale]}: {v.before?.[locale] ?? "—"} → {v.after?.[locale] ?? "—"}
            </li>
          ))}
        </ul>
      )}
      <ListChanges
        title="whatif.compare.obligations"
        list={diff.answer.obligations}
        testId="shadow-obligations"
      />
    </section>
  )
}

function SideCard({
  title,
  side,
  testId,
  changed = false,
}: {
  title: string
  side: ShadowSide
  testId: string
  changed?: boolean
}) {
  const { t } = useI18n()
  return (
    <article
      className={`whatif-side${changed ? " is-hypothetical" : ""}`}
      data-testid={testId}
      data-outcome={side.outcome}
    >
      <header className="whatif-side-head">
        <h4>{title}</h4>
        {side.outcome === "AWAITING_INPUT" ? (
          <span className="badge">{t("rules.shadow.awaiting")}</span>
        ) : (
          <OutcomeBadge outcome={side.outcome} />
        )}
      </header>
      <p className="whatif-headline">{side.headline}</p>
    </article>
  )
}
