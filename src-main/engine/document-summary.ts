import type { EInvoice, Party } from "../../src-shared/einvoice"
import type { Locale } from "../../src-shared/events/stages"
import { formatDate, isIsoDate } from "../../src-shared/format/dates"
import { formatMoney, formatPercent } from "../../src-shared/format/numbers"
import type { RunDocument } from "../../src-shared/run-documents"
import { documentLabel } from "./document-facts-text"

// Seed 002's Summarize, without a model: an e-invoice summed up from its own fields (who sold to
// whom, when, how much, at which VAT rates, the first items) exactly as it states them; any other
// document by the beginning of its text, said to be that. Nothing here is a judgement: an audit
// is its own action.

/** How many of an invoice's lines the summary names before it counts the rest. */
const ITEMS_NAMED = 5
/** How much of a text document's beginning the summary quotes. */
const OPENING_CHARS = 600

export function summaryText(document: RunDocument, locale: Locale): string {
  const label = documentLabel(document, locale)
  if (document.invoice !== undefined) return invoiceSummary(label, document.invoice, locale)
  const opening = (document.excerpt ?? "").replace(/\s+/gu, " ").trim().slice(0, OPENING_CHARS)
  const kind = document.kind.toUpperCase()
  if (opening === "")
    return locale === "hr" ? `Dokument ${label} (${kind}) nema teksta koji se može pročitati.` : `Document ${label} (${kind}) has no readable text.`
  return locale === "hr"
    ? `Dokument ${label} (${kind}) nije e-račun; njegov tekst počinje ovako:\n„${opening}${opening.length === OPENING_CHARS ? " …" : ""}“`
    : `Document ${label} (${kind}) is not an e-invoice; its text begins:\n“${opening}${opening.length === OPENING_CHARS ? " …" : ""}”`
}

function invoiceSummary(label: string, invoice: EInvoice, locale: Locale): string {
  const hr = locale === "hr"
  const currency = invoice.currency?.value ?? "EUR"
  const money = (value: string | undefined) => (value === undefined ? "—" : formatMoney(Number(value), locale, currency))
  const date = (value: string | undefined) => (value === undefined ? "—" : isIsoDate(value) ? formatDate(value, locale) : value)
  const kind = invoice.syntax === "UBL-CreditNote" ? (hr ? "Odobrenje" : "Credit note") : hr ? "E-račun" : "E-invoice"
  const lines = [
    `${kind} ${label}${hr ? ", izdan" : ", issued"} ${date(invoice.issueDate?.value)}${invoice.dueDate ? `${hr ? ", dospijeće" : ", due"} ${date(invoice.dueDate.value)}` : ""}.`,
    `- ${hr ? "Prodavatelj" : "Seller"}: ${partyText(invoice.seller, locale)}`,
    `- ${hr ? "Kupac" : "Buyer"}: ${partyText(invoice.buyer, locale)}`,
    `- ${hr ? "Stavaka" : "Lines"}: ${invoice.lines.length}${itemsText(invoice, money, locale)}`,
    ...invoice.vatBreakdown.map(
      (vat, i) =>
        `- ${hr ? `PDV stavka ${i + 1}` : `VAT line ${i + 1}`}: ${vat.category?.value ?? "?"} ${vat.rate === undefined ? "" : formatPercent(Number(vat.rate.value), locale)}, ${hr ? "osnovica" : "taxable"} ${money(vat.taxableAmount?.value)}, PDV ${money(vat.taxAmount?.value)}`,
    ),
    `- ${hr ? "Bez PDV-a" : "Without VAT"} ${money(invoice.totals.taxExclusive?.value)}, PDV ${money(invoice.totals.taxAmount?.value)}, ${hr ? "za plaćanje" : "amount due"} ${money(invoice.totals.payable?.value)}`,
  ]
  return lines.join("\n")
}

function partyText(party: Party, locale: Locale): string {
  const name = party.name?.value ?? (locale === "hr" ? "(bez naziva)" : "(no name)")
  return party.oib === undefined ? name : `${name}, OIB ${party.oib.value}`
}

function itemsText(invoice: EInvoice, money: (value: string | undefined) => string, locale: Locale): string {
  const named = invoice.lines.slice(0, ITEMS_NAMED).map((line) => `${line.itemName?.value ?? "?"} ${money(line.netAmount?.value)}`)
  if (named.length === 0) return ""
  const rest = invoice.lines.length - named.length
  const more = rest > 0 ? (locale === "hr" ? ` i još ${rest}` : ` and ${rest} more`) : ""
  return ` (${named.join("; ")}${more})`
}
