import type { Attachments } from "./use-attachments"
import { useI18n } from "../../i18n/i18n-context"
import "./documents.css"

// The documents attached to the question on the Ask screen (dropped files), each a chip with its
// kind and title and a button that detaches it; the files being added; why a file was not.

export function AttachedDocuments({ attachments, over }: { attachments: Attachments; over: boolean }) {
  const { t } = useI18n()
  const { attached, adding, error } = attachments
  if (!over && attached.length === 0 && adding.length === 0 && error === null) return null
  return (
    <div className="attached-documents" data-testid="attached-documents">
      {over && (
        <p className="attach-drop-hint" data-testid="ask-drop-hint">
          {t("documents.attach.drop")}
        </p>
      )}
      {(attached.length > 0 || adding.length > 0) && (
        <ul className="attached-list" aria-label={t("documents.attach.label")}>
          {attached.map((document) => {
            const label = document.invoiceNumber === null ? document.title : `${document.title} (${document.invoiceNumber})`
            return (
              <li key={document.id} className="attached-chip" data-testid="attached-document" data-document-id={document.id}>
                <span className="badge">{document.isEInvoice ? t("documents.kind.einvoice") : t(`documents.kind.${document.kind}`)}</span>
                <span className="attached-title">{label}</span>
                <button
                  type="button"
                  className="button-quiet attached-remove"
                  onClick={() => attachments.remove(document.id)}
                  aria-label={t("documents.attach.remove", { title: label })}
                  data-testid="attached-remove"
                >
                  ×
                </button>
              </li>
            )
          })}
          {adding.map((name) => (
            <li key={`adding-${name}`} className="attached-chip is-adding" data-testid="attach-adding">
              {t("documents.adding", { name })}
            </li>
          ))}
        </ul>
      )}
      {error !== null && (
        <p className="field-error" role="alert" data-testid="attach-error">
          {error}
        </p>
      )}
    </div>
  )
}
