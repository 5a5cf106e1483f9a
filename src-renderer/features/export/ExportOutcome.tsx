import { useI18n } from "../../i18n/i18n-context"
import type { ExportJobState } from "./export-job-state"
import { formatBytes } from "./export-paths"

// How an export ended, in plain words: the file and its size, "cancelled: no file was written",
// or why it failed (nothing matched, the host is gone, the disk said no).

export interface ExportOutcomeProps {
  state: ExportJobState
  onVerify(path: string): void
  onAgain(): void
}

export function ExportOutcome({ state, onVerify, onAgain }: ExportOutcomeProps) {
  const { t, locale } = useI18n()
  if (state.kind === "done") {
    return (
      <div
        className="notice notice-success"
        role="status"
        data-testid="export-done"
        data-path={state.outPath}
        data-bytes={state.bytes}
      >
        <p>
          <strong>{t("export.done.title")}</strong>
        </p>
        <p>
          {t("export.done.body", {
            count: state.traces,
            path: state.outPath,
            size: formatBytes(state.bytes, locale),
          })}
        </p>
        <div className="form-actions">
          <button type="button" onClick={() => onVerify(state.outPath)} data-testid="export-verify-this">
            {t("export.verifyThis")}
          </button>
          <button type="button" className="button-quiet" onClick={onAgain} data-testid="export-again">
            {t("export.again")}
          </button>
        </div>
      </div>
    )
  }
  if (state.kind === "cancelled") {
    return (
      <p className="notice notice-info" role="status" data-testid="export-cancelled">
        {t("export.cancelled")}
      </p>
    )
  }
  if (state.kind === "failed") {
    return (
      <p className="notice notice-error" role="alert" data-testid="export-error" data-reason={state.reason}>
        {t(`export.failed.${state.reason}`, { detail: state.detail })}
      </p>
    )
  }
  return null
}
