import type { DocumentAction, DocumentActionRequest, RunDocument } from "../../src-shared/run-documents"
import { EInvoiceParseError, parseEInvoice, type EInvoice } from "../documents/einvoice"
import { invoiceFacts } from "../documents/einvoice/facts"
import { DocumentsRepository, type StoredDocument } from "../store/documents-repo"
import type { Store } from "../store/store"

// The documents a question names, as its run carries them (issue 22): resolved here, in the runs
// room, from the store, and handed to the engine as plain data in the frozen request (the engine
// never reads the store). An e-invoice comes with its fields; any other document with its name
// and hash only; a document action's documents also with the parsed invoice or the start of
// their text (frozenAction). A document id that does not exist (deleted since it was chosen) is an error
// the caller reports; nothing runs.

/** The store's client documents; a database held in memory keeps none (it has no folder for them). */
export function documentsOf(store: Store): DocumentsRepository | null {
  return store.path === ":memory:" ? null : new DocumentsRepository(store)
}

export function runDocumentsFor(docs: DocumentsRepository, ids: readonly string[]): RunDocument[] {
  return [...new Set(ids)].map((id) => runDocumentOf(docs, docs.require(id)))
}

/**
 * A document action's part of a run's request (issue 22): the action, and its documents in the
 * order named, each with what a replay needs to compute the action again without the files: an
 * e-invoice parsed, any other document the start of its text (for a summary).
 */
export function frozenAction(store: Store, request: DocumentActionRequest): { action: DocumentAction; documents: RunDocument[] } {
  const docs = new DocumentsRepository(store)
  const documents = request.documentIds.map((id) => {
    const document = docs.require(id)
    const invoice = document.kind === "xml" ? invoiceOf(docs, document) : undefined
    const base = runDocumentOf(docs, document, invoice)
    if (invoice !== undefined) return { ...base, invoice }
    return { ...base, excerpt: docs.text(document.id).slice(0, EXCERPT_CHARS) }
  })
  return { action: { kind: request.kind, ...(request.asOf === undefined ? {} : { asOf: request.asOf }) }, documents }
}

/** As much of a document's text as a summary quotes, with room (the contract allows 4,000). */
const EXCERPT_CHARS = 4000

function runDocumentOf(docs: DocumentsRepository, document: StoredDocument, parsed?: EInvoice): RunDocument {
  const facts = document.kind === "xml" ? factsOf(docs, document, parsed) : undefined
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
function factsOf(docs: DocumentsRepository, document: StoredDocument, parsed?: EInvoice): RunDocument["facts"] {
  const invoice = parsed ?? invoiceOf(docs, document)
  return invoice === undefined ? undefined : invoiceFacts(invoice).slice(0, 400)
}

/** The parsed e-invoice, or undefined for an XML file that is not one. */
function invoiceOf(docs: DocumentsRepository, document: StoredDocument): EInvoice | undefined {
  try {
    return parseEInvoice(docs.content(document.id))
  } catch (error) {
    if (error instanceof EInvoiceParseError) return undefined
    throw error
  }
}
