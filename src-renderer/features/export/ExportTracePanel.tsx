import { Link } from "@tanstack/react-router"
import { useState } from "react"
import { useI18n } from "../../i18n/i18n-context"
import { ExportRunner } from "./ExportRunner"
import { VerifyBundleForm } from "./VerifyBundleForm"
import "./export.css"

// "Export audit bundle" on the trace screen: this one run as a signed bundle, with the same
// progress, cancel and outcome as the export screen, and the verdict on the file just written.

export function ExportTracePanel({ requestId }: { requestId: string }) {
  const { t } = useI18n()
  const [verify, setVerify] = useState<{ path: string; n: number } | null>(null)
  return (
    <section className="export-panel" aria-labelledby="export-panel-heading" data-testid="export-panel">
      <h2 id="export-panel-heading">{t("export.panel.title")}</h2>
      <p className="muted">{t("export.panel.intro")}</p>
      <ExportRunner
        selection={{ traceIds: [requestId] }}
        requestId={requestId}
        onVerify={(path) => setVerify((previous) => ({ path, n: (previous?.n ?? 0) + 1 }))}
      />
      {verify !== null && (
        <div className="export-panel-verify">
          <h3>{t("verify.title")}</h3>
          <VerifyBundleForm key={verify.n} initialPath={verify.path} runNow />
        </div>
      )}
      <p className="export-panel-more">
        <Link to="/export/trace/$requestId" params={{ requestId }} data-testid="export-panel-more">
          {t("export.panel.more")}
        </Link>
      </p>
    </section>
  )
}
