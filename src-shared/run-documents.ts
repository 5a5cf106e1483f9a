import { z } from "zod"
import { DocumentKind } from "./documents"

// Client documents a run is about (issue 22, seed 002's resolved_doc_ids): the documents a question
// names with @ (chosen in the completion list or after the pause) go into the run's frozen request
// as plain data, so the trace records which documents the answer was about (id, title, the SHA-256
// of the bytes) and a replay years later reads the same facts without the document store.

/** An e-invoice field a question can ask about, by what it is (EN 16931 terms in `bt`). */
export const DocumentFactField = z.enum([
  "number",
  "issueDate",
  "dueDate",
  "currency",
  "seller.name",
  "seller.oib",
  "seller.vatId",
  "buyer.name",
  "buyer.oib",
  "buyer.vatId",
  "totals.taxExclusive",
  "totals.taxAmount",
  "totals.taxInclusive",
  "totals.payable",
  "vat.category",
  "vat.rate",
  "vat.taxableAmount",
  "vat.taxAmount",
])

/** One extracted value, exactly as the document writes it, with where it stands in the file. */
export const DocumentFact = z.strictObject({
  field: DocumentFactField,
  value: z.string().max(500),
  /** The XML path it was read from, e.g. "cac:TaxTotal/cac:TaxSubtotal[2]/cbc:TaxAmount". */
  path: z.string().max(500),
  bt: z.string().max(10).optional(),
  /** For the VAT breakdown: which of its lines (1-based). */
  line: z.number().int().positive().optional(),
})

export const RunDocument = z.strictObject({
  id: z.string().min(1).max(64),
  title: z.string().max(300),
  /** SHA-256 (hex) of the document's bytes: the trace names exactly the file it was about. */
  contentHash: z.string().regex(/^[0-9a-f]{64}$/),
  kind: DocumentKind,
  invoiceNumber: z.string().max(100).nullable(),
  /** When it was added (the evidence's date). */
  addedAt: z.string(),
  /** The e-invoice's fields; absent for a document that is not one (PDF, CSV, text). */
  facts: z.array(DocumentFact).max(400).optional(),
})

/** At most this many documents go with one question (as many as a question may mention). */
export const MAX_RUN_DOCUMENTS = 20
export const RunDocuments = z.array(RunDocument).min(1).max(MAX_RUN_DOCUMENTS)

/** What an answer from documents rests on: each document with the fields the answer read. */
export const DocumentEvidence = z.strictObject({
  documentId: z.string(),
  title: z.string(),
  contentHash: z.string(),
  facts: z.array(DocumentFact),
})

export type DocumentFactField = z.infer<typeof DocumentFactField>
export type DocumentFact = z.infer<typeof DocumentFact>
export type RunDocument = z.infer<typeof RunDocument>
export type DocumentEvidence = z.infer<typeof DocumentEvidence>
