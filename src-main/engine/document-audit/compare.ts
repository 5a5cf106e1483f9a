import { sameNumber } from "./decimal"
import type { Difference, EInvoice, InvoiceLine, Party, SourcedText, Totals, VatBreakdown } from "../../../src-shared/einvoice"

export { Difference } from "../../../src-shared/einvoice"

// Two e-invoices field by field: the header, the parties, the totals, the VAT breakdown (matched
// by category and rate) and the lines (matched by their id, or by position when ids are missing
// or repeated). Amounts compare as numbers ("5" equals "5.00"); everything else as text. Each
// difference says whether it matters for tax (see TAX_FIELDS), so an accountant can tell a changed
// seller OIB or VAT amount from a changed due date or item name at a glance.


type Field = SourcedText | undefined

function diff(field: string, x: Field, y: Field, numeric = false): Difference[] {
  if (x === undefined && y === undefined) return []
  const same =
    x !== undefined && y !== undefined && (numeric ? sameNumber(x.value, y.value) : x.value === y.value)
  if (same) return []
  const kind = x === undefined ? "added" : y === undefined ? "removed" : "changed"
  const bt = x?.bt ?? y?.bt
  return [
    {
      field,
      kind,
      ...(bt === undefined ? {} : { bt }),
      ...(x === undefined ? {} : { a: x.value, pathA: x.path }),
      ...(y === undefined ? {} : { b: y.value, pathB: y.path }),
    },
  ]
}

function diffParty(role: string, x: Party, y: Party): Difference[] {
  return [
    ...diff(`${role}.name`, x.name, y.name),
    ...diff(`${role}.oib`, x.oib, y.oib),
    ...diff(`${role}.vatId`, x.vatId, y.vatId),
    ...diff(`${role}.country`, x.country, y.country),
  ]
}

const TOTALS: ReadonlyArray<Exclude<keyof Totals, "path">> = [
  "lineExtension",
  "allowanceTotal",
  "chargeTotal",
  "taxExclusive",
  "taxAmount",
  "taxInclusive",
  "prepaid",
  "rounding",
  "payable",
]

function diffLine(label: string, x: InvoiceLine, y: InvoiceLine): Difference[] {
  return [
    ...diff(`${label}.itemName`, x.itemName, y.itemName),
    ...diff(`${label}.quantity`, x.quantity, y.quantity, true),
    ...diff(`${label}.unitCode`, x.unitCode, y.unitCode),
    ...diff(`${label}.unitPrice`, x.unitPrice, y.unitPrice, true),
    ...diff(`${label}.netAmount`, x.netAmount, y.netAmount, true),
    ...diff(`${label}.vatCategory`, x.vatCategory, y.vatCategory),
    ...diff(`${label}.vatRate`, x.vatRate, y.vatRate, true),
  ]
}

/** Lines keyed by id when every line has a distinct id in both invoices; otherwise by position. */
function lineKeys(a: InvoiceLine[], b: InvoiceLine[]): { keyOf: (line: InvoiceLine, at: number) => string } {
  const distinct = (lines: InvoiceLine[]) =>
    lines.every((l) => l.id !== undefined) && new Set(lines.map((l) => l.id?.value)).size === lines.length
  const byId = distinct(a) && distinct(b)
  return { keyOf: (line, at) => (byId ? (line.id?.value ?? String(at + 1)) : String(at + 1)) }
}

function diffLines(a: InvoiceLine[], b: InvoiceLine[]): Difference[] {
  const { keyOf } = lineKeys(a, b)
  const left = new Map(a.map((l, at) => [keyOf(l, at), l]))
  const right = new Map(b.map((l, at) => [keyOf(l, at), l]))
  const out: Difference[] = []
  for (const key of new Set([...left.keys(), ...right.keys()])) {
    const x = left.get(key)
    const y = right.get(key)
    const label = `lines[${key}]`
    if (x && y) out.push(...diffLine(label, x, y))
    else if (x)
      out.push({ field: label, bt: "BG-25", kind: "removed", a: x.itemName?.value ?? key, pathA: x.path })
    else if (y)
      out.push({ field: label, bt: "BG-25", kind: "added", b: y.itemName?.value ?? key, pathB: y.path })
  }
  return out
}

function breakdownKey(b: VatBreakdown): string {
  return `${b.category?.value ?? "?"} ${b.rate === undefined ? "" : String(Number(b.rate.value))}`.trim()
}

function diffBreakdown(a: VatBreakdown[], b: VatBreakdown[]): Difference[] {
  const left = new Map(a.map((x) => [breakdownKey(x), x]))
  const right = new Map(b.map((x) => [breakdownKey(x), x]))
  const out: Difference[] = []
  for (const key of new Set([...left.keys(), ...right.keys()])) {
    const x = left.get(key)
    const y = right.get(key)
    const label = `vatBreakdown[${key}]`
    out.push(...diff(`${label}.taxableAmount`, x?.taxableAmount, y?.taxableAmount, true))
    out.push(...diff(`${label}.taxAmount`, x?.taxAmount, y?.taxAmount, true))
  }
  return out
}

/**
 * The fields whose difference matters for tax: who the parties are for VAT (OIB, VAT ID, country:
 * the place of supply and reverse charge), the tax point (issue date), the kind of document (an
 * invoice or a credit note), the currency the amounts are in, the tax base and the VAT (the totals
 * up to the amount with VAT, the breakdown, each line's net amount, VAT category and rate, a line
 * added or removed). Names, numbers, due dates, payment amounts and a line's quantity, unit or
 * price are not: where those change the base, its net amount and the totals differ too.
 */
const TAX_FIELDS = new Set([
  "issueDate",
  "typeCode",
  "currency",
  "seller.oib",
  "seller.vatId",
  "seller.country",
  "buyer.oib",
  "buyer.vatId",
  "buyer.country",
  "totals.lineExtension",
  "totals.allowanceTotal",
  "totals.chargeTotal",
  "totals.taxExclusive",
  "totals.taxAmount",
  "totals.taxInclusive",
])

const TAX_LINE_PARTS = new Set(["netAmount", "vatCategory", "vatRate"])

function mattersForTax(difference: Difference): boolean {
  const { field } = difference
  if (TAX_FIELDS.has(field) || field.startsWith("vatBreakdown[")) return true
  // Only a credit note against an invoice changes the tax's sign; UBL against CII does not.
  if (field === "syntax") return difference.a === "UBL-CreditNote" || difference.b === "UBL-CreditNote"
  const line = /^lines\[[^\]]+\](?:\.(\w+))?$/u.exec(field)
  return line !== null && (line[1] === undefined || TAX_LINE_PARTS.has(line[1]))
}

/** Every difference between two parsed e-invoices, header first, then parties, totals, VAT breakdown, lines. */
export function compareEInvoices(a: EInvoice, b: EInvoice): Difference[] {
  return differencesOf(a, b).map((difference) => ({ ...difference, taxRelevant: mattersForTax(difference) }))
}

function differencesOf(a: EInvoice, b: EInvoice): Difference[] {
  const syntax =
    a.syntax === b.syntax ? [] : [{ field: "syntax", kind: "changed" as const, a: a.syntax, b: b.syntax }]
  return [
    ...syntax,
    ...diff("number", a.number, b.number),
    ...diff("issueDate", a.issueDate, b.issueDate),
    ...diff("dueDate", a.dueDate, b.dueDate),
    ...diff("typeCode", a.typeCode, b.typeCode),
    ...diff("currency", a.currency, b.currency),
    ...diffParty("seller", a.seller, b.seller),
    ...diffParty("buyer", a.buyer, b.buyer),
    ...TOTALS.flatMap((key) => diff(`totals.${key}`, a.totals[key], b.totals[key], true)),
    ...diffBreakdown(a.vatBreakdown, b.vatBreakdown),
    ...diffLines(a.lines, b.lines),
  ]
}
