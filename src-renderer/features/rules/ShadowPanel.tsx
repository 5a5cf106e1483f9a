import { Link } from "@tanstack/react-router"
import { useState } from "react"
import type { ShadowEntry, ShadowReport } from "../../../src-shared/shadow"
import { formatCount } from "./counts"
import { useI18n } from "../../i18n/i18n-context"
import { ALL_CLIENTS, clientIdsOf, ShadowClients, type ClientChoice } from "./ShadowClients"
import { ShadowComparison } from "./ShadowComparison"
import type { ShadowJobControl } from "./use-shadow-job"

// The shadow run of a change in review (seed 001 §12: nothing new reaches users unshadowed): a
// progress bar while the stored answers are asked again with the change, a Stop that ends it (the
// report then covers what was done), and the report by client: which answers would change, how
// (answer ↔ refusal, yes ↔ no, values old → new), each side by side as the what-if compares a
// hypothetical (ShadowComparison), each opening the stored run.

export function ShadowPanel({ control, canStart }: { control: ShadowJobControl; canStart: boolean }) {
  const { t } = useI18n()
  const { job, error } = control
  const running = job?.state === "running"
  const { done, total } = job?.progress ?? { done: 0, total: 0 }
  const percent = total === 0 ? (running ? 0 : 100) : Math.floor((done / total) * 100)
  const [clients, setClients] = useState<ClientChoice>(ALL_CLIENTS)
  const clientIds = clientIdsOf(clients)
  return (
    <section
      className="shadow-panel"
      aria-labelledby="shadow-heading"
      data-testid="shadow-panel"
      data-state={job?.state ?? "none"}
    >
      <h2 id="shadow-heading">{t("rules.shadow.title")}</h2>
      <p className="muted">{t("rules.shadow.intro")}</p>
      <ShadowClients value={clients} onChange={setClients} disabled={running || !canStart} />
      <div className="form-actions">
        <button
          type="button"
          className={job === null ? "button-primary" : undefined}
          disabled={running || !canStart || clientIds === null}
          onClick={() => clientIds !== null && control.start(clientIds)}
          data-testid="shadow-start"
        >
          {t(job === null ? "rules.shadow.start" : "rules.shadow.again")}
        </button>
        {running && (
          <button type="button" onClick={control.stop} data-testid="shadow-stop">
            {t("rules.shadow.stop")}
          </button>
        )}
      </div>
      {job !== null && (
        <div className="shadow-progress">
          <progress
            max={100}
            value={percent}
            aria-label={t("rules.shadow.progress")}
            data-testid="shadow-progress"
          />
          <span aria-live="polite" data-testid="shadow-progress-text">
            {t("rules.shadow.progressText", {
              done: String(done),
              total: String(total),
              changed: String(job.progress.changed),
            })}
          </span>
        </div>
      )}
      {job?.state === "failed" && (
        <p className="notice notice-error" role="alert">
          {t("rules.shadow.failed", { reason: job.error ?? "" })}
        </p>
      )}
      {error && (
        <p className="notice notice-error" role="alert" data-testid="shadow-error">
          {error}
        </p>
      )}
      {job?.report && <ShadowReportView report={job.report} />}
    </section>
  )
}

function ShadowReportView({ report }: { report: ShadowReport }) {
  const { t, locale } = useI18n()
  const { counts } = report
  return (
    <div className="shadow-report" data-testid="shadow-report" data-status={report.status}>
      <p
        className={`notice ${report.status === "stopped" ? "notice-warning" : "notice-info"}`}
        data-testid="shadow-summary"
      >
        {t(report.status === "stopped" ? "rules.shadow.stopped" : "rules.shadow.complete", {
          runs: formatCount(counts.runs, locale),
          changed: formatCount(counts.changed, locale),
        })}
      </p>
      <ul className="shadow-counts">
        <li>{t("rules.shadow.count.answerToRefusal", { n: String(counts.answerToRefusal) })}</li>
        <li>{t("rules.shadow.count.refusalToAnswer", { n: String(counts.refusalToAnswer) })}</li>
        <li>{t("rules.shadow.count.yesNo", { n: String(counts.yesNoFlips) })}</li>
        <li>{t("rules.shadow.count.values", { n: String(counts.valueChanges) })}</li>
        <li>{t("rules.shadow.count.obligations", { n: String(counts.obligationChanges) })}</li>
      </ul>
      {report.clients.map((client) => (
        <section key={client.clientId ?? "none"} className="shadow-client" data-testid="shadow-client">
          <h3>
            {client.clientName ?? client.clientId ?? t("rules.shadow.noClient")}{" "}
            <span className="muted">
              (
              {t("rules.shadow.clientCount", {
                changed: String(client.counts.changed),
                runs: String(client.counts.runs),
              })}
              )
            </span>
          </h3>
          <ul className="shadow-entries">
            {client.entries.map((entry) => (
              <ShadowEntryView key={entry.requestId} entry={entry} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

function ShadowEntryView({ entry }: { entry: ShadowEntry }) {
  const { t } = useI18n()
  return (
    <li
      className="shadow-entry"
      data-testid="shadow-entry"
      data-request-id={entry.requestId}
      data-flip={entry.flip ?? ""}
    >
      <Link to="/trace/$requestId" params={{ requestId: entry.requestId }}>
        {entry.question}
      </Link>
      {entry.flip && <span className="badge badge-flip">{t(`rules.shadow.flip.${entry.flip}`)}</span>}
      <ShadowComparison entry={entry} />
    </li>
  )
}
