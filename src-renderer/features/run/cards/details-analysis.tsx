import type { ReasoningEvent } from "../../../../src-shared/events/event"
import type { EventOf } from "../../../reasoning/selectors"
import { useI18n } from "../../../i18n/i18n-context"
import { ConflictWarnings } from "../../answer/OutcomeParts"

// Card bodies for conflicts and analysis.

export function ConflictsDetail({ event }: { event: EventOf<"CONFLICTS", "complete"> }) {
  const { t } = useI18n()
  const d = event.data
  if (d.conflicts.length === 0) return <p>{t("cards.conflicts.none")}</p>
  return (
    <ul className="plain-list" data-testid="conflicts-list">
      {d.conflicts.map((c) => (
        <li key={c.id}>
          <p className="muted">{t(`cards.conflicts.resolution.${c.resolution}`)}</p>
          <ConflictWarnings warnings={[c]} />
        </li>
      ))}
    </ul>
  )
}

export function AnalysisDetail({
  event,
  checkpoints,
}: {
  event: EventOf<"ANALYSIS", "complete">
  checkpoints: ReadonlyArray<Extract<ReasoningEvent, { stage: "ANALYSIS"; status: "checkpoint" }>>
}) {
  const { t } = useI18n()
  const d = event.data
  return (
    <>
      {d.bullets.length > 0 && (
        <ul className="analysis-bullets" data-testid="analysis-bullets">
          {d.bullets.map((b, i) => (
            <li key={i}>{b}</li>
          ))}
        </ul>
      )}
      {checkpoints.length > 0 && (
        <section>
          <h5>{t("cards.analysis.checkpoints")}</h5>
          <ol className="plain-list" data-testid="analysis-checkpoints">
            {checkpoints.map((c) => (
              <li key={c.seq}>{c.message ?? c.data.detail}</li>
            ))}
          </ol>
        </section>
      )}
      {d.comparedSources.length > 0 && (
        <p className="muted">
          {t("cards.analysis.compared")}: {d.comparedSources.join(", ")}
        </p>
      )}
    </>
  )
}
