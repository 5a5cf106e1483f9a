import { z } from "zod"
import { DocumentSummary, type AddedDocument, type AuditDocumentInput, type DocumentAudit } from "../../src-shared/documents"
import type { Locale } from "../../src-shared/events/stages"
import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Services } from "../composition/services"
import { EInvoiceParseError, parseEInvoice, type EInvoice } from "../documents/einvoice"
import { auditEInvoice } from "../engine/document-audit"
import { DEFAULT_LIMITS, type ExtractedDocument } from "../documents/intake/contract"
import { IntakeError } from "../documents/intake/errors"
import { extractDocument } from "../documents/intake/extract"
import type { HandlerTable } from "../ipc/handler-table"
import { packInForce } from "../packs/pack-in-force"
import { DocumentError, DocumentsRepository, sha256Of, type StoredDocument } from "../store/documents-repo"
import { mapStoreErrors } from "./store-errors"

// Client documents in the window (issue 22): the bytes a user dropped or chose arrive base64 and
// go through the same intake and store as `fiskai doc add`; an XML that reads as an e-invoice has
// its number and issue date kept (so @-mentions find it by number) and can be audited against the
// pack in force. A file intake refuses, an unknown client or document answer BAD_INPUT/NOT_FOUND
// with the reason in the language the window asked in; nothing is stored then.

type DocumentKeys = "documents.add" | "documents.list" | "documents.search" | "documents.complete" | "documents.audit"

/** What the handler keeps in a document's metadata, beside the repository's own columns. */
const DocumentMetadata = z.object({
  einvoice: z.object({ number: z.string().nullable(), issueDate: z.string().nullable() }).nullable().catch(null),
  pagesWithoutText: z.array(z.number().int().positive()).catch([]),
})
type DocumentMetadata = z.infer<typeof DocumentMetadata>

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
    "documents.audit": (input) => guard(localeOf(input.locale), () => auditDocument(services, docs, input)),
  }
}

export interface AddRequest {
  clientId: string | null
  fileName: string
  title?: string | undefined
  bytes: Buffer
}

/** The window's way of adding a file (also what `npm run bench -- documents` measures). */
export async function addDocument(docs: DocumentsRepository, request: AddRequest): Promise<AddedDocument> {
  const { clientId, bytes } = request
  // An unknown client, or the same bytes already there: answered before extracting anything.
  docs.checkClient(clientId)
  const known = docs.findByContent(sha256Of(bytes), clientId)
  if (known !== null) return { document: summaryOf(known), created: false, notices: [] }
  const extracted = await extractDocument(bytes, DEFAULT_LIMITS)
  const einvoice = extracted.kind === "xml" ? readEInvoice(bytes) : null
  const metadata: DocumentMetadata = {
    einvoice: einvoice === null ? null : { number: einvoice.number?.value ?? null, issueDate: einvoice.issueDate?.value ?? null },
    pagesWithoutText: extracted.notices.flatMap((notice) => notice.pages),
  }
  const added = docs.add({
    bytes,
    fileName: request.fileName,
    clientId,
    title: request.title ?? extracted.embeddedTitle ?? titleFromName(request.fileName),
    kind: extracted.kind,
    text: extracted.text,
    pageCount: extracted.pageCount,
    invoiceNumber: metadata.einvoice?.number?.trim().slice(0, 100) || null,
    metadata,
  })
  return { document: summaryOf(added.document), created: added.created, notices: noticesOf(extracted) }
}

/** The e-invoice an XML file is, or null when it is some other XML (still stored, not auditable). */
function readEInvoice(bytes: Buffer): EInvoice | null {
  try {
    return parseEInvoice(bytes)
  } catch (error) {
    if (error instanceof EInvoiceParseError) return null
    throw error
  }
}

function auditDocument(services: Services, docs: DocumentsRepository, input: AuditDocumentInput): DocumentAudit {
  const document = docs.require(input.id)
  const invoice = parseEInvoice(docs.content(document.id))
  const { pack } = packInForce(services.store, services.pack)
  const findings = auditEInvoice(invoice, pack, input.asOf === undefined ? {} : { asOf: input.asOf })
  return {
    document: summaryOf(document),
    invoiceNumber: invoice.number?.value ?? null,
    pack: { id: pack.id, version: pack.version },
    findings,
  }
}

export function summaryOf(document: StoredDocument): DocumentSummary {
  const metadata = DocumentMetadata.safeParse(document.metadata ?? {})
  const meta = metadata.success ? metadata.data : { einvoice: null, pagesWithoutText: [] }
  return DocumentSummary.parse({
    id: document.id,
    clientId: document.clientId,
    sha256: document.sha256,
    title: document.title,
    kind: document.kind,
    fileName: document.fileName,
    sizeBytes: document.sizeBytes,
    pageCount: document.pageCount,
    addedAt: document.addedAt,
    invoiceNumber: document.invoiceNumber,
    issueDate: meta.einvoice?.issueDate ?? null,
    isEInvoice: meta.einvoice !== null,
    pagesWithoutText: meta.pagesWithoutText,
  })
}

function noticesOf(extracted: ExtractedDocument): AddedDocument["notices"] {
  return extracted.notices.map((notice) => ({ pages: notice.pages, hr: notice.hr, en: notice.en }))
}

function titleFromName(fileName: string): string {
  const name = fileName.replace(/\.[^.]*$/u, "").trim()
  return name === "" ? fileName : name
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
