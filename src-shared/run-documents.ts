import { z } from "zod"
import { IsoDate } from "./context"
import { DocumentKind } from "./documents"
import { EInvoice } from "./einvoice"

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
  /**
   * Addition (document actions): the parsed e-invoice, so that an audit, a comparison or a summary
   * is computed again by a replay from the request alone. Only a run with an action carries it.
   */
  invoice: EInvoice.optional(),
  /** Addition (document actions): the start of the extracted text of a document that is not an e-invoice, for its summary. */
  excerpt: z.string().max(4000).optional(),
})

/** At most this many documents go with one question (as many as a question may mention). */
export const MAX_RUN_DOCUMENTS = 20
export const RunDocuments = z.array(RunDocument).min(1).max(MAX_RUN_DOCUMENTS)

/** Seed 002's document actions: audit an e-invoice, compare two, summarize one document. */
export const DocumentActionKind = z.enum(["audit", "compare", "summarize"])

/** How many documents each action works on. */
export const ACTION_DOCUMENT_COUNT: Record<DocumentActionKind, number> = { audit: 1, compare: 2, summarize: 1 }

/**
 * A document action as a host asks for it (runs.ask, `fiskai doc audit|compare|summarize`): it runs
 * through the one run path like a question, with the documents frozen into its request in this order.
 */
export const DocumentActionRequest = z
  .strictObject({
    kind: DocumentActionKind,
    documentIds: z.array(z.string().min(1).max(64)).min(1).max(2),
    /** The day an audit checks VAT rates for; the invoice's issue date when absent. */
    asOf: IsoDate.optional(),
  })
  .refine((action) => action.documentIds.length === ACTION_DOCUMENT_COUNT[action.kind], {
    message: "an audit or a summary takes one document, a comparison two",
    path: ["documentIds"],
  })

/** The action as a run's frozen request records it; its documents are the request's `documents`, in order. */
export const DocumentAction = z.strictObject({ kind: DocumentActionKind, asOf: IsoDate.optional() })

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
export type DocumentActionKind = z.infer<typeof DocumentActionKind>
export type DocumentActionRequest = z.infer<typeof DocumentActionRequest>
export type DocumentAction = z.infer<typeof DocumentAction>
