import type { Locale } from "./events/stages"
import { formatPercent } from "./format/numbers"
import type { DocumentFactField } from "./run-documents"

// The names of an e-invoice's fields in words an accountant knows, the one source for every place
// that shows them (issue 22): the answer card's document citations (the window's catalog takes its
// documents.fact.* messages from here), the printed/PDF answer, the comparison's table in the
// window, its answer text and `fiskai doc compare`. The model's paths ("seller.oib",
// "lines[2].vatRate") stay in the data (the trace, --json); people read these names.

export interface FieldName {
  readonly hr: string
  readonly en: string
}

/** A fact's name; the VAT breakdown's carry a {line} placeholder, as the window's catalog writes it. */
export const DOCUMENT_FACT_NAMES: Readonly<Record<DocumentFactField, FieldName>> = {
  number: { hr: "Broj računa", en: "Invoice number" },
  issueDate: { hr: "Datum izdavanja", en: "Issue date" },
  dueDate: { hr: "Datum dospijeća", en: "Due date" },
  currency: { hr: "Valuta", en: "Currency" },
  "seller.name": { hr: "Prodavatelj", en: "Seller" },
  "seller.oib": { hr: "OIB prodavatelja", en: "Seller's OIB" },
  "seller.vatId": { hr: "PDV ID prodavatelja", en: "Seller's VAT ID" },
  "buyer.name": { hr: "Kupac", en: "Buyer" },
  "buyer.oib": { hr: "OIB kupca", en: "Buyer's OIB" },
  "buyer.vatId": { hr: "PDV ID kupca", en: "Buyer's VAT ID" },
  "totals.taxExclusive": { hr: "Iznos bez PDV-a", en: "Total without VAT" },
  "totals.taxAmount": { hr: "Ukupni PDV", en: "Total VAT" },
  "totals.taxInclusive": { hr: "Iznos s PDV-om", en: "Total with VAT" },
  "totals.payable": { hr: "Iznos za plaćanje", en: "Amount due" },
  "vat.category": { hr: "Kategorija PDV-a (stavka {line})", en: "VAT category (line {line})" },
  "vat.rate": { hr: "Stopa PDV-a (stavka {line})", en: "VAT rate (line {line})" },
  "vat.taxableAmount": { hr: "Osnovica (stavka {line})", en: "Taxable amount (line {line})" },
  "vat.taxAmount": { hr: "PDV (stavka {line})", en: "VAT (line {line})" },
}

/** The name of a fact an answer read, with its VAT breakdown line filled in. */
export function documentFactName(fact: { field: DocumentFactField; line?: number | undefined }, locale: Locale): string {
  return DOCUMENT_FACT_NAMES[fact.field][locale].replace("{line}", String(fact.line ?? 1))
}

/**
 * A fact's name inside a sentence of an answer ("- OIB prodavatelja: …", "PDV stavka 1: stopa PDV-a
 * 25 %"): without its line (the sentence names it) and in lower case, except where it starts with
 * an abbreviation (OIB, PDV, VAT), which keeps its capitals.
 */
export function factNameInText(field: DocumentFactField, locale: Locale): string {
  const name = DOCUMENT_FACT_NAMES[field][locale].replace(/ \((stavka|line) \{line\}\)$/u, "")
  const [first = "", second = ""] = name
  return second === second.toLowerCase() ? `${first.toLowerCase()}${name.slice(1)}` : name
}

/** Fields a comparison names that a question cannot ask about (engine/document-audit/compare.ts). */
const COMPARED_NAMES: Readonly<Record<string, FieldName>> = {
  syntax: { hr: "Sintaksa dokumenta", en: "Document syntax" },
  typeCode: { hr: "Vrsta računa (kôd)", en: "Invoice type code" },
  "seller.country": { hr: "Država prodavatelja", en: "Seller's country" },
  "buyer.country": { hr: "Država kupca", en: "Buyer's country" },
  "totals.lineExtension": { hr: "Zbroj neto iznosa stavki", en: "Sum of line net amounts" },
  "totals.allowanceTotal": { hr: "Ukupni popusti", en: "Total allowances" },
  "totals.chargeTotal": { hr: "Ukupni troškovi", en: "Total charges" },
  "totals.prepaid": { hr: "Plaćeno unaprijed", en: "Paid in advance" },
  "totals.rounding": { hr: "Zaokruženje", en: "Rounding" },
}

const LINE_PARTS: Readonly<Record<string, FieldName>> = {
  itemName: { hr: "Naziv artikla", en: "Item name" },
  quantity: { hr: "Količina", en: "Quantity" },
  unitCode: { hr: "Jedinica mjere", en: "Unit of measure" },
  unitPrice: { hr: "Jedinična cijena", en: "Unit price" },
  netAmount: { hr: "Neto iznos", en: "Net amount" },
  vatCategory: { hr: "Kategorija PDV-a", en: "VAT category" },
  vatRate: { hr: "Stopa PDV-a", en: "VAT rate" },
}

const BREAKDOWN_PARTS: Readonly<Record<string, FieldName>> = {
  taxableAmount: { hr: "Osnovica", en: "Taxable amount" },
  taxAmount: { hr: "Iznos PDV-a", en: "VAT amount" },
}

/**
 * The name of a compared field: "seller.oib" → "OIB prodavatelja", "lines[2].vatRate" → "Stopa
 * PDV-a (stavka 2)", "vatBreakdown[S 25].taxAmount" → "Iznos PDV-a (S, 25 %)". A field this does
 * not know (from a newer engine) is shown as the model writes it rather than hidden.
 */
export function comparedFieldName(field: string, locale: Locale): string {
  const known = (DOCUMENT_FACT_NAMES as Readonly<Record<string, FieldName>>)[field] ?? COMPARED_NAMES[field]
  if (known !== undefined) return known[locale]
  const line = /^lines\[([^\]]+)\](?:\.(\w+))?$/u.exec(field)
  if (line !== null) {
    const [, key = "", part] = line
    const where = locale === "hr" ? `stavka ${key}` : `line ${key}`
    if (part === undefined) return locale === "hr" ? `Stavka ${key}` : `Line ${key}`
    const name = LINE_PARTS[part]
    return name === undefined ? field : `${name[locale]} (${where})`
  }
  const breakdown = /^vatBreakdown\[([^\]]*)\]\.(\w+)$/u.exec(field)
  if (breakdown !== null) {
    const [, key = "", part = ""] = breakdown
    const name = BREAKDOWN_PARTS[part]
    return name === undefined ? field : `${name[locale]} (${breakdownGroup(key, locale)})`
  }
  return field
}

/** "S 25" → "S, 25 %"; a group without a rate is its category alone ("E"). */
function breakdownGroup(key: string, locale: Locale): string {
  const [category = "?", rate] = key.split(" ")
  const percent = rate === undefined ? undefined : Number(rate)
  const shownCategory = category === "?" ? (locale === "hr" ? "bez kategorije" : "no category") : category
  return percent === undefined || !Number.isFinite(percent) ? shownCategory : `${shownCategory}, ${formatPercent(percent, locale)}`
}
