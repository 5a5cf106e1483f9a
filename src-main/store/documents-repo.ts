import { randomUUID } from "node:crypto"
import { existsSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { eq } from "drizzle-orm"
import { contentPathIn, readContent, sha256Of, writeContent } from "./document-content"
import { fold, quote, rankCompletion, searchWords, snippetOf, trigrams } from "./document-finding"
import { fromSql, META, metaOf, rowOf, scopeSql, type SqlRow } from "./document-rows"
import { DocumentError, NewDocument, notFound, type ClientScope, type Completion, type SearchHit, type StoredDocument } from "./documents-model"
import { clients } from "./schema"
import { documents } from "./schema-documents"
import type { Store } from "./store"

// Client documents (issue 22): what intake extracted, kept with the file's bytes, searchable in
// full text and by name for @-mentions. Adding is idempotent by content: the same bytes for the
// same client give back the document already there (`created: false`).
//
// The bytes live in files named by their SHA-256 under `documents/` beside the database, not as
// BLOBs in it: every open runs SQLite's quick check over the whole database file (integrity.ts,
// about 1 s per 400 MB), so documents of tens of megabytes each would slow every start of the app
// for ever; and the WAL would write each file twice. A file is written (fsync, then renamed into
// place) before its row commits, so a row never names bytes that are not on disk; a crash between
// the two leaves only an unreferenced file, which the next add of the same bytes reuses. A file
// is read back only through its hash, which is checked.
//
// What a document is (documents-model.ts), its bytes on disk (document-content.ts), its row
// (document-rows.ts) and how it is found by words and names (document-finding.ts) live beside this.

export { DocumentError, NewDocument, StoredDocument, type ClientScope, type Completion, type SearchHit, type SnippetPart } from "./documents-model"
export { sha256Of } from "./document-content"
export { fold, rankCompletion, searchWords, snippetOf } from "./document-finding"

const MAX_CANDIDATES = 200

export class DocumentsRepository {
  readonly contentDir: string

  constructor(
    private readonly store: Store,
    options: { contentDir?: string } = {},
  ) {
    if (options.contentDir === undefined && store.path === ":memory:")
      throw new Error("documents of an in-memory store need a contentDir")
    this.contentDir = options.contentDir ?? join(dirname(store.path), "documents")
  }

  /** The client's document with these bytes, if it has one (before extracting anything). */
  findByContent(sha256: string, clientId: string | null): StoredDocument | null {
    const row = this.store.sqlite
      .prepare(`SELECT ${META} FROM documents WHERE ifnull(client_id, '') = ? AND sha256 = ?`)
      .get(clientId ?? "", sha256) as SqlRow | undefined
    return row === undefined ? null : fromSql(row)
  }

  add(input: NewDocument): { document: StoredDocument; created: boolean } {
    const doc = NewDocument.parse(input)
    const sha256 = sha256Of(doc.bytes)
    this.checkClient(doc.clientId)
    const existing = this.findByContent(sha256, doc.clientId)
    if (existing !== null) return { document: existing, created: false }
    writeContent(this.contentPath(sha256), doc.bytes)
    const id = randomUUID()
    const created = this.store.sqlite
      .transaction(() => {
        // Another process may have added the same bytes since the look above.
        if (this.findByContent(sha256, doc.clientId) !== null) return false
        this.store.db.insert(documents).values(rowOf(doc, { id, sha256, addedAt: this.store.clock().toISOString() })).run()
        return true
      })
      .immediate()
    const document = created ? this.get(id) : this.findByContent(sha256, doc.clientId)
    if (document === null) throw notFound(id)
    // A delete of the same bytes elsewhere may have removed the file between write and commit.
    if (!existsSync(this.contentPath(sha256))) writeContent(this.contentPath(sha256), doc.bytes)
    return { document, created }
  }

  get(id: string): StoredDocument | null {
    const row = this.store.sqlite.prepare(`SELECT ${META} FROM documents WHERE id = ?`).get(id) as SqlRow | undefined
    return row === undefined ? null : fromSql(row)
  }

  require(id: string): StoredDocument {
    const document = this.get(id)
    if (document === null) throw notFound(id)
    return document
  }

  /** The extracted text. */
  text(id: string): string {
    const row = this.store.sqlite.prepare("SELECT text FROM documents WHERE id = ?").get(id) as { text: string } | undefined
    if (row === undefined) throw notFound(id)
    return row.text
  }

  /** The file's bytes, checked against their hash. */
  content(id: string): Buffer {
    const { sha256 } = this.require(id)
    return readContent(id, this.contentPath(sha256), sha256)
  }

  /** Newest first. */
  list(scope: { clientId?: ClientScope; limit?: number } = {}): StoredDocument[] {
    const where = scopeSql(scope.clientId, "")
    const rows = this.store.sqlite
      .prepare(`SELECT ${META} FROM documents WHERE ${where.sql} ORDER BY added_at DESC, seq DESC LIMIT ?`)
      .all(...where.params, scope.limit ?? -1) as SqlRow[]
    return rows.map(fromSql)
  }

  /** Full text: every word of the query must occur (by its beginning, diacritics folded); best first. */
  search(query: { text: string; clientId?: ClientScope; limit?: number }): SearchHit[] {
    const words = searchWords(query.text)
    if (words.length === 0) return []
    const where = scopeSql(query.clientId, "d.")
    const rows = this.store.sqlite
      .prepare(
        `SELECT d.* FROM documents_fts f JOIN documents d ON d.seq = f.rowid
         WHERE documents_fts MATCH ? AND ${where.sql} ORDER BY bm25(documents_fts, 10.0, 10.0, 1.0), d.seq DESC LIMIT ?`,
      )
      .all(words.map((w) => `"${w}"*`).join(" "), ...where.params, query.limit ?? 20) as SqlRow[]
    return rows.map((row) => ({ document: fromSql(row), snippet: snippetOf(row.text ?? "", words) }))
  }

  /** @-mention completion: documents whose title or invoice number match what was typed, best first. */
  complete(query: { text: string; clientId?: ClientScope; limit?: number }): Completion[] {
    const limit = query.limit ?? 10
    // A control character ends an FTS5 string early ("unterminated string"): it reads as a space.
    const typed = fold(query.text).replace(/\p{Cc}/gu, " ").trim()
    if (typed === "")
      return this.list({ clientId: query.clientId, limit }).map((document) => ({ document, matchedOn: "title", score: 0 }))
    const found = new Map<string, Completion>()
    for (const row of this.nameCandidates(typed, query.clientId, limit)) {
      const ranked = rankCompletion(fromSql(row), typed)
      if (ranked !== null) found.set(ranked.document.id, ranked)
    }
    return [...found.values()]
      .sort((a, b) => b.score - a.score || b.document.addedAt.localeCompare(a.document.addedAt))
      .slice(0, limit)
  }

  /** Deletes the document; its file goes too when no other document has the same bytes. */
  delete(id: string): boolean {
    const document = this.get(id)
    if (document === null) return false
    const stillUsed = this.store.sqlite
      .transaction(() => {
        this.store.db.delete(documents).where(eq(documents.id, id)).run()
        return this.store.sqlite.prepare("SELECT 1 FROM documents WHERE sha256 = ? LIMIT 1").get(document.sha256) !== undefined
      })
      .immediate()
    if (!stillUsed) rmSync(this.contentPath(document.sha256), { force: true })
    return true
  }

  contentPath(sha256: string): string {
    return contentPathIn(this.contentDir, sha256)
  }

  /** Throws DocumentError "unknown-client" unless the client exists (null: the firm's own, always). */
  checkClient(clientId: string | null): void {
    if (clientId === null) return
    const known = this.store.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).get()
    if (known === undefined)
      throw new DocumentError("unknown-client", {
        hr: `nema klijenta ${clientId}; dokument nije dodan`,
        en: `no client ${clientId}; the document was not added`,
      })
  }

  /** Substring matches (three characters or more), prefix matches of words (fewer), and near misses. */
  private nameCandidates(typed: string, clientId: ClientScope, limit: number): SqlRow[] {
    const where = scopeSql(clientId, "d.")
    const run = (table: string, match: string) =>
      this.store.sqlite
        .prepare(`SELECT ${metaOf("d")} FROM ${table} n JOIN documents d ON d.seq = n.rowid WHERE ${table} MATCH ? AND ${where.sql} LIMIT ?`)
        .all(match, ...where.params, MAX_CANDIDATES) as SqlRow[]
    if ([...typed].length < 3) {
      const words = searchWords(typed)
      return words.length === 0 ? [] : run("documents_fts", `{title invoice_number} : ${words.map((w) => `"${w}"*`).join(" ")}`)
    }
    const exact = run("documents_names", quote(typed))
    const grams = trigrams(typed)
    // Near misses only when what was typed, as typed, is not found enough.
    if (grams.length < 2 || exact.length >= limit) return exact
    return [...exact, ...run("documents_names", grams.map(quote).join(" OR "))]
  }
}

