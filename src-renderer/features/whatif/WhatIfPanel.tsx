import { Link } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import type { TraceSummary } from "../../../src-shared/traces"
import type { DriversView, RerunOffer, WhatIfDiff } from "../../../src-shared/whatif"
import { call } from "../../api/client"
import { useStores } from "../../state/stores"
import { CompactStepper } from "./CompactStepper"
import { Comparison } from "./Comparison"
import { DriverList } from "./DriverList"
import { HypotheticalBanner } from "./HypotheticalBanner"
import { useI18n } from "../../i18n/i18n-context"
import { SaveScenarioForm } from "./SaveScenarioForm"
import { useCounterfactual, type CounterfactualState } from "./use-counterfactual"
import "./whatif.css"

// The "What if…" panel of the trace screen. On an original run: its drivers, changed one or
// several at a time, each combination run at once as a counterfactual whose stages stream in a
// compact stepper, then shown beside the original and savable as a scenario. On a hypothetical
// run: the mark, and its comparison with the run it was derived from.

export interface WhatIfPanelProps {
  requestId: string
  trace: TraceSummary
}

export function WhatIfPanel({ requestId, trace }: WhatIfPanelProps) {
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
  const { view, loadError } = useDrivers(requestId)
  const { state, events, shown, change, remove, reset, rerunInFull } = useCounterfactual(requestId)

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
        <ChangeChips state={state} labelOf={labelOf} busy={busy} onRemove={remove} onReset={reset} />
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
        <RerunOfferNotice rerun={state.rerun} onRerun={() => void rerunInFull()} />
      )}
      {state.phase === "done" && shown && state.diff && state.runId && (
        <Result diff={state.diff} runId={state.runId} clientId={clientId} />
      )}
    </>
  )
}

/** The run's drivers (the facts a what-if can change), or why they could not be had. */
function useDrivers(requestId: string) {
  const { api } = useStores()
  const [view, setView] = useState<DriversView | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  useEffect(() => {
    call("whatif.drivers", { requestId }, api).then(setView, (e: unknown) =>
      setLoadError(e instanceof Error ? e.message : String(e)),
    )
  }, [api, requestId])
  return { view, loadError }
}

/** The changes in the current combination, each removable, and a reset of them all. */
function ChangeChips({
  state,
  labelOf,
  busy,
  onRemove,
  onReset,
}: {
  state: CounterfactualState
  labelOf: (path: string) => string
  busy: boolean
  onRemove: (path: string) => void
  onReset: () => void
}) {
  const { t, locale } = useI18n()
  return (
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
              onClick={() => onRemove(c.path)}
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
        onClick={onReset}
        data-testid="whatif-reset"
      >
        {t("whatif.panel.reset")}
      </button>
    </div>
  )
}

/** A combination the quick re-evaluation cannot answer: why, what is not carried, and a full re-run. */
function RerunOfferNotice({ rerun, onRerun }: { rerun: RerunOffer; onRerun: () => void }) {
  const { t, locale } = useI18n()
  return (
    <div className="notice notice-warning" data-testid="whatif-needs-rerun">
      <strong>{t("whatif.panel.needsRerun")}</strong>
      {rerun.reasons.map((r) => (
        <p key={`${r.code}:${r.path}`}>{r.message[locale]}</p>
      ))}
      {rerun.notCarried.length > 0 && (
        <p className="muted">{t("whatif.panel.notCarried", { paths: rerun.notCarried.join(", ") })}</p>
      )}
      <button type="button" className="button-primary" onClick={onRerun} data-testid="whatif-rerun">
        {t("whatif.panel.rerun")}
      </button>
    </div>
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
    call("whatif.compare", { baseRequestId, otherRequestId: requestId }, api).then(setDiff, () =>
      setDiff(null),
    )
  }, [api, requestId, baseRequestId])
  // The trace screen already carries the hypothetical mark at its top.
  return diff && <Comparison diff={diff} />
}
