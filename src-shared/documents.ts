import { z } from "zod"
import { Locale } from "./events/stages"
import { typedText } from "./text"

// Client documents over IPC (issue 22): the window sends a file's bytes to the main process's
// intake, lists and searches a client's documents, completes @-mentions and audits e-invoices.
// The main process's own types (documents-repo.ts) stay behind the
// handlers; these are what crosses the boundary.

/** The largest file the window may send: intake's own limit (documents/intake/contract.ts, 25 MB). */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024
/** Base64 of DOCUMENT_MAX_BYTES: four characters per three bytes, padded. */
const MAX_BASE64_LENGTH = Math.ceil(DOCUMENT_MAX_BYTES / 3) * 4
/**
 * The largest message the browser host's socket takes (src-main/host/server.ts): a documents.add of
 * a file of DOCUMENT_MAX_BYTES in base64, with room for its JSON (id, channel, file name, title).
 * Anything larger closes the socket (code 1009), so the window refuses a larger file before sending.
 */
export const HOST_MAX_MESSAGE_BYTES = MAX_BASE64_LENGTH + 64 * 1024

export const DocumentKind = z.enum(["pdf", "xml", "csv", "text"])

/** A client's document as lists show it (never its text, which can be megabytes). */
export const DocumentSummary = z.object({
  id: z.string(),
  clientId: z.string().nullable(),
  sha256: z.string(),
  title: z.string(),
  kind: DocumentKind,
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  pageCount: z.number().int().positive().nullable(),
  addedAt: z.string(),
  invoiceNumber: z.string().nullable(),
  /** An e-invoice's issue date (BT-2), when the file is one. */
  issueDate: z.string().nullable(),
  /** Whether the file reads as an e-invoice (UBL 2.1 or CII): only those can be audited. */
  isEInvoice: z.boolean(),
  /** PDF pages without a text layer (scanned): their words are not searchable. */
  pagesWithoutText: z.array(z.number().int().positive()),
})

/** Which documents: one client's (an id), the firm's own (null), or every one (absent). */
const ClientScope = z.string().min(1).max(64).nullable().optional()

export const AddDocumentInput = z.strictObject({
  clientId: z.string().min(1).max(64).nullable(),
  fileName: typedText("file name", 255),
  /** The file's bytes, base64 (JSON carries no bytes). */
  contentBase64: z.base64().max(MAX_BASE64_LENGTH, "the file is larger than 25 MB"),
  title: typedText("title", 300).optional(),
  locale: Locale.optional(),
})

export const IntakeNote = z.object({ pages: z.array(z.number().int().positive()), hr: z.string(), en: z.string() })

export const AddedDocument = z.object({
  document: DocumentSummary,
  /** False when the client already had the same bytes: the document already there comes back. */
  created: z.boolean(),
  notices: z.array(IntakeNote),
})

export const DocumentListInput = z.strictObject({ clientId: ClientScope, limit: z.number().int().min(1).max(1000).optional() })

export const DocumentSearchInput = z.strictObject({
  text: z.string().trim().min(1, "search is empty").max(200),
  clientId: ClientScope,
  limit: z.number().int().min(1).max(100).optional(),
})

export const SnippetPart = z.object({ text: z.string(), hit: z.boolean() })
export const DocumentHit = z.object({ document: DocumentSummary, snippet: z.array(SnippetPart) })

/** What was typed after "@" (may be empty: the newest documents then). */
export const DocumentCompleteInput = z.strictObject({
  text: z.string().max(200),
  clientId: ClientScope,
  limit: z.number().int().min(1).max(50).optional(),
})

export const DocumentCompletion = z.object({
  document: DocumentSummary,
  matchedOn: z.enum(["number", "title"]),
  score: z.number(),
})

export type DocumentKind = z.infer<typeof DocumentKind>
export type DocumentSummary = z.infer<typeof DocumentSummary>
export type AddDocumentInput = z.infer<typeof AddDocumentInput>
export type IntakeNote = z.infer<typeof IntakeNote>
export type AddedDocument = z.infer<typeof AddedDocument>
export type DocumentListInput = z.infer<typeof DocumentListInput>
export type DocumentSearchInput = z.infer<typeof DocumentSearchInput>
export type DocumentHit = z.infer<typeof DocumentHit>
export type DocumentCompleteInput = z.infer<typeof DocumentCompleteInput>
export type DocumentCompletion = z.infer<typeof DocumentCompletion>
