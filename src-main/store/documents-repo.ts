import { createHash, randomUUID } from "node:crypto"
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from "node:fs"
import { dirname, join } from "node:path"
import { z } from "zod"
import { typedText } from "../../src-shared/text"
import type { Locale } from "../../src-shared/events/stages"
import { clients } from "./schema"
import { documents, type DocumentRow } from "./schema-documents"
import type { Store } from "./store"
import { eq } from "drizzle-orm"

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

const MAX_CANDIDATES = 200
/** Every column but the text: lists and completion never need it, and it can be megabytes. */
const META = "seq, id, client_id, sha256, title, kind, file_name, size_bytes, page_count, added_at, invoice_number, metadata_json"
const metaOf = (alias: string) => META.split(", ").map((c) => `${alias}.${c}`).join(", ")

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
    const path = this.contentPath(sha256)
    const bytes = existsSync(path) ? readFileSync(path) : null
    if (bytes === null || sha256Of(bytes) !== sha256)
      throw new DocumentError("content-missing", {
        hr: `sadržaj dokumenta ${id} nedostaje ili je promijenjen (${path}); dodajte datoteku ponovno`,
        en: `the content of document ${id} is missing or changed (${path}); add the file again`,
      })
    return bytes
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
    return join(this.contentDir, sha256.slice(0, 2), sha256)
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

interface SqlRow {
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

function fromSql(row: SqlRow): StoredDocument {
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

function rowOf(doc: z.output<typeof NewDocument>, keys: { id: string; sha256: string; addedAt: string }) {
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

function notFound(id: string): DocumentError {
  return new DocumentError("not-found", { hr: `nema dokumenta ${id}`, en: `no document ${id}` })
}

function scopeSql(clientId: ClientScope, prefix: string): { sql: string; params: string[] } {
  if (clientId === undefined) return { sql: "1", params: [] }
  if (clientId === null) return { sql: `${prefix}client_id IS NULL`, params: [] }
  return { sql: `${prefix}client_id = ?`, params: [clientId] }
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex")
}

function writeContent(path: string, bytes: Uint8Array): void {
  if (existsSync(path) && statSync(path).size === bytes.length) return
  mkdirSync(dirname(path), { recursive: true })
  const temp = `${path}.tmp-${process.pid}-${randomUUID()}`
  const fd = openSync(temp, "wx")
  try {
    writeSync(fd, bytes)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, path)
}

/**
 * Lower case, diacritics off, đ as d: how the indexes see text (migration 0010). One character
 * in, one out, so positions in the folded text are positions in the original.
 */
export function fold(text: string): string {
  let out = ""
  for (const ch of text.toLowerCase()) {
    if (ch === "đ") out += "d"
    else {
      const base = ch.normalize("NFD").replace(/\p{M}+/gu, "")
      out += base.length === ch.length ? base : ch
    }
  }
  return out
}

/**
 * The query's words, folded, as prefixes; FTS5 syntax in them cannot survive (only letters and
 * digits do). Croatian words change their endings ("plaća", "plaće", "plaću"), so, as the history
 * search does, a word is cut to six characters, and a word of five or six that ends in a vowel
 * loses it ("placa" finds "plaće"). Numbers stay whole.
 */
export function searchWords(text: string): string[] {
  const words = fold(text).match(/[\p{L}\p{N}]+/gu) ?? []
  return words.slice(0, 16).map((word) => {
    if (/\p{N}/u.test(word)) return word
    const cut = [...word].slice(0, 6).join("")
    return cut.length >= 5 && /[aeiou]$/.test(cut) ? cut.slice(0, -1) : cut
  })
}

function quote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`
}

function trigrams(text: string): string[] {
  const chars = [...text]
  const grams = new Set<string>()
  for (let i = 0; i + 3 <= chars.length; i += 1) grams.add(chars.slice(i, i + 3).join(""))
  return [...grams]
}

/** How well a document's number or title matches what was typed (folded); null when it does not. */
export function rankCompletion(document: StoredDocument, typed: string): Completion | null {
  const number = fold(document.invoiceNumber ?? "")
  const title = fold(document.title)
  const scored: Array<[number, "number" | "title"]> = [
    [number === typed ? 1000 : 0, "number"],
    [number.startsWith(typed) && number !== "" ? 900 : 0, "number"],
    [title === typed ? 850 : 0, "title"],
    [title.startsWith(typed) ? 800 : 0, "title"],
    [title.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(typed)) ? 700 : 0, "title"],
    [number.includes(typed) && number !== "" ? 600 : 0, "number"],
    [title.includes(typed) ? 500 : 0, "title"],
    // Near misses in titles only: a number with a typo is another number.
    [Math.round(400 * similarity(typed, title)), "title"],
  ]
  const [score, matchedOn] = scored.reduce((best, next) => (next[0] > best[0] ? next : best))
  // A near miss counts when half the typed text's trigrams are in the title (one typo in a word
  // of about six letters removes three of them).
  return score >= 200 ? { document, matchedOn, score } : null
}

/** The share of the typed text's trigrams that occur in the candidate. */
function similarity(typed: string, candidate: string): number {
  const grams = trigrams(typed)
  if (grams.length === 0 || candidate === "") return 0
  return grams.filter((g) => candidate.includes(g)).length / grams.length
}

const SNIPPET_BEFORE = 60
const SNIPPET_LENGTH = 220

/** A passage around the first word that begins with a query word, those words marked. */
export function snippetOf(text: string, words: readonly string[]): SnippetPart[] {
  const folded = fold(text)
  const matches = [...folded.matchAll(/[\p{L}\p{N}]+/gu)].filter((m) => words.some((w) => m[0].startsWith(w)))
  const first = matches[0]?.index ?? 0
  let start = Math.max(0, first - SNIPPET_BEFORE)
  while (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1] ?? "")) start -= 1
  const end = Math.min(text.length, start + SNIPPET_LENGTH)
  const parts: SnippetPart[] = start > 0 ? [{ text: "…", hit: false }] : []
  let at = start
  for (const m of matches) {
    const from = m.index
    if (from < at) continue
    if (from >= end) break
    if (from > at) parts.push({ text: text.slice(at, from).replace(/\s+/g, " "), hit: false })
    parts.push({ text: text.slice(from, from + m[0].length), hit: true })
    at = from + m[0].length
  }
  if (at < end) parts.push({ text: text.slice(at, end).replace(/\s+/g, " "), hit: false })
  if (end < text.length) parts.push({ text: "…", hit: false })
  return parts
}
