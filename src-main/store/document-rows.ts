import type { z } from "zod"
import { StoredDocument, type ClientScope, type NewDocument } from "./documents-model"
import type { DocumentRow } from "./schema-documents"

// A document's row as SQL gives it and takes it (documents-repo.ts), and which client's documents
// a query reads.

/** Every column but the text: lists and completion never need it, and it can be megabytes. */
export const META = "seq, id, client_id, sha256, title, kind, file_name, size_bytes, page_count, added_at, invoice_number, metadata_json"
export const metaOf = (alias: string) => META.split(", ").map((c) => `${alias}.${c}`).join(", ")

export interface SqlRow {
  seq: number
  id: string
  client_id: string | null
  sha256: string
  title: string
  kind: string
  file_name: string
  size_bytes: number
  page_count: number | null
  added_at: string
  invoice_number: string | null
  metadata_json: string | null
  /** Only where the query selects it. */
  text?: string
}

export function fromSql(row: SqlRow): StoredDocument {
  return toDocument({
    seq: row.seq,
    id: row.id,
    clientId: row.client_id,
    sha256: row.sha256,
    title: row.title,
    kind: row.kind,
    fileName: row.file_name,
    sizeBytes: row.size_bytes,
    pageCount: row.page_count,
    addedAt: row.added_at,
    invoiceNumber: row.invoice_number,
    metadataJson: row.metadata_json,
  })
}

function toDocument(row: Omit<DocumentRow, "text">): StoredDocument {
  return StoredDocument.parse({
    id: row.id,
    clientId: row.clientId,
    sha256: row.sha256,
    title: row.title,
    kind: row.kind,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    pageCount: row.pageCount,
    addedAt: row.addedAt,
    invoiceNumber: row.invoiceNumber,
    metadata: row.metadataJson === null ? null : (JSON.parse(row.metadataJson) as unknown),
  })
}

export function rowOf(doc: z.output<typeof NewDocument>, keys: { id: string; sha256: string; addedAt: string }) {
  return {
    ...keys,
    clientId: doc.clientId,
    title: doc.title,
    kind: doc.kind,
    fileName: doc.fileName,
    sizeBytes: doc.bytes.length,
    pageCount: doc.pageCount,
    invoiceNumber: doc.invoiceNumber,
    metadataJson: doc.metadata === null ? null : JSON.stringify(doc.metadata),
    text: doc.text,
  }
}

export function scopeSql(clientId: ClientScope, prefix: string): { sql: string; params: string[] } {
  if (clientId === undefined) return { sql: "1", params: [] }
  if (clientId === null) return { sql: `${prefix}client_id IS NULL`, params: [] }
  return { sql: `${prefix}client_id = ?`, params: [clientId] }
}
