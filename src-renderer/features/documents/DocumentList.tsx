import type { DocumentKind, DocumentSummary } from "../../../src-shared/documents"
import type { DocumentActionKind } from "../../../src-shared/run-documents"
import { formatDate } from "../../format/dates"
import { useI18n } from "../../i18n/i18n-context"
import type { MessageKey } from "../../i18n/catalog"

// A client's documents, newest first: kind, title, number, date (the invoice's, else the day it
// was added), the start of its hash (to match it with a file elsewhere), and pages without text.
// An e-invoice has a box to choose it for a comparison (two chosen: DocumentsPanel's Compare).

const HASH_PREFIX = 12

type OnAction = (kind: DocumentActionKind, document: DocumentSummary) => void

export interface DocumentListProps {
  documents: readonly DocumentSummary[]
  onAction: OnAction
  /** The e-invoices chosen for a comparison, by id. */
  chosen: ReadonlySet<string>
  onChoose: (document: DocumentSummary, chosen: boolean) => void
}

export function DocumentList({ documents, onAction, chosen, onChoose }: DocumentListProps) {
  const { t } = useI18n()
  return (
    <table className="documents-table" data-testid="documents-table">
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">{t("documents.col.choose")}</span>
          </th>
          <th scope="col">{t("documents.col.kind")}</th>
          <th scope="col">{t("documents.col.title")}</th>
          <th scope="col">{t("documents.col.number")}</th>
          <th scope="col">{t("documents.col.date")}</th>
          <th scope="col">{t("documents.col.hash")}</th>
          <th scope="col">
            <span className="sr-only">{t("documents.col.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => (
          <DocumentRow
            key={document.id}
            document={document}
            onAction={(kind) => onAction(kind, document)}
            chosen={chosen.has(document.id)}
            onChoose={(value) => onChoose(document, value)}
          />
        ))}
      </tbody>
    </table>
  )
}

const KIND_KEYS = {
  pdf: "documents.kind.pdf",
  xml: "documents.kind.xml",
  csv: "documents.kind.csv",
  text: "documents.kind.text",
} as const satisfies Record<DocumentKind, MessageKey>

function kindKey(document: DocumentSummary): MessageKey {
  return document.isEInvoice ? "documents.kind.einvoice" : KIND_KEYS[document.kind]
}

interface RowProps {
  document: DocumentSummary
  onAction: (kind: DocumentActionKind) => void
  chosen: boolean
  onChoose: (chosen: boolean) => void
}

function DocumentRow({ document, onAction, chosen, onChoose }: RowProps) {
  const { t, locale } = useI18n()
  const date = document.issueDate ?? document.addedAt
  return (
    <tr data-testid="document-row" data-document-id={document.id} className={chosen ? "is-chosen" : undefined}>
      <td>
        {document.isEInvoice && (
          <input
            type="checkbox"
            checked={chosen}
            onChange={(e) => onChoose(e.target.checked)}
            aria-label={t("documents.choose.compare", { title: document.invoiceNumber ?? document.title })}
            data-testid="document-choose"
          />
        )}
      </td>
      <td>
        <span className={`badge badge-kind-${document.isEInvoice ? "einvoice" : document.kind}`}>{t(kindKey(document))}</span>
      </td>
      <td>
        <span className="document-title">{document.title}</span>
        <span className="muted document-file">
          {document.fileName}
          {document.pageCount !== null && ` · ${t("documents.pages", { count: document.pageCount })}`}
        </span>
        {document.pagesWithoutText.length > 0 && (
          <span className="notice-inline" data-testid="document-no-text">
            {t("documents.noText", { pages: document.pagesWithoutText.join(", ") })}
          </span>
        )}
      </td>
      <td data-testid="document-number">{document.invoiceNumber ?? "—"}</td>
      <td>{formatDate(date, locale)}</td>
      <td>
        <code title={document.sha256}>{document.sha256.slice(0, HASH_PREFIX)}</code>
      </td>
      <td>
        <span className="document-actions">
          {document.isEInvoice && (
            <button type="button" onClick={() => onAction("audit")} data-testid="document-audit">
              {t("documents.audit")}
            </button>
          )}
          <button type="button" className="button-quiet" onClick={() => onAction("summarize")} data-testid="document-summarize">
            {t("documents.summarize")}
          </button>
        </span>
      </td>
    </tr>
  )
}
