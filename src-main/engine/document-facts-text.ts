import { factNameInText } from "../../src-shared/document-fields"
import type { Locale } from "../../src-shared/events/stages"
import { formatDate, isIsoDate } from "../../src-shared/format/dates"
import { formatMoney, formatPercent } from "../../src-shared/format/numbers"
import type { DocumentFact, DocumentFactField, RunDocument } from "../../src-shared/run-documents"

// The words of an answer read from a document's fields (document-facts.ts): one line per field in
// the user's language, amounts and dates formatted for people (src-shared/format), every line
// ending with the EN 16931 term it was read from so an accountant can find it in the file. The
// fields are named as the answer card and the paper name them (src-shared/document-fields.ts).

const AMOUNTS: ReadonlySet<DocumentFactField> = new Set([
  "totals.taxExclusive",
  "totals.taxAmount",
  "totals.taxInclusive",
  "totals.payable",
  "vat.taxableAmount",
  "vat.taxAmount",
])

/** "račun R-2025-001 („Alfa ožujak“)", or the title alone for a document without a number. */
export function documentLabel(document: Pick<RunDocument, "title" | "invoiceNumber">, locale: Locale): string {
  if (document.invoiceNumber === null) return locale === "hr" ? `„${document.title}“` : `“${document.title}”`
  if (document.title === document.invoiceNumber) return document.invoiceNumber
  return locale === "hr" ? `${document.invoiceNumber} („${document.title}“)` : `${document.invoiceNumber} (“${document.title}”)`
}

/** The paragraph for one document: its label, then the fields asked for, or why there are none. */
export function documentFactLines(document: RunDocument, facts: readonly DocumentFact[], locale: Locale): string {
  const head = locale === "hr" ? `Dokument ${documentLabel(document, locale)}:` : `Document ${documentLabel(document, locale)}:`
  if (document.facts === undefined)
    return `${head} ${locale === "hr" ? "nije e-račun, pa se njegova polja ne čitaju." : "is not an e-invoice, so its fields are not read."}`
  const shown = facts.filter((fact) => fact.field !== "currency")
  if (shown.length === 0)
    return `${head} ${locale === "hr" ? "dokument ne navodi traženi podatak." : "the document does not state what was asked."}`
  const currency = facts.find((fact) => fact.field === "currency")?.value ?? document.facts.find((f) => f.field === "currency")?.value
  const plain = shown.filter((fact) => fact.line === undefined).map((fact) => `- ${lineOf(fact, currency, locale)}`)
  const vatLines = [...new Set(shown.flatMap((fact) => (fact.line === undefined ? [] : [fact.line])))].map((line) =>
    vatLine(line, shown.filter((fact) => fact.line === line), currency, locale),
  )
  return [head, ...plain, ...vatLines].join("\n")
}

function vatLine(line: number, facts: readonly DocumentFact[], currency: string | undefined, locale: Locale): string {
  const parts = facts.map((fact) => `${factNameInText(fact.field, locale)} ${valueOf(fact, currency, locale)}`)
  const terms = [...new Set(facts.flatMap((fact) => (fact.bt === undefined ? [] : [fact.bt])))].join(", ")
  const name = locale === "hr" ? `PDV stavka ${line}` : `VAT line ${line}`
  return `- ${name}: ${parts.join(", ")}${terms === "" ? "" : ` (${terms})`}`
}

function lineOf(fact: DocumentFact, currency: string | undefined, locale: Locale): string {
  const term = fact.bt === undefined ? "" : ` (${fact.bt})`
  return `${factNameInText(fact.field, locale)}: ${valueOf(fact, currency, locale)}${term}`
}

function valueOf(fact: DocumentFact, currency: string | undefined, locale: Locale): string {
  const number = Number(fact.value)
  if (AMOUNTS.has(fact.field) && Number.isFinite(number)) return formatMoney(number, locale, currency ?? "EUR")
  if (fact.field === "vat.rate" && Number.isFinite(number)) return formatPercent(number, locale)
  if ((fact.field === "issueDate" || fact.field === "dueDate") && isIsoDate(fact.value)) return formatDate(fact.value, locale)
  return fact.value
}
