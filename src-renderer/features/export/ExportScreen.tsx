import { useParams } from "@tanstack/react-router"
import { useEffect, useId, useState } from "react"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useClients, useStores } from "../../state/stores"
import { ANY_FILTER, filterSelection, type ExportFilter } from "./export-selection"
import { ExportRunner } from "./ExportRunner"
import { SelectionFilterFields } from "./SelectionFilterFields"
import { VerifyBundleForm } from "./VerifyBundleForm"
import "./export.css"

// The audit export screen (#/export, or #/export/trace/<id> to start from one run): choose what
// to export, where, export with live progress; and verify any bundle, one this app just wrote or
// one an auditor sent back.

export function ExportScreen() {
  const params = useParams({ strict: false })
  const requestId =
    typeof params.requestId === "string" && params.requestId !== "" ? params.requestId : undefined
  return <ExportView key={requestId ?? ""} requestId={requestId} />
}

/** Which bundle "Verify this file" asked for; `n` re-mounts the form for every new request. */
interface VerifyRequest {
  path: string
  n: number
}

function ExportView({ requestId }: { requestId: string | undefined }) {
  const { t } = useI18n()
  const { clients } = useClients()
  const [mode, setMode] = useState<"trace" | "filter">(requestId === undefined ? "filter" : "trace")
  const [filter, setFilter] = useState<ExportFilter>(ANY_FILTER)
  const [verifyRequest, setVerifyRequest] = useState<VerifyRequest | null>(null)
  const question = useTraceQuestion(requestId)
  const radioName = useId()

  const fromFilter = filterSelection(filter)
  /** The run being exported alone, when that is the choice. */
  const oneTrace = mode === "trace" ? requestId : undefined
  const selection = oneTrace === undefined ? fromFilter.selection : { traceIds: [oneTrace] }
  const problem = oneTrace === undefined ? fromFilter.problem : null

  return (
    <section className="screen export-screen" aria-labelledby="export-heading" data-testid="export-screen">
      <header className="screen-head">
        <h1 id="export-heading">{t("export.title")}</h1>
      </header>
      <p className="muted export-intro">{t("export.intro")}</p>
      <section className="export-card" aria-labelledby="export-selection-heading">
        <h2 id="export-selection-heading">{t("export.selection")}</h2>
        {requestId !== undefined && (
          <div role="radiogroup" aria-labelledby="export-selection-heading" className="export-modes">
            <label className="choice">
              <input
                type="radio"
                name={radioName}
                checked={mode === "trace"}
                onChange={() => setMode("trace")}
                data-testid="export-selection-trace"
              />
              <span>
                {t("export.selection.trace")}
                {question !== null && <span className="muted export-question">: {question}</span>}
              </span>
            </label>
            <label className="choice">
              <input
                type="radio"
                name={radioName}
                checked={mode === "filter"}
                onChange={() => setMode("filter")}
                data-testid="export-selection-filter"
              />
              {t("export.selection.filter")}
            </label>
          </div>
        )}
        {oneTrace === undefined && (
          <>
            <SelectionFilterFields value={filter} clients={clients} onChange={setFilter} />
            <p className="hint">{t("export.filter.hint")}</p>
            {problem !== null && (
              <p className="field-error" role="alert" data-testid="export-selection-error">
                {problem === "badRange" ? t("export.filter.badRange") : t("validation.date")}
              </p>
            )}
          </>
        )}
        <ExportRunner
          selection={selection}
          {...(oneTrace === undefined ? {} : { requestId: oneTrace })}
          onVerify={(path) => setVerifyRequest((previous) => ({ path, n: (previous?.n ?? 0) + 1 }))}
        />
      </section>
      <section className="export-card" aria-labelledby="verify-heading" data-testid="verify-section">
        <h2 id="verify-heading">{t("verify.title")}</h2>
        <p className="muted">{t("verify.intro")}</p>
        <VerifyBundleForm
          key={verifyRequest?.n ?? 0}
          {...(verifyRequest === null ? {} : { initialPath: verifyRequest.path, runNow: true })}
        />
      </section>
    </section>
  )
}

/** The question of the run being exported, to name it in the choice (null until known). */
function useTraceQuestion(requestId: string | undefined): string | null {
  const { api } = useStores()
  const [question, setQuestion] = useState<string | null>(null)
  useEffect(() => {
    if (requestId === undefined) return
    let live = true
    call("traces.get", { requestId }, api).then(
      (detail) => {
        if (live) setQuestion(detail.trace.question)
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [api, requestId])
  return question
}
