import { useEffect, useMemo, useRef, useState, type FormEvent } from "react"
import type { ExportPathProblem, ExportSelection } from "../../../src-shared/export"
import { useI18n } from "../../i18n/i18n-context"
import { ExportOutcome } from "./ExportOutcome"
import { ExportProgressBar } from "./ExportProgressBar"
import { folderOf, joinPath, suggestedFileName } from "./export-paths"
import { PathField } from "./PathField"
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
  const folder = location.state === "ready" ? location.value : null
  // A fresh suggestion per export, so a second export never silently replaces the first.
  const [generation, setGeneration] = useState(0)
  const suggested = useMemo(
    () => (folder === null ? "" : joinPath(folder, suggestedFileName(new Date(), requestId, generation + 1))),
    [folder, requestId, generation],
  )
  const [edited, setEdited] = useState<string | null>(null)
  const path = edited ?? suggested
  const [pathError, setPathError] = useState<string | null>(null)
  const [pathExists, setPathExists] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const outcomeRef = useRef<HTMLDivElement>(null)
  const { state } = job
  const busy = state.kind === "starting" || state.kind === "running"
  const ended = state.kind === "done" || state.kind === "cancelled" || state.kind === "failed"

  // Keyboard users land on the outcome when the cancel button they were on disappears.
  useEffect(() => {
    if (ended) outcomeRef.current?.focus()
  }, [ended])

  const problemText = (problem: ExportPathProblem, value: string) =>
    t(`export.path.problem.${problem}`, { folder: folderOf(value) })

  async function check(value: string): Promise<boolean> {
    if (value === "") {
      setPathError(t("export.path.empty"))
      return false
    }
    try {
      const result = await host.checkPath(value)
      setPathError(result.problem === null ? null : problemText(result.problem, value))
      setPathExists(result.exists)
      return result.problem === null
    } catch {
      // The host did not answer the check; starting will say why in the outcome.
      setPathError(null)
      return true
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    // Until the host has said where bundles go, the field is about to be filled: wait for it.
    if (selection === null || busy || location.state === "loading") return
    const value = path.trim()
    if (!(await check(value))) {
      inputRef.current?.focus()
      return
    }
    await job.start(selection, value)
  }

  async function choose() {
    const chosen = await host.choosePath("saveBundle", path).catch(() => null)
    if (chosen === null) return
    setEdited(chosen)
    void check(chosen)
  }

  function again() {
    job.reset()
    setEdited(null)
    setPathExists(false)
    setGeneration((n) => n + 1)
  }

  return (
    <form className="export-runner" onSubmit={(e) => void submit(e)} noValidate data-testid="export-runner">
      <PathField
        label={t("export.path.label")}
        hint={t("export.path.hint")}
        value={path}
        onChange={(value) => {
          setEdited(value)
          setPathError(null)
          setPathExists(false)
        }}
        onBlur={() => {
          if (path.trim() !== "") void check(path.trim())
        }}
        disabled={busy}
        error={pathError}
        warning={pathExists && !pathError ? t("export.path.exists") : null}
        {...(folder?.canChooseFile ? { onChoose: () => void choose() } : {})}
        inputRef={inputRef}
        testId="export-path"
      />
      <div className="form-actions">
        <button
          type="submit"
          className="button-primary"
          disabled={busy || selection === null || location.state === "loading"}
          data-testid="export-start"
        >
          {t("export.start")}
        </button>
        {busy && (
          <button
            type="button"
            onClick={() => void job.cancel()}
            disabled={state.kind !== "running" || state.cancelling}
            data-testid="export-cancel"
          >
            {state.kind === "running" && state.cancelling ? t("export.cancelling") : t("export.cancel")}
          </button>
        )}
      </div>
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
