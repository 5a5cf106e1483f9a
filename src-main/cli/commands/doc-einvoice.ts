import { existsSync } from "node:fs"
import { resolve } from "node:path"
import type { Locale } from "../../../src-shared/events/stages"
import { resolvePackPath } from "../../composition/runtime"
import { EInvoiceParseError, parseEInvoice, type EInvoice } from "../../documents/einvoice"
import { auditEInvoice, compareEInvoices, type Difference, type Finding } from "../../engine/document-audit"
import { DEFAULT_LIMITS } from "../../documents/intake/contract"
import { readDocumentFile } from "../../documents/intake/read-file"
import { loadPackFile } from "../../knowledge/loader"
import { packInForce } from "../../packs/pack-in-force"
import { DocumentsRepository } from "../../store/documents-repo"
import { openCliSession } from "../../composition/cli-session"
import type { CliIo } from "../io"

// `fiskai doc audit DOC` and `fiskai doc compare A B` (issue 22, seed 002's Audit and Compare): an
// e-invoice, given as a stored document's id or a file, audited against the pack in force (the
// app's, or a newer one published in the database), or two compared field by field.

export interface EInvoiceArgs {
  dbPath: string
  json: boolean
  locale: Locale
  asOf?: string
}

/** Exit 0 once the findings are printed (whatever they are), 1 when a document cannot be read. */
export function runDocAudit(io: CliIo, operand: string, args: EInvoiceArgs): number {
  const loaded = withInvoices(io, [operand], args)
  if (typeof loaded === "number") return loaded
  const [invoice] = loaded.invoices
  if (invoice === undefined) return 1
  const findings = auditEInvoice(invoice, loaded.pack, args.asOf === undefined ? {} : { asOf: args.asOf })
  if (args.json) for (const finding of findings) io.stdout.write(`${JSON.stringify(finding)}\n`)
  else io.stdout.write(auditText(invoice, findings, args.locale))
  return 0
}

export function runDocCompare(io: CliIo, a: string, b: string, args: EInvoiceArgs): number {
  const loaded = withInvoices(io, [a, b], args)
  if (typeof loaded === "number") return loaded
  const [first, second] = loaded.invoices
  if (first === undefined || second === undefined) return 1
  const differences = compareEInvoices(first, second)
  if (args.json) for (const difference of differences) io.stdout.write(`${JSON.stringify(difference)}\n`)
  else io.stdout.write(compareText(differences, args.locale))
  return 0
}

function withInvoices(io: CliIo, operands: readonly string[], args: EInvoiceArgs): { invoices: EInvoice[]; pack: ReturnType<typeof loadPackFile> } | number {
  const session = openCliSession({ dbPath: args.dbPath, ...(io.clock ? { clock: io.clock } : {}), onNotice: (m) => io.stderr.write(`${m}\n`) })
  try {
    const docs = new DocumentsRepository(session.store)
    const invoices: EInvoice[] = []
    for (const operand of operands) {
      // A path that exists is a file; anything else names a stored document.
      const bytes = existsSync(operand) ? readDocumentFile(resolve(operand), DEFAULT_LIMITS) : docs.content(operand)
      invoices.push(parseEInvoice(bytes))
    }
    return { invoices, pack: packInForce(session.store, loadPackFile(resolvePackPath())).pack }
  } catch (error) {
    if (!(error instanceof EInvoiceParseError)) throw error
    io.stderr.write(`fiskai doc: ${error.messageIn(args.locale)}\n`)
    return 1
  } finally {
    session.close()
  }
}

const SEVERITY = {
  error: { hr: "GREŠKA", en: "ERROR" },
  warning: { hr: "UPOZORENJE", en: "WARNING" },
  info: { hr: "napomena", en: "note" },
} as const

function auditText(invoice: EInvoice, findings: readonly Finding[], locale: Locale): string {
  const number = invoice.number?.value ?? "?"
  const errors = findings.filter((f) => f.severity === "error").length
  const head =
    locale === "hr"
      ? `eRačun ${number}: ${errors === 0 ? "bez grešaka" : `grešaka: ${errors}`} (nalaza: ${findings.length})`
      : `E-invoice ${number}: ${errors === 0 ? "no errors" : `${errors} error(s)`} (${findings.length} finding(s))`
  const lines = findings.map((f) => {
    const where = f.bt ? `${f.bt} ${f.path}` : f.path
    const cited = f.citation ? ` [${f.citation.ruleId}]` : ""
    return `  ${SEVERITY[f.severity][locale]}: ${f.message[locale]}${cited}\n      ${where}`
  })
  return `${[head, ...lines].join("\n")}\n`
}

function compareText(differences: readonly Difference[], locale: Locale): string {
  if (differences.length === 0) return locale === "hr" ? "Dokumenti se ne razlikuju.\n" : "The documents do not differ.\n"
  const lines = differences.map((d) => {
    const field = d.bt ? `${d.field} (${d.bt})` : d.field
    return `  ${field}: ${d.a ?? "—"} → ${d.b ?? "—"}`
  })
  const head = locale === "hr" ? `Razlika: ${differences.length}` : `Differences: ${differences.length}`
  return `${[head, ...lines].join("\n")}\n`
}
