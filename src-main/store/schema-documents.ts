import { sql } from "drizzle-orm"
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core"

// Client documents (issue 22), read by drizzle-kit with schema.ts. A row holds what intake made of
// a file (its kind, text, pages) and where its bytes are: the SHA-256 names the file in the
// content-addressed folder beside the database (documents-repo.ts says why not a BLOB).
//
// The same bytes are one document per client: adding them again for that client returns the
// document already there. They may still belong to two clients (an invoice between two clients
// of the firm is in both their books), so the hash is unique per client, not globally; the bytes
// themselves are stored once. A document without a client (the firm's own) is keyed as client ''.
//
// `seq` is the row's own integer key: the search indexes (custom part of migration 0010) refer
// to rows by it, and SQLite keeps an INTEGER PRIMARY KEY through VACUUM, which an implicit rowid
// is not promised to be. `id` is what everything else uses.

export const documents = sqliteTable(
  "documents",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull(),
    clientId: text("client_id"),
    sha256: text("sha256").notNull(),
    title: text("title").notNull(),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    pageCount: integer("page_count"),
    addedAt: text("added_at").notNull(),
    /** An invoice's number, when known (the e-invoice reader fills it later); searched and completed. */
    invoiceNumber: text("invoice_number"),
    /** Whatever a later reader learns (e-invoice fields), as JSON. */
    metadataJson: text("metadata_json"),
    /** The text intake extracted: what the search index reads. */
    text: text("text").notNull(),
  },
  (t) => [
    uniqueIndex("documents_id_idx").on(t.id),
    uniqueIndex("documents_client_sha_idx").on(sql`ifnull(${t.clientId}, '')`, t.sha256),
    index("documents_client_idx").on(t.clientId, t.addedAt),
    index("documents_sha_idx").on(t.sha256),
    check("documents_kind", sql`${t.kind} IN ('pdf', 'xml', 'csv', 'text')`),
    check("documents_sha256", sql`length(${t.sha256}) = 64`),
  ],
)

export type DocumentRow = typeof documents.$inferSelect
