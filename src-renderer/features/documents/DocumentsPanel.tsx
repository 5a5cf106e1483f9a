import { useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import type { DocumentSummary } from "../../../src-shared/documents"
import type { DocumentActionKind } from "../../../src-shared/run-documents"
import { useI18n } from "../../i18n/i18n-context"
import type { MessageKey } from "../../i18n/catalog"
import { useStores } from "../../state/stores"
import { DocumentList } from "./DocumentList"
import { DropZone } from "./DropZone"
import { useDocuments } from "./use-documents"
import "./documents.css"

// One client's documents: the drop zone and file button, a status line per file added, and the
// list. Auditing an e-invoice, comparing two or summarizing a document is a run like a question
// (issue 22): it starts through runs.ask and the Ask screen shows its stages and its answer. Two
// e-invoices chosen in the list (in the order chosen: A, then B) enable Compare.

const QUESTIONS: Record<DocumentActionKind, MessageKey> = {
  audit: "documents.action.auditQuestion",
  summarize: "documents.action.summaryQuestion",
  compare: "documents.action.compareQuestion",
}

/** Its number and title (two e-invoices may carry one number: a corrected one, say). */
function labelOf(document: DocumentSummary): string {
  const { invoiceNumber, title } = document
  return invoiceNumber === null || invoiceNumber === title ? title : `${invoiceNumber} (${title})`
}

export function DocumentsPanel({ clientId }: { clientId: string | null }) {
  const { t, locale } = useI18n()
  const { runs } = useStores()
  const navigate = useNavigate()
  const { documents, loading, error, statuses, addFiles } = useDocuments(clientId)
  const [actionError, setActionError] = useState<string | null>(null)
  const [chosen, setChosen] = useState<readonly string[]>([])

  async function runAction(kind: DocumentActionKind, named: readonly DocumentSummary[]) {
    setActionError(null)
    const [a, b] = named.map(labelOf)
    try {
      await runs.ask({
        question: t(QUESTIONS[kind], { label: a ?? "", a: a ?? "", b: b ?? "" }),
        locale,
        ...(clientId === null ? {} : { clientId }),
        action: { kind, documentIds: named.map((d) => d.id) },
      })
      await navigate({ to: "/" })
    } catch (e) {
      setActionError(t("common.failed", { message: e instanceof Error ? e.message : String(e) }))
    }
  }

  function choose(document: DocumentSummary, value: boolean) {
    setChosen((ids) => (value ? [...ids.filter((id) => id !== document.id), document.id] : ids.filter((id) => id !== document.id)))
  }

  // Those still listed, in the order chosen.
  const pair = chosen.flatMap((id) => documents.filter((d) => d.id === id))
  const einvoices = documents.filter((d) => d.isEInvoice).length

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
      <div className="documents-toolbar">
        <p className="muted" data-testid="documents-count">
          {loading ? t("common.loading") : t("documents.count", { count: documents.length })}
        </p>
        {einvoices >= 2 && (
          <CompareBar pair={pair} onCompare={() => void runAction("compare", pair)} />
        )}
      </div>
      {!loading && documents.length === 0 ? (
        <p className="empty-state" data-testid="documents-empty">
          {t("documents.empty")}
        </p>
      ) : (
        <DocumentList
          documents={documents}
          onAction={(kind, d) => void runAction(kind, [d])}
          chosen={new Set(pair.map((d) => d.id))}
          onChoose={choose}
        />
      )}
      {actionError && (
        <p className="notice notice-error" role="alert" data-testid="audit-error">
          {actionError}
        </p>
      )}
    </DropZone>
  )
}

/** Compare, with what it will compare: enabled once exactly two e-invoices are chosen. */
function CompareBar({ pair, onCompare }: { pair: readonly DocumentSummary[]; onCompare: () => void }) {
  const { t } = useI18n()
  const [a, b] = pair
  const ready = pair.length === 2 && a !== undefined && b !== undefined
  return (
    <div className="documents-compare" data-testid="documents-compare-bar">
      <span id="documents-compare-hint" className="muted" aria-live="polite" data-testid="documents-compare-hint">
        {ready ? t("documents.compare.ready", { a: labelOf(a), b: labelOf(b) }) : t("documents.compare.hint", { count: pair.length })}
      </span>
      <button type="button" onClick={onCompare} disabled={!ready} aria-describedby="documents-compare-hint" data-testid="documents-compare">
        {t("documents.compare")}
      </button>
    </div>
  )
}
