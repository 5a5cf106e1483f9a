import { decimalPlaces } from "./decimal"
import type { EInvoice, SourcedDecimal } from "../../../src-shared/einvoice"
import { en16931, finding, type Finding } from "./finding"

// BR-DEC-*: amounts of the document totals, the VAT breakdown and the line net amounts carry at
// most two decimals (the rule ids per business term are those of CEN's EN 16931 schematron).

const RULE_BY_TERM: Record<string, string> = {
  "BT-106": "BR-DEC-09",
  "BT-107": "BR-DEC-10",
  "BT-108": "BR-DEC-11",
  "BT-109": "BR-DEC-12",
  "BT-110": "BR-DEC-13",
  "BT-112": "BR-DEC-14",
  "BT-113": "BR-DEC-16",
  "BT-114": "BR-DEC-17",
  "BT-115": "BR-DEC-18",
  "BT-116": "BR-DEC-19",
  "BT-117": "BR-DEC-20",
  "BT-131": "BR-DEC-23",
}

export function checkDecimals(invoice: EInvoice): Finding[] {
  const t = invoice.totals
  const fields: Array<SourcedDecimal | undefined> = [
    t.lineExtension,
    t.allowanceTotal,
    t.chargeTotal,
    t.taxExclusive,
    t.taxAmount,
    t.taxInclusive,
    t.prepaid,
    t.rounding,
    t.payable,
    ...invoice.vatBreakdown.flatMap((b) => [b.taxableAmount, b.taxAmount]),
    ...invoice.lines.map((l) => l.netAmount),
  ]
  return fields.flatMap((field) => {
    const rule = field?.bt === undefined ? undefined : RULE_BY_TERM[field.bt]
    if (field === undefined || rule === undefined || decimalPlaces(field.value) <= 2) return []
    return [
      finding(
        "error",
        "TOO_MANY_DECIMALS",
        field,
        {
          hr: `Iznos ${field.value} (${field.bt}) smije imati najviše dvije decimale.`,
          en: `Amount ${field.value} (${field.bt}) may have at most two decimals.`,
        },
        en16931(rule),
      ),
    ]
  })
}
