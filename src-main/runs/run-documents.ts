import type { RunDocument } from "../../src-shared/run-documents"
import { EInvoiceParseError, parseEInvoice } from "../documents/einvoice"
import { invoiceFacts } from "../documents/einvoice/facts"
import type { DocumentsRepository, StoredDocument } from "../store/documents-repo"

// The documents a question names, as its run carries them (issue 22): resolved here, in the runs
// room, from the store, and handed to the engine as plain data in the frozen request (the engine
// never reads the store). An e-invoice comes with its fields; any other document with its name
// and hash only. A document id that does not exist (deleted since it was chosen) is an error
// the caller reports; nothing runs.

export function runDocumentsFor(docs: DocumentsRepository, ids: readonly string[]): RunDocument[] {
  return [...new Set(ids)].map((id) => runDocumentOf(docs, docs.require(id)))
}

function runDocumentOf(docs: DocumentsRepository, document: StoredDocument): RunDocument {
  const facts = document.kind === "xml" ? factsOf(docs, document) : undefined
  return {
    id: document.id,
    title: document.title.slice(0, 300),
    contentHash: document.sha256,
    kind: document.kind,
    invoiceNumber: document.invoiceNumber,
    addedAt: document.addedAt,
    ...(facts === undefined ? {} : { facts }),
  }
}

/** The e-invoice's fields, or undefined for an XML file that is not one. */
function factsOf(docs: DocumentsRepository, document: StoredDocument): RunDocument["facts"] {
  try {
    return invoiceFacts(parseEInvoice(docs.content(document.id))).slice(0, 400)
  } catch (error) {
    if (error instanceof EInvoiceParseError) return undefined
    throw error
  }
}
