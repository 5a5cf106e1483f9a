import { Link } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import type { DriversView, WhatIfDiff } from "../../../src-shared/whatif"
import { call } from "../../api/client"
import { useStores } from "../../state/stores"
import type { TracePanelProps } from "../../trace/trace-panels"
import { CompactStepper } from "./CompactStepper"
import { Comparison } from "./Comparison"
import { DriverList } from "./DriverList"
import { HypotheticalBanner } from "./HypotheticalBanner"
import { useI18n } from "../../i18n/i18n-context"
import { SaveScenarioForm } from "./SaveScenarioForm"
import { useCounterfactual } from "./use-counterfactual"
import "./whatif.css"

// The "What if…" panel of the trace screen. On an original run: its drivers, changed one or
// several at a time, each combination run at once as a counterfactual whose stages stream in a
// compact stepper, then shown beside the original and savable as a scenario. On a hypothetical
// run: the mark, and its comparison with the run it was derived from.

export function WhatIfPanel({ requestId, trace }: TracePanelProps) {
  const { t } = useI18n()
  return (
    <section className="whatif-panel" aria-labelledby="whatif-heading" data-testid="whatif-panel">
      <h2 id="whatif-heading">{t("whatif.panel.title")}</h2>
      {trace.counterfactualOf === null ? (
        <OriginalRun requestId={requestId} clientId={trace.clientId} />
      ) : (
        <HypotheticalRun requestId={requestId} baseRequestId={trace.counterfactualOf} />
      )}
    </section>
  )
}

function OriginalRun({ requestId, clientId }: { requestId: string; clientId: string | null }) {
  const { t, locale } = useI18n()
  const { api } = useStores()
  const [view, setView] = useState<DriversView | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const { state, events, shown, change, remove, reset, rerunInFull } = useCounterfactual(requestId)

  useEffect(() => {
    call("whatifDrivers", { requestId }, api).then(setView, (e: unknown) =>
      setLoadError(e instanceof Error ? e.message : String(e)),
    )
  }, [api, requestId])

  if (loadError)
    return (
      <p className="muted" data-testid="whatif-unavailable">
        {t("whatif.panel.unavailable", { message: loadError })}
      </p>
    )
  if (!view) return null
  if (view.facts.length === 0) return <p className="muted">{t("whatif.panel.noDrivers")}</p>
  const busy = state.phase === "running" || (state.phase === "done" && !shown)
  const labelOf = (path: string) => view.facts.find((f) => f.path === path)?.label[locale] ?? path
  return (
    <>
      <p className="muted">{t("whatif.panel.intro")}</p>
      <DriverList facts={view.facts} applied={state.applied} busy={busy} onChange={change} />
      {state.changes.length > 0 && (
        <div className="whatif-changes" data-testid="whatif-changes">
          <span>{t("whatif.panel.changes")}:</span>
          {state.changes.map((c) => {
            const applied = state.applied.find((a) => a.path === c.path)
            return (
              <span key={c.path} className="whatif-chip">
                {labelOf(c.path)}
                {applied ? ` → ${applied.toText[locale]}` : ""}
                <button
                  type="button"
                  aria-label={t("whatif.panel.removeChange", { fact: labelOf(c.path) })}
                  disabled={busy}
                  onClick={() => remove(c.path)}
                >
                  ×
                </button>
              </span>
            )
          })}
          <button
            type="button"
            className="button-quiet"
            disabled={busy}
            onClick={reset}
            data-testid="whatif-reset"
          >
            {t("whatif.panel.reset")}
          </button>
        </div>
      )}
      {state.runId && <CompactStepper events={events} />}
      {busy && (
        <p className="muted" role="status">
          {t("whatif.panel.running")}
        </p>
      )}
      {state.phase === "failed" && (
        <p className="notice notice-error" role="alert">
          {t("whatif.panel.failed", { message: state.error ?? "" })}
        </p>
      )}
      {state.phase === "needs_rerun" && state.rerun && (
        <div className="notice notice-warning" data-testid="whatif-needs-rerun">
          <strong>{t("whatif.panel.needsRerun")}</strong>
          {state.rerun.reasons.map((r) => (
            <p key={`${r.code}:${r.path}`}>{r.message[locale]}</p>
          ))}
          {state.rerun.notCarried.length > 0 && (
            <p className="muted">
              {t("whatif.panel.notCarried", { paths: state.rerun.notCarried.join(", ") })}
            </p>
          )}
          <button
            type="button"
            className="button-primary"
            onClick={() => void rerunInFull()}
            data-testid="whatif-rerun"
          >
            {t("whatif.panel.rerun")}
          </button>
        </div>
      )}
      {state.phase === "done" && shown && state.diff && state.runId && (
        <Result diff={state.diff} runId={state.runId} clientId={clientId} />
      )}
    </>
  )
}

function Result({ diff, runId, clientId }: { diff: WhatIfDiff; runId: string; clientId: string | null }) {
  const { t } = useI18n()
  return (
    <div className="whatif-result" data-testid="whatif-result" data-request-id={runId}>
      <HypotheticalBanner baseRequestId={null} />
      <Comparison diff={diff} />
      <p>
        <Link to="/trace/$requestId" params={{ requestId: runId }} data-testid="whatif-open-result">
          {t("whatif.panel.openResult")}
        </Link>
      </p>
      <SaveScenarioForm key={runId} resultRequestId={runId} defaultClientId={clientId} />
    </div>
  )
}

function HypotheticalRun({ requestId, baseRequestId }: { requestId: string; baseRequestId: string }) {
  const { api } = useStores()
  const [diff, setDiff] = useState<WhatIfDiff | null>(null)
  useEffect(() => {
    call("whatifCompare", { baseRequestId, otherRequestId: requestId }, api).then(setDiff, () =>
      setDiff(null),
    )
  }, [api, requestId, baseRequestId])
  // The trace screen already carries the hypothetical mark at its top.
  return diff && <Comparison diff={diff} />
}
