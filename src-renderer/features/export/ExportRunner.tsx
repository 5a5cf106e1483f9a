import { useEffect, useRef, type FormEvent } from "react"
import type { ExportSelection } from "../../../src-shared/export"
import { useI18n } from "../../i18n/i18n-context"
import type { ExportJobState } from "./export-job-state"
import { ExportOutcome } from "./ExportOutcome"
import { ExportProgressBar } from "./ExportProgressBar"
import { PathField } from "./PathField"
import { useBundlePath } from "./use-bundle-path"
import { useExportHostActions, useExportLocation } from "./use-export-host"
import { useExportJob } from "./use-export-job"

// The part of an export that is the same for one trace and for a filter: where the file goes,
// start, the live progress, cancel, and how it ended. The path is checked by the host before the
// export starts, so a folder that does not exist is said in words at once.

export interface ExportRunnerProps {
  /** null while the selection cannot be exported (the reason is shown by whoever chose it). */
  selection: ExportSelection | null
  /** For the suggested file name of a one-trace bundle. */
  requestId?: string
  onVerify(path: string): void
}

export function ExportRunner({ selection, requestId, onVerify }: ExportRunnerProps) {
  const { t } = useI18n()
  const location = useExportLocation()
  const host = useExportHostActions()
  const job = useExportJob()
  const bundle = useBundlePath(location, host, requestId)
  const inputRef = useRef<HTMLInputElement>(null)
  const outcomeRef = useRef<HTMLDivElement>(null)
  const { state } = job
  const busy = state.kind === "starting" || state.kind === "running"
  const ended = state.kind === "done" || state.kind === "cancelled" || state.kind === "failed"
  const canChoose = location.state === "ready" && location.value.canChooseFile

  // Keyboard users land on the outcome when the cancel button they were on disappears.
  useEffect(() => {
    if (ended) outcomeRef.current?.focus()
  }, [ended])

  async function submit(event: FormEvent) {
    event.preventDefault()
    // Until the host has said where bundles go, the field is about to be filled: wait for it.
    if (selection === null || busy || location.state === "loading") return
    const value = bundle.path.trim()
    if (!(await bundle.check(value))) {
      inputRef.current?.focus()
      return
    }
    await job.start(selection, value)
  }

  function again() {
    job.reset()
    bundle.next()
  }

  return (
    <form className="export-runner" onSubmit={(e) => void submit(e)} noValidate data-testid="export-runner">
      <PathField
        label={t("export.path.label")}
        hint={t("export.path.hint")}
        value={bundle.path}
        onChange={bundle.edit}
        onBlur={() => {
          if (bundle.path.trim() !== "") void bundle.check(bundle.path.trim())
        }}
        disabled={busy}
        error={bundle.error}
        warning={bundle.exists && !bundle.error ? t("export.path.exists") : null}
        {...(canChoose ? { onChoose: () => void bundle.choose() } : {})}
        inputRef={inputRef}
        testId="export-path"
      />
      <ExportButtons
        state={state}
        canStart={!busy && selection !== null && location.state !== "loading"}
        onCancel={() => void job.cancel()}
      />
      {(busy || state.kind === "done") && (
        <ExportProgressBar
          progress={state.kind === "running" ? state.progress : null}
          complete={state.kind === "done"}
        />
      )}
      {ended && (
        <div ref={outcomeRef} tabIndex={-1} className="export-outcome-anchor">
          <ExportOutcome state={state} onVerify={onVerify} onAgain={again} />
        </div>
      )}
    </form>
  )
}

/** Start (submits the form) and, while the export runs, cancel. */
function ExportButtons({
  state,
  canStart,
  onCancel,
}: {
  state: ExportJobState
  canStart: boolean
  onCancel: () => void
}) {
  const { t } = useI18n()
  const busy = state.kind === "starting" || state.kind === "running"
  return (
    <div className="form-actions">
      <button type="submit" className="button-primary" disabled={!canStart} data-testid="export-start">
        {t("export.start")}
      </button>
      {busy && (
        <button
          type="button"
          onClick={onCancel}
          disabled={state.kind !== "running" || state.cancelling}
          data-testid="export-cancel"
        >
          {state.kind === "running" && state.cancelling ? t("export.cancelling") : t("export.cancel")}
        </button>
      )}
    </div>
  )
}
