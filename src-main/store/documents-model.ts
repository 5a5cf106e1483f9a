import { z } from "zod"
import type { Locale } from "../../src-shared/events/stages"
import { typedText } from "../../src-shared/text"

// What the client documents' store takes and gives (documents-repo.ts): a document to add, a
// stored one (every column but its text), what search and @-mention completion return, and the
// errors, each in both languages.

export const NewDocument = z.object({
  bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, "bytes expected"),
  fileName: z.string().min(1).max(255),
  clientId: z.string().min(1).nullable(),
  title: typedText("title", 300),
  kind: z.enum(["pdf", "xml", "csv", "text"]),
  text: z.string(),
  pageCount: z.number().int().positive().nullable(),
  invoiceNumber: z.string().trim().min(1).max(100).nullable().default(null),
  metadata: z.json().nullable().default(null),
})
export type NewDocument = z.input<typeof NewDocument>

export const StoredDocument = z.object({
  id: z.string(),
  clientId: z.string().nullable(),
  sha256: z.string(),
  title: z.string(),
  kind: z.enum(["pdf", "xml", "csv", "text"]),
  fileName: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  pageCount: z.number().int().positive().nullable(),
  addedAt: z.string(),
  invoiceNumber: z.string().nullable(),
  metadata: z.json().nullable(),
})
export type StoredDocument = z.infer<typeof StoredDocument>

/** Which documents: one client's, the firm's own (null), or all (undefined). */
export type ClientScope = string | null | undefined

export interface SnippetPart {
  text: string
  hit: boolean
}
export interface SearchHit {
  document: StoredDocument
  /** A passage of the text around the first match, matched words marked. */
  snippet: SnippetPart[]
}
export interface Completion {
  document: StoredDocument
  matchedOn: "number" | "title"
  score: number
}

export class DocumentError extends Error {
  constructor(
    readonly code: "not-found" | "unknown-client" | "content-missing",
    private readonly texts: { hr: string; en: string },
  ) {
    super(texts.en)
  }
  text(locale: Locale): string {
    return this.texts[locale]
  }
}

export function notFound(id: string): DocumentError {
  return new DocumentError("not-found", { hr: `nema dokumenta ${id}`, en: `no document ${id}` })
}
