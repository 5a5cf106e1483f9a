import type { DocumentFact, DocumentFactField } from "../../../src-shared/run-documents"
import type { EInvoice, SourcedText } from "./model"

// An e-invoice's fields as a run carries them (src-shared/run-documents.ts): the values exactly as
// written, each with its XML path and EN 16931 term, so that an answer about the document can say
// what it states and where. Only fields the document has are listed; nothing is computed here.

type Sourced = Pick<SourcedText, "value" | "path" | "bt">

export function invoiceFacts(invoice: EInvoice): DocumentFact[] {
  const single: [DocumentFactField, Sourced | undefined][] = [
    ["number", invoice.number],
    ["issueDate", invoice.issueDate],
    ["dueDate", invoice.dueDate],
    ["currency", invoice.currency],
    ["seller.name", invoice.seller.name],
    ["seller.oib", invoice.seller.oib],
    ["seller.vatId", invoice.seller.vatId],
    ["buyer.name", invoice.buyer.name],
    ["buyer.oib", invoice.buyer.oib],
    ["buyer.vatId", invoice.buyer.vatId],
    ["totals.taxExclusive", invoice.totals.taxExclusive],
    ["totals.taxAmount", invoice.totals.taxAmount],
    ["totals.taxInclusive", invoice.totals.taxInclusive],
    ["totals.payable", invoice.totals.payable],
  ]
  const facts = single.flatMap(([field, sourced]) => (sourced === undefined ? [] : [factOf(field, sourced)]))
  invoice.vatBreakdown.forEach((breakdown, index) => {
    const line = index + 1
    const parts: [DocumentFactField, Sourced | undefined][] = [
      ["vat.category", breakdown.category],
      ["vat.rate", breakdown.rate],
      ["vat.taxableAmount", breakdown.taxableAmount],
      ["vat.taxAmount", breakdown.taxAmount],
    ]
    for (const [field, sourced] of parts) if (sourced !== undefined) facts.push({ ...factOf(field, sourced), line })
  })
  return facts
}

function factOf(field: DocumentFactField, sourced: Sourced): DocumentFact {
  // The contract bounds a value's length: a hostile file cannot make a run's request huge.
  return {
    field,
    value: sourced.value.trim().slice(0, 500),
    path: sourced.path.slice(0, 500),
    ...(sourced.bt === undefined ? {} : { bt: sourced.bt }),
  }
}
