import type { ExportProgress } from "../../../src-shared/export"
import { useI18n } from "../../i18n/i18n-context"
import { exportFraction, isFinishing } from "./export-job-state"

// The export's progress bar, fed only by the job's `exports.progress` pushes: traces written in the
// current pass (and which pass of how many, when the writer makes several), then "finishing" once
// every trace is written. The fill's
// width change is the only motion, and the app's reduced-motion rule switches it off.

export function ExportProgressBar({
  progress,
  complete,
}: {
  progress: ExportProgress | null
  complete: boolean
}) {
  const { t } = useI18n()
  // 100 % means the file is there: while the manifest is signed and the file renamed, it stays at 99.
  const percent = complete ? 100 : Math.min(99, Math.floor(exportFraction(progress) * 100))
  const percentText = t("export.progress.percent", { percent })
  let line: string
  if (complete) line = percentText
  else if (progress === null) line = t("export.progress.starting")
  else if (isFinishing(progress)) line = t("export.progress.finishing")
  else {
    const counts = { file: progress.file ?? "", done: progress.done, total: progress.total }
    const steps = progress.steps ?? 1
    // A writer that makes one pass needs no "pass 1 of 1".
    line =
      steps > 1
        ? t("export.progress.writingPass", { ...counts, step: progress.step ?? 1, steps })
        : t("export.progress.writing", counts)
  }
  return (
    <div className="export-progress" data-testid="export-progress-block">
      <div
        className="export-progress-track"
        role="progressbar"
        aria-label={t("export.progress.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percentText}: ${line}`}
        data-testid="export-progress"
        data-phase={complete ? "done" : (progress?.phase ?? "starting")}
      >
        <div className="export-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="export-progress-text" data-testid="export-progress-text">
        <strong>{percentText}</strong> {complete ? null : <span>{line}</span>}
      </p>
    </div>
  )
}
