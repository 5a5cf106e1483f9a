import type { AddedDocument } from "../../src-shared/documents"
import type { Locale } from "../../src-shared/events/stages"
import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Services } from "../composition/services"
import { EInvoiceParseError } from "../documents/einvoice"
import { IntakeError } from "../documents/intake/errors"
import type { HandlerTable } from "../ipc/handler-table"
import { addDocumentFile, summaryOf, type AddRequest } from "../runs/add-document"
import { DocumentError, DocumentsRepository } from "../store/documents-repo"
import { mapStoreErrors } from "./store-errors"

// Client documents in the window (issue 22): the bytes a user dropped or chose arrive base64 and
// go through the same intake and store as `fiskai doc add` (runs/add-document.ts). Auditing,
// comparing or summarizing them is a run (runs.ask with an action), not a channel of its own. A
// file intake refuses, an unknown client or document answer BAD_INPUT/NOT_FOUND with the reason in
// the language the window asked in; nothing is stored then.

type DocumentKeys = "documents.add" | "documents.list" | "documents.search" | "documents.complete"

export function documentHandlers(services: Services): Pick<HandlerTable, DocumentKeys> {
  const docs = new DocumentsRepository(services.store)
  const localeOf = (asked: Locale | undefined): Locale => asked ?? services.settings.get().locale
  return {
    "documents.add": (input) =>
      guard(localeOf(input.locale), () =>
        addDocument(docs, { ...input, bytes: Buffer.from(input.contentBase64, "base64") }),
      ),
    "documents.list": ({ clientId, limit }) =>
      guard(localeOf(undefined), () => docs.list({ clientId, limit: limit ?? 200 }).map(summaryOf)),
    "documents.search": ({ text, clientId, limit }) =>
      guard(localeOf(undefined), () =>
        docs.search({ text, clientId, ...(limit === undefined ? {} : { limit }) }).map((hit) => ({ document: summaryOf(hit.document), snippet: hit.snippet })),
      ),
    "documents.complete": ({ text, clientId, limit }) =>
      guard(localeOf(undefined), () =>
        docs.complete({ text, clientId, limit: limit ?? 8 }).map((c) => ({ ...c, document: summaryOf(c.document) })),
      ),
  }
}

/** The window's way of adding a file (also what `npm run bench -- documents` measures). */
export async function addDocument(docs: DocumentsRepository, request: AddRequest): Promise<AddedDocument> {
  const added = await addDocumentFile(docs, request)
  return {
    document: summaryOf(added.document),
    created: added.created,
    notices: added.notices.map((notice) => ({ pages: notice.pages, hr: notice.hr, en: notice.en })),
  }
}

/** Store failures as every handler maps them; the documents' own, in the user's language. */
async function guard<T>(locale: Locale, body: () => T | Promise<T>): Promise<T> {
  return mapStoreErrors(async () => {
    try {
      return await body()
    } catch (error) {
      if (error instanceof IntakeError) throw new IpcFailure("BAD_INPUT", error.text(locale))
      if (error instanceof EInvoiceParseError) throw new IpcFailure("BAD_INPUT", error.messageIn(locale))
      if (error instanceof DocumentError)
        throw new IpcFailure(error.code === "content-missing" ? "UNAVAILABLE" : "NOT_FOUND", error.text(locale))
      throw error
    }
  })
}
