import { existsSync } from "node:fs"
import { basename, resolve } from "node:path"
import type { Locale } from "../../../src-shared/events/stages"
import { formatDate } from "../../../src-shared/format/dates"
import { countOf, type PluralForms } from "../../../src-shared/format/plural"
import { openCliSession, type CliSession } from "../../composition/cli-session"
import { DEFAULT_LIMITS, type ExtractedDocument } from "../../documents/intake/contract"
import { formatSize, IntakeError } from "../../documents/intake/errors"
import { readDocumentFile } from "../../documents/intake/read-file"
import { addDocumentFile } from "../../runs/add-document"
import { DocumentError, DocumentsRepository, type SearchHit, type StoredDocument } from "../../store/documents-repo"
import { defaultDbPath } from "../../store/paths"
import { parseCommandArgs, parseLocale, UsageError, type ParsedArgs } from "../args"
import type { CliIo } from "../io"
import { runDocAudit, runDocCompare } from "./doc-einvoice"

// `fiskai doc add|list`: a client's documents from the command line (issue 22), the same intake
// and store as the app's. add reads the file (its kind from its content), extracts its text and
// stores it; the same bytes for the same client again give back the document already there.
// list prints the documents, newest first, or with --search the ones whose text matches; audit and
// compare are document actions run through the one run path (doc-einvoice.ts).
// Exit 0 on success, 1 when the file cannot be taken in or is not there, 2 for bad usage.

export const DOC_USAGE = `usage: fiskai doc add FILE [--client ID] [--title TEXT] [--json] [--db FILE]
       fiskai doc list [--client ID] [--search TEXT] [--limit N] [--json] [--db FILE]
       fiskai doc audit DOC [--as-of DATE] [--json] [--db FILE]
       fiskai doc compare DOC DOC [--json] [--db FILE]
  DOC             a stored document's id (doc list) or an e-invoice file (UBL 2.1 or CII XML);
                  a file is added to the documents first (without a client)
  audit           the e-invoice against EN 16931 and the rule pack: OIB check digits, required
                  fields, arithmetic, each VAT line's rate for its item on the issue date (or
                  --as-of); one finding per line, each citing its rule (--json: one object per line)
  compare         two e-invoices field by field
                  Both are runs like a question: recorded with their trace (the line "Recorded as
                  ID" names it; fiskai traces show|verify ID), exit 0 once printed, 1 when a
                  document is not an e-invoice or not there
  FILE            a PDF with a text layer, an XML (e-invoice), a CSV or a plain text file
  --client ID     the client the document belongs to (list: that client's documents only)
  --title TEXT    the title (default: the PDF's own title, else the file's name)
  --search TEXT   documents whose text has every word (by its beginning, diacritics folded)
  --limit N       at most N documents (default 50)
  --locale hr|en  language of the text output (default hr)
  --db FILE       the database (default: the app's data folder, or $FISKAI_DB); the files
                  themselves are kept in documents/ beside it`

const OPTIONS = {
  client: { type: "string" },
  title: { type: "string" },
  search: { type: "string" },
  limit: { type: "string" },
  json: { type: "boolean" },
  locale: { type: "string" },
  db: { type: "string" },
  "as-of": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

type Values = ParsedArgs<typeof OPTIONS>["values"]

type Invocation =
  | { sub: "add"; file: string; values: Values; locale: Locale }
  | { sub: "list"; limit: number; values: Values; locale: Locale }
  | { sub: "audit"; operands: string[]; values: Values; locale: Locale }
  | { sub: "compare"; operands: string[]; values: Values; locale: Locale }

export async function runDocCommand(argv: string[], io: CliIo): Promise<number> {
  const invocation = parseInvocation(argv, io)
  if (typeof invocation === "number") return invocation
  const dbPath = invocation.values.db ?? defaultDbPath()
  if (invocation.sub === "list" && !existsSync(dbPath)) {
    io.stderr.write(`fiskai doc: ${invocation.locale === "hr" ? `nema baze podataka na ${dbPath}` : `no database at ${dbPath}`}\n`)
    return 1
  }
  try {
    if (invocation.sub === "audit" || invocation.sub === "compare") return await einvoiceAction(io, invocation, dbPath)
    return invocation.sub === "add" ? await addDocument(io, invocation, dbPath) : listDocuments(io, invocation, dbPath)
  } catch (error) {
    if (error instanceof IntakeError || error instanceof DocumentError) {
      io.stderr.write(`fiskai doc ${invocation.sub}: ${error.text(invocation.locale)}\n`)
      return 1
    }
    throw error
  }
}

function parseInvocation(argv: string[], io: CliIo): Invocation | number {
  try {
    const { values, positionals } = parseCommandArgs("doc", argv, OPTIONS)
    if (values.help) {
      io.stdout.write(`${DOC_USAGE}\n`)
      return 0
    }
    const [sub, ...rest] = positionals
    const locale = values.locale === undefined ? "hr" : parseLocale("--locale", values.locale)
    if (values.client !== undefined && values.client.trim() === "") throw new UsageError("fiskai doc: --client needs an id")
    if (sub === "add") return { sub, values, locale, file: addFile(rest, values) }
    if (sub === "list") {
      if (rest.length > 0) throw new UsageError(`fiskai doc list: unexpected argument "${rest[0]}"`)
      if (values.title !== undefined) throw new UsageError("fiskai doc list: --title belongs to add")
      return { sub, values, locale, limit: parseLimit(values.limit) }
    }
    if (sub === "audit") return { sub, values, locale, operands: einvoiceOperands(sub, rest, values) }
    if (sub === "compare") return { sub, values, locale, operands: einvoiceOperands(sub, rest, values) }
    throw new UsageError(
      sub === undefined ? "fiskai doc: missing the subcommand (add, list, audit, compare)" : `fiskai doc: unknown subcommand "${sub}"`,
    )
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${DOC_USAGE}\n`)
    return 2
  }
}

function addFile(rest: string[], values: Values): string {
  const [file, ...extra] = rest
  if (file === undefined) throw new UsageError("fiskai doc add: missing the FILE to add")
  if (extra.length > 0) throw new UsageError(`fiskai doc add: unexpected argument "${extra[0]}" (one FILE at a time)`)
  if (values.search !== undefined || values.limit !== undefined)
    throw new UsageError("fiskai doc add: --search and --limit belong to list")
  if (values.title !== undefined && values.title.trim() === "") throw new UsageError("fiskai doc add: --title is empty")
  return file
}

function einvoiceOperands(sub: "audit" | "compare", rest: string[], values: Values): string[] {
  const wanted = sub === "audit" ? 1 : 2
  if (rest.length !== wanted) throw new UsageError(`fiskai doc ${sub}: expected ${wanted === 1 ? "one DOC" : "two DOCs"}, got ${rest.length}`)
  for (const name of ["client", "title", "search", "limit"] as const)
    if (values[name] !== undefined) throw new UsageError(`fiskai doc ${sub}: --${name} does not belong to ${sub}`)
  if (values["as-of"] !== undefined && (sub === "compare" || !/^\d{4}-\d{2}-\d{2}$/.test(values["as-of"])))
    throw new UsageError(sub === "compare" ? "fiskai doc compare: --as-of belongs to audit" : "--as-of: expected YYYY-MM-DD")
  return rest
}

function einvoiceAction(io: CliIo, invocation: Extract<Invocation, { sub: "audit" | "compare" }>, dbPath: string): Promise<number> {
  const { values, locale, operands } = invocation
  const dbOption = values.db === undefined ? "" : ` --db ${shellWord(values.db)}`
  const args = { dbPath, dbOption, json: values.json === true, locale, ...(values["as-of"] === undefined ? {} : { asOf: values["as-of"] }) }
  const [a, b] = operands
  if (a === undefined) return Promise.resolve(2)
  return invocation.sub === "audit" || b === undefined ? runDocAudit(io, a, args) : runDocCompare(io, a, b, args)
}

/** `path` as one shell word: quoted when a shell would split or expand it. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/u.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return 50
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10_000)
    throw new UsageError(`--limit: expected a whole number from 1 to 10000, got "${value}"`)
  return Number(value)
}

function withSession<T>(io: CliIo, dbPath: string, use: (docs: DocumentsRepository, session: CliSession) => T): T {
  const session = openCliSession({ dbPath, ...(io.clock ? { clock: io.clock } : {}), onNotice: (m) => io.stderr.write(`${m}\n`) })
  try {
    return use(new DocumentsRepository(session.store), session)
  } finally {
    session.close()
  }
}

async function addDocument(io: CliIo, invocation: Extract<Invocation, { sub: "add" }>, dbPath: string): Promise<number> {
  const { values, locale } = invocation
  const path = resolve(invocation.file)
  if (!existsSync(path)) throw new IntakeError("NOT_A_FILE", { hr: `nema datoteke ${path}`, en: `no file ${path}` })
  const bytes = readDocumentFile(path, DEFAULT_LIMITS)
  // The same intake as the window's (runs/add-document.ts): an e-invoice keeps its number and date.
  const session = openCliSession({ dbPath, ...(io.clock ? { clock: io.clock } : {}), onNotice: (m) => io.stderr.write(`${m}\n`) })
  try {
    const docs = new DocumentsRepository(session.store)
    const added = await addDocumentFile(docs, { bytes, fileName: basename(path), clientId: values.client ?? null, title: values.title?.trim() })
    return printAdded(io, added, locale, values.json)
  } finally {
    session.close()
  }
}

const KIND_NAMES = { pdf: "PDF", xml: "XML", csv: "CSV", text: "tekst" } as const
const PAGES: PluralForms = { hr: { one: "stranica", few: "stranice", other: "stranica" }, en: { one: "page", other: "pages" } }
const DOCUMENTS: PluralForms = {
  hr: { one: "dokument", few: "dokumenta", other: "dokumenata" },
  en: { one: "document", other: "documents" },
}

function describe(document: StoredDocument, locale: Locale): string {
  const kind = locale === "en" && document.kind === "text" ? "text" : KIND_NAMES[document.kind]
  const pages = document.pageCount === null ? [] : [countOf(document.pageCount, locale, PAGES)]
  return [kind, ...pages, formatSize(document.sizeBytes)].join(", ")
}

function printAdded(
  io: CliIo,
  result: { document: StoredDocument; created: boolean; notices: ExtractedDocument["notices"] },
  locale: Locale,
  json: boolean | undefined,
): number {
  if (json) {
    io.stdout.write(`${JSON.stringify(result)}\n`)
    return 0
  }
  const { document, created } = result
  const head =
    locale === "hr"
      ? created
        ? "Dodan dokument"
        : "Dokument je već dodan (iste datoteke)"
      : created
        ? "Added document"
        : "Already added (the same file)"
  io.stdout.write(`${head} ${document.id}: ${document.title} (${describe(document, locale)})\n`)
  for (const notice of result.notices) io.stdout.write(`${locale === "hr" ? "Napomena" : "Note"}: ${notice[locale]}\n`)
  return 0
}

function listDocuments(io: CliIo, invocation: Extract<Invocation, { sub: "list" }>, dbPath: string): number {
  const { values, locale, limit } = invocation
  const clientId = values.client
  return withSession(io, dbPath, (docs) => {
    if (values.search !== undefined) {
      const hits = docs.search({ text: values.search, clientId, limit })
      if (values.json) io.stdout.write(`${JSON.stringify(hits)}\n`)
      else printHits(io, hits, locale)
      return 0
    }
    const list = docs.list({ clientId, limit })
    if (values.json) io.stdout.write(`${JSON.stringify(list)}\n`)
    else {
      io.stdout.write(`${countOf(list.length, locale, DOCUMENTS)}\n`)
      for (const document of list) io.stdout.write(`${listLine(document, locale)}\n`)
    }
    return 0
  })
}

function listLine(document: StoredDocument, locale: Locale): string {
  const number = document.invoiceNumber === null ? "" : ` [${document.invoiceNumber}]`
  const client = document.clientId === null ? "" : `  (${document.clientId})`
  const date = formatDate(document.addedAt.slice(0, 10), locale)
  return `${document.id}  ${date}  ${document.title}${number}  ${describe(document, locale)}${client}`
}

function printHits(io: CliIo, hits: SearchHit[], locale: Locale): void {
  io.stdout.write(`${countOf(hits.length, locale, DOCUMENTS)}\n`)
  for (const hit of hits) {
    // Matched words in Croatian quotation marks: »plaće«.
    const snippet = hit.snippet.map((part) => (part.hit ? `»${part.text}«` : part.text)).join("").trim()
    io.stdout.write(`\n${listLine(hit.document, locale)}\n    ${snippet}\n`)
  }
}
