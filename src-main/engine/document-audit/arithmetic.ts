import { cents, divideTo, exact, formatCents, multiply, type Exact } from "./decimal"
import type { EInvoice, FieldRef, InvoiceLine, SourcedDecimal } from "../../../src-shared/einvoice"
import { en16931, finding, LINE_NET_RULE, type Citation, type Finding } from "./finding"

// The sums of the invoice, to the cent, with the EN 16931 rule that states each (BR-CO-10 …
// BR-CO-17). Every amount is compared as an integer count of cents, never as a float.

const ZERO = BigInt(0)
const sum = (values: bigint[]) => values.reduce((a, b) => a + b, ZERO)

function mismatch(
  at: FieldRef,
  what: { hr: string; en: string },
  stated: bigint,
  expected: bigint,
  citation?: Citation,
): Finding {
  return finding(
    "error",
    "AMOUNT_MISMATCH",
    at,
    {
      hr: `${what.hr}: na računu ${formatCents(stated)}, a izračun daje ${formatCents(expected)} (razlika ${formatCents(stated - expected)}).`,
      en: `${what.en}: the invoice states ${formatCents(stated)}, the calculation gives ${formatCents(expected)} (difference ${formatCents(stated - expected)}).`,
    },
    citation,
  )
}

/** A stated amount against its expected value; nothing when the amount is absent (required.ts says so). */
function compare(
  field: SourcedDecimal | undefined,
  expected: bigint | undefined,
  what: { hr: string; en: string },
  rule?: string | Citation,
): Finding[] {
  const stated = field === undefined ? undefined : cents(field.value)
  if (field === undefined || stated === undefined || expected === undefined || stated === expected) return []
  const citation = typeof rule === "string" ? en16931(rule) : rule
  return [mismatch(field, what, stated, expected, citation)]
}

const amount = (field: SourcedDecimal | undefined): bigint | undefined =>
  field === undefined ? undefined : cents(field.value)
const orZero = (field: SourcedDecimal | undefined): bigint => amount(field) ?? ZERO

/** Line net amount = quantity × price / base quantity − line allowances + line charges, in cents. */
export function expectedLineNet(line: InvoiceLine): bigint | undefined {
  const quantity = line.quantity && exact(line.quantity.value)
  const price = line.unitPrice && exact(line.unitPrice.value)
  if (!quantity || !price) return undefined
  const base: Exact = (line.baseQuantity && exact(line.baseQuantity.value)) || { units: BigInt(1), scale: 0 }
  if (base.units === ZERO) return undefined
  const gross = divideTo(multiply(quantity, price), base, 2)
  const adjustments = sum(
    line.allowanceCharges.map((ac) => (ac.charge ? orZero(ac.amount) : -orZero(ac.amount))),
  )
  return gross + adjustments
}

function checkLines(invoice: EInvoice): Finding[] {
  return invoice.lines.flatMap((line) => {
    const n = line.id?.value ?? line.path
    // No CEN BR rule checks this (CEN's own examples break it); Peppol BIS 3.0 does, as R120.
    return compare(
      line.netAmount,
      expectedLineNet(line),
      {
        hr: `Neto iznos stavke ${n} (količina × cijena − popusti + troškovi)`,
        en: `Net amount of line ${n} (quantity × price − allowances + charges)`,
      },
      LINE_NET_RULE,
    )
  })
}

/** BR-CO-10, 11, 12, 14: each total is the sum of the amounts it totals. */
function checkSums(invoice: EInvoice): Finding[] {
  const t = invoice.totals
  const lineNets = invoice.lines.map((l) => amount(l.netAmount))
  const allKnown = lineNets.every((v) => v !== undefined)
  const docAllowances = sum(invoice.allowanceCharges.filter((a) => !a.charge).map((a) => orZero(a.amount)))
  const docCharges = sum(invoice.allowanceCharges.filter((a) => a.charge).map((a) => orZero(a.amount)))
  const taxAmounts = invoice.vatBreakdown.map((b) => amount(b.taxAmount))
  const taxKnown = taxAmounts.every((v) => v !== undefined) && invoice.vatBreakdown.length > 0
  return [
    ...compare(
      t.lineExtension,
      allKnown ? sum(lineNets.map((v) => v ?? ZERO)) : undefined,
      { hr: "Zbroj neto iznosa stavki (BT-106)", en: "Sum of line net amounts (BT-106)" },
      "BR-CO-10",
    ),
    ...compare(
      t.allowanceTotal,
      docAllowances,
      { hr: "Zbroj popusta na razini računa (BT-107)", en: "Sum of document allowances (BT-107)" },
      "BR-CO-11",
    ),
    ...compare(
      t.chargeTotal,
      docCharges,
      { hr: "Zbroj troškova na razini računa (BT-108)", en: "Sum of document charges (BT-108)" },
      "BR-CO-12",
    ),
    ...compare(
      t.taxAmount,
      taxKnown ? sum(taxAmounts.map((v) => v ?? ZERO)) : undefined,
      {
        hr: "Ukupni PDV (BT-110 = zbroj PDV-a iz rekapitulacije)",
        en: "Total VAT (BT-110 = sum of the VAT breakdown's tax amounts)",
      },
      "BR-CO-14",
    ),
  ]
}

/** BR-CO-13, 15, 16: without VAT, with VAT and due follow from each other. */
function checkChain(invoice: EInvoice): Finding[] {
  const t = invoice.totals
  const lineExtension = amount(t.lineExtension)
  const taxExclusive = amount(t.taxExclusive)
  const taxAmount = amount(t.taxAmount)
  const taxInclusive = amount(t.taxInclusive)
  return [
    ...compare(
      t.taxExclusive,
      lineExtension === undefined
        ? undefined
        : lineExtension - orZero(t.allowanceTotal) + orZero(t.chargeTotal),
      {
        hr: "Ukupno bez PDV-a (BT-109 = BT-106 − BT-107 + BT-108)",
        en: "Total without VAT (BT-109 = BT-106 − BT-107 + BT-108)",
      },
      "BR-CO-13",
    ),
    ...compare(
      t.taxInclusive,
      taxExclusive === undefined || taxAmount === undefined ? undefined : taxExclusive + taxAmount,
      { hr: "Ukupno s PDV-om (BT-112 = BT-109 + BT-110)", en: "Total with VAT (BT-112 = BT-109 + BT-110)" },
      "BR-CO-15",
    ),
    ...compare(
      t.payable,
      taxInclusive === undefined ? undefined : taxInclusive - orZero(t.prepaid) + orZero(t.rounding),
      {
        hr: "Iznos za plaćanje (BT-115 = BT-112 − BT-113 + BT-114)",
        en: "Amount due (BT-115 = BT-112 − BT-113 + BT-114)",
      },
      "BR-CO-16",
    ),
  ]
}

/** CEN's own BR-CO-17 check accepts a tax amount less than one currency unit off the rounded product. */
const BR_CO_17_TOLERANCE = BigInt(100)

/**
 * BR-CO-17: each breakdown's tax = taxable amount × rate / 100, rounded to cents. A difference
 * within CEN's tolerance (under 1.00, e.g. tax rounded to whole forints) is a warning, not an error.
 */
function checkBreakdownTax(invoice: EInvoice): Finding[] {
  return invoice.vatBreakdown.flatMap((b) => {
    const taxable = b.taxableAmount && exact(b.taxableAmount.value)
    const rate = b.rate && exact(b.rate.value)
    const stated = amount(b.taxAmount)
    if (!taxable || !rate || !b.taxAmount || stated === undefined) return []
    // One rounding only: rounding taxable × rate first and then dividing by 100 would round twice.
    const expected = divideTo(multiply(taxable, rate), { units: BigInt(100), scale: 0 }, 2)
    if (stated === expected) return []
    const label = `${b.category?.value ?? "?"} ${b.rate?.value ?? "?"} %`
    const what = {
      hr: `PDV u rekapitulaciji ${label} (osnovica × stopa)`,
      en: `VAT of breakdown ${label} (taxable amount × rate)`,
    }
    const found = mismatch(b.taxAmount, what, stated, expected, en16931("BR-CO-17"))
    const off = stated > expected ? stated - expected : expected - stated
    return [off < BR_CO_17_TOLERANCE ? { ...found, severity: "warning" as const } : found]
  })
}

export function checkArithmetic(invoice: EInvoice): Finding[] {
  return [
    ...checkLines(invoice),
    ...checkSums(invoice),
    ...checkChain(invoice),
    ...checkBreakdownTax(invoice),
  ]
}
