import { existsSync } from "node:fs"
import { basename, resolve } from "node:path"
import type { Difference, EInvoice, Finding } from "../../../src-shared/einvoice"
import type { TerminalEvent } from "../../../src-shared/events/event"
import type { Locale } from "../../../src-shared/events/stages"
import type { DocumentActionKind } from "../../../src-shared/run-documents"
import { openCliSession, type CliSession } from "../../composition/cli-session"
import { EInvoiceParseError, parseEInvoice } from "../../documents/einvoice"
import { DEFAULT_LIMITS } from "../../documents/intake/contract"
import { readDocumentFile } from "../../documents/intake/read-file"
import { documentsOf } from "../../engine/document-facts"
import { compareEInvoices } from "../../engine/document-audit"
import { addDocumentFile } from "../../runs/add-document"
import { DocumentsRepository } from "../../store/documents-repo"
import { parseStoredRequest } from "../../store/stored-request"
import type { CliIo } from "../io"
import { auditText, compareText, recordedText } from "./doc-einvoice-text"

// `fiskai doc audit DOC` and `fiskai doc compare A B` (issue 22, seed 002's Audit and Compare) as
// runs through the one run path, like the window's Audit button: the action and its parsed
// documents are frozen in the request, the run streams its stages into a stored trace, ends in one
// outcome, and verifies by replay (`fiskai traces verify`). A DOC is a stored document's id or a
// file; a file is first added to the documents (without a client, or found there by its hash), so
// the trace names a document that exists. The pack is the one in force (the app's, or a newer one
// published in the database), as for every run. What is printed is the run's: an audit's findings
// from its answer, a comparison's differences the run's answer carries.

export interface EInvoiceArgs {
  dbPath: string
  /** " --db FILE" when the user named the database, so the printed commands find the run again. */
  dbOption: string
  json: boolean
  locale: Locale
  asOf?: string
}

/** Exit 0 once the findings are printed (whatever they are), 1 when a document cannot be read. */
export function runDocAudit(io: CliIo, operand: string, args: EInvoiceArgs): Promise<number> {
  return runAction(io, "audit", [operand], args)
}

export function runDocCompare(io: CliIo, a: string, b: string, args: EInvoiceArgs): Promise<number> {
  return runAction(io, "compare", [a, b], args)
}

const QUESTIONS = {
  audit: { hr: "Revizija e-računa", en: "Audit of e-invoice" },
  compare: { hr: "Usporedba dokumenata", en: "Comparison of documents" },
} as const

async function runAction(io: CliIo, kind: Exclude<DocumentActionKind, "summarize">, operands: readonly string[], args: EInvoiceArgs): Promise<number> {
  const session = openCliSession({ dbPath: args.dbPath, ...(io.clock ? { clock: io.clock } : {}), onNotice: (m) => io.stderr.write(`${m}\n`) })
  try {
    const documents = await storedEInvoices(new DocumentsRepository(session.store), operands, args.locale)
    if (typeof documents === "string") {
      io.stderr.write(`fiskai doc: ${documents}\n`)
      return 1
    }
    const result = await session.service.ask({
      question: `${QUESTIONS[kind][args.locale]} ${documents.map((d) => d.label).join(", ")}`,
      locale: args.locale,
      action: { kind, documentIds: documents.map((d) => d.id), ...(args.asOf === undefined ? {} : { asOf: args.asOf }) },
    })
    // A document action never waits for a clarification: it ends in one outcome.
    if (result.status !== "complete" || result.event.status !== "complete") throw new Error(`the ${kind} run ${result.requestId} did not end`)
    const printed = printOutcome(io, session, result.requestId, result.event, args)
    if (printed && !args.json) io.stdout.write(`\n${recordedText(result.requestId, args.dbOption, args.locale)}`)
    return printed ? 0 : 1
  } finally {
    session.close()
  }
}

interface NamedDocument {
  id: string
  label: string
}

/**
 * Each operand as a stored e-invoice: an existing path is a file, read and added to the documents;
 * anything else names a stored document. A file or document that is not an e-invoice is refused
 * here, in the user's language, before anything is stored or run.
 */
async function storedEInvoices(docs: DocumentsRepository, operands: readonly string[], locale: Locale): Promise<NamedDocument[] | string> {
  const found: Array<{ operand: string; bytes: Buffer; invoice: EInvoice }> = []
  for (const operand of operands) {
    const bytes = existsSync(operand) ? readDocumentFile(resolve(operand), DEFAULT_LIMITS) : docs.content(docs.require(operand).id)
    try {
      found.push({ operand, bytes, invoice: parseEInvoice(bytes) })
    } catch (error) {
      if (!(error instanceof EInvoiceParseError)) throw error
      return error.messageIn(locale)
    }
  }
  const named: NamedDocument[] = []
  for (const { operand, bytes, invoice } of found) {
    const id = existsSync(operand) ? (await addDocumentFile(docs, { clientId: null, fileName: basename(operand), bytes })).document.id : operand
    named.push({ id, label: invoice.number?.value ?? basename(operand) })
  }
  return named
}

/** The run's outcome on standard output; false (with the reason on standard error) when it is not an answer. */
function printOutcome(io: CliIo, session: CliSession, requestId: string, terminal: TerminalEvent, args: EInvoiceArgs): boolean {
  if (terminal.stage === "REFUSAL" || terminal.stage === "ERROR" || terminal.stage === "CONDITIONAL_ANSWER") {
    const message = terminal.stage === "CONDITIONAL_ANSWER" ? terminal.data.headline : terminal.data.message
    io.stderr.write(`fiskai doc: ${message} (${requestId})\n`)
    return false
  }
  const invoices = recordedInvoices(session, requestId)
  const [first, second] = invoices
  if (first === undefined) return false
  if (terminal.data.documentAction === "audit") {
    const findings: Finding[] = terminal.data.documentFindings ?? []
    if (args.json) for (const finding of findings) io.stdout.write(`${JSON.stringify(finding)}\n`)
    else io.stdout.write(auditText(first, findings, args.locale))
    return true
  }
  // The differences are the run's answer's own (documentDifferences, as recorded in its trace);
  // should an answer lack them, the same pure comparison of the invoices its request recorded.
  const differences: Difference[] | undefined =
    terminal.data.documentDifferences ?? (second === undefined ? undefined : compareEInvoices(first, second))
  if (differences === undefined) return false
  if (args.json) for (const difference of differences) io.stdout.write(`${JSON.stringify(difference)}\n`)
  else io.stdout.write(compareText(differences, args.locale))
  return true
}

/** The parsed e-invoices the run's frozen request carries, in the order the action named them. */
function recordedInvoices(session: CliSession, requestId: string): EInvoice[] {
  const row = session.service.reader.row(requestId)
  if (row === undefined) return []
  const documents = documentsOf(parseStoredRequest(row.requestJson)) ?? []
  return documents.flatMap((d) => (d.invoice === undefined ? [] : [d.invoice]))
}
