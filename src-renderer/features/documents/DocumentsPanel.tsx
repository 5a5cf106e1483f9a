import { useState } from "react"
import type { DocumentAudit, DocumentSummary } from "../../../src-shared/documents"
import { call } from "../../api/client"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { AuditPanel } from "./AuditPanel"
import { DocumentList } from "./DocumentList"
import { DropZone } from "./DropZone"
import { useDocuments } from "./use-documents"
import "./documents.css"

// One client's documents: the drop zone and file button, a status line per file added, the list,
// and the audit of the e-invoice last audited.

export function DocumentsPanel({ clientId }: { clientId: string | null }) {
  const { t, locale } = useI18n()
  const { api } = useStores()
  const { documents, loading, error, statuses, addFiles } = useDocuments(clientId)
  const [audit, setAudit] = useState<DocumentAudit | null>(null)
  const [auditError, setAuditError] = useState<string | null>(null)

  async function runAudit(document: DocumentSummary) {
    setAuditError(null)
    try {
      setAudit(await call("documents.audit", { id: document.id, locale }, api))
    } catch (e) {
      setAudit(null)
      setAuditError(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
    }
  }

  return (
    <DropZone onFiles={(files) => void addFiles(files)}>
      <ul className="documents-statuses" aria-live="polite" data-testid="documents-statuses">
        {statuses.map((status) => (
          <li key={status.name} className={`documents-status status-${status.state}`} data-testid="documents-status" data-state={status.state}>
            {status.text}
          </li>
        ))}
      </ul>
      {error && (
        <p className="notice notice-error" role="alert">
          {t("common.failed", { message: error })}
        </p>
      )}
      <p className="muted" data-testid="documents-count">
        {loading ? t("common.loading") : t("documents.count", { count: documents.length })}
      </p>
      {!loading && documents.length === 0 ? (
        <p className="empty-state" data-testid="documents-empty">
          {t("documents.empty")}
        </p>
      ) : (
        <DocumentList documents={documents} onAudit={(d) => void runAudit(d)} />
      )}
      {auditError && (
        <p className="notice notice-error" role="alert" data-testid="audit-error">
          {auditError}
        </p>
      )}
      {audit && <AuditPanel audit={audit} onClose={() => setAudit(null)} />}
    </DropZone>
  )
}
