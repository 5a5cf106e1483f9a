import { Link, useNavigate, useParams } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { ApiError } from "../../api/client"
import { ClarificationPrompt } from "../run/ClarificationPrompt"
import { useI18n } from "../../i18n/i18n-context"
import { RunView } from "../run/RunView"
import { useRun } from "../run/use-run"
import { useStores } from "../../state/stores"
import { HypotheticalBanner } from "../whatif/HypotheticalBanner"
import { TraceHeader } from "./TraceHeader"
import type { TracePanel } from "./trace-panels"
import type { TraceSummary } from "../../../src-shared/traces"
import "./trace.css"

// One stored run, opened from history: the same answer and cards as live, read from the store
// (works offline). Awaiting runs can be answered or cancelled here and continue live.

type LoadState = "loading" | "ready" | "not-found" | "failed"

export interface TraceScreenProps {
  /** What other features show below an ended run (what-if, export); the route table passes them. */
  panels: readonly TracePanel[]
}

export function TraceScreen({ panels }: TraceScreenProps) {
  const params = useParams({ strict: false })
  const requestId = typeof params.requestId === "string" ? params.requestId : ""
  return <TraceView key={requestId} requestId={requestId} panels={panels} />
}

function TraceView({ requestId, panels }: { requestId: string; panels: readonly TracePanel[] }) {
  const { t } = useI18n()
  const { runs } = useStores()
  const navigate = useNavigate()
  const model = useRun(requestId)
  const [load, setLoad] = useState<{ state: LoadState; message?: string }>({ state: "loading" })
  const stored = model.run?.stored ?? null

  useEffect(() => {
    runs.load(requestId).then(
      () => setLoad({ state: "ready" }),
      (e: unknown) =>
        setLoad(
          e instanceof ApiError && e.code === "NOT_FOUND"
            ? { state: "not-found" }
            : { state: "failed", message: e instanceof Error ? e.message : String(e) },
        ),
    )
  }, [runs, requestId])

  // A run resumed here finishes live; refresh its stored summary (status, outcome) once it ends.
  const terminalId = model.terminal?.id
  const storedStatus = stored?.status
  useEffect(() => {
    if (terminalId && storedStatus && storedStatus !== "complete")
      void runs.load(requestId).catch(() => undefined)
  }, [terminalId, storedStatus, runs, requestId])

  async function askAgain() {
    if (!stored) return
    await runs.ask({
      question: stored.question,
      asOfDate: stored.asOfDate,
      clientId: stored.clientId ?? undefined,
    })
    await navigate({ to: "/" })
  }

  if (load.state === "not-found" || load.state === "failed") {
    return (
      <section className="screen" data-testid="trace-missing">
        <Link to="/history" className="back-link">
          ← {t("trace.back")}
        </Link>
        <p className="notice notice-error" role="alert">
          {load.state === "not-found"
            ? t("trace.notFound")
            : t("common.failed", { message: load.message ?? "" })}
        </p>
      </section>
    )
  }

  return (
    <section className="screen trace-screen" aria-labelledby="trace-heading" data-testid="trace-screen">
      <Link to="/history" className="back-link" data-testid="trace-back">
        ← {t("trace.back")}
      </Link>
      {stored ? <TraceHeader trace={stored} /> : <p className="muted">{t("common.loading")}</p>}
      {stored?.counterfactualOf && <HypotheticalBanner baseRequestId={stored.counterfactualOf} />}
      {model.clarification && (
        <ClarificationPrompt
          key={model.clarificationRounds.at(-1)?.seq}
          payload={model.clarification}
          onAnswer={(answer) => runs.answer(requestId, answer)}
          onCancel={() => runs.cancel(requestId)}
        />
      )}
      {stored && (
        <TraceBody requestId={requestId} stored={stored} panels={panels} onAskAgain={() => void askAgain()} />
      )}
    </section>
  )
}

interface TraceBodyProps {
  requestId: string
  stored: TraceSummary
  panels: readonly TracePanel[]
  onAskAgain: () => void
}

/** The run and, once it has ended, the panels: beside the answer on a wide screen, under it
 *  otherwise (trace.css), so the What-if does not start a long page below the answer. */
function TraceBody({ requestId, stored, panels, onAskAgain }: TraceBodyProps) {
  const { t } = useI18n()
  const model = useRun(requestId)
  const showPanels = model.terminal !== undefined && panels.length > 0
  return (
    <div className={showPanels ? "trace-body has-panels" : "trace-body"} data-testid="trace-body">
      <div className="trace-run">
        {/* The answer's heading is an h3 (it sits under the question on Ask): one level between. */}
        <h2 className="sr-only">{t("answer.title")}</h2>
        <RunView requestId={requestId} model={model} question={null} onRetry={onAskAgain} />
      </div>
      {showPanels && (
        <section className="trace-panels" aria-label={t("trace.panels")} data-testid="trace-panels">
          {panels.map(({ id, component: Panel }) => (
            <Panel key={id} requestId={requestId} trace={stored} />
          ))}
        </section>
      )}
    </div>
  )
}
