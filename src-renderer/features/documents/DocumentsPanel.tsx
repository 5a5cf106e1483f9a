import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import type { DocumentSummary } from "../../../src-shared/documents"
import type { DocumentActionKind } from "../../../src-shared/run-documents"
import { useI18n } from "../../i18n/i18n-context"
import { useStores } from "../../state/stores"
import { DocumentList } from "./DocumentList"
import { DropZone } from "./DropZone"
import { useDocuments } from "./use-documents"
import "./documents.css"

// One client's documents: the drop zone and file button, a status line per file added, and the
// list. Auditing an e-invoice or summarizing a document is a run like a question (issue 22): it
// starts through runs.ask and the Ask screen shows its stages and its answer.

export function DocumentsPanel({ clientId }: { clientId: string | null }) {
  const { t, locale } = useI18n()
  const { runs } = useStores()
  const navigate = useNavigate()
  const { documents, loading, error, statuses, addFiles } = useDocuments(clientId)
  const [actionError, setActionError] = useState<string | null>(null)

  async function runAction(kind: DocumentActionKind, document: DocumentSummary) {
    setActionError(null)
    const label = document.invoiceNumber ?? document.title
    try {
      await runs.ask({
        question: t(kind === "audit" ? "documents.action.auditQuestion" : "documents.action.summaryQuestion", { label }),
        locale,
        ...(clientId === null ? {} : { clientId }),
        action: { kind, documentIds: [document.id] },
      })
      await navigate({ to: "/" })
    } catch (e) {
      setActionError(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
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
        <DocumentList documents={documents} onAction={(kind, d) => void runAction(kind, d)} />
      )}
      {actionError && (
        <p className="notice notice-error" role="alert" data-testid="audit-error">
          {actionError}
        </p>
      )}
    </DropZone>
  )
}
