import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { EInvoice } from "../../../../src-shared/einvoice"
import { auditEInvoice } from "../../../../src-main/engine/document-audit"
import { expectedLineNet } from "../../../../src-main/engine/document-audit/arithmetic"
import { formatCents } from "../../../../src-main/engine/document-audit/decimal"
import type { InvoiceLine, SourcedDecimal } from "../../../../src-shared/einvoice"
import { shippedPack } from "../../documents/einvoice/fixtures"

// Property: an invoice whose every sum is computed correctly has no arithmetic finding, and
// changing any single amount by at least a cent gives at least one, pointing at that amount.

const ARITHMETIC = new Set(["AMOUNT_MISMATCH", "VAT_TAXABLE_MISMATCH"])
const RATES = ["5", "13", "25"] as const

interface LineSpec {
  quantityThousandths: number
  priceCents: number
  allowanceCents: number
  rate: (typeof RATES)[number]
}

/** Cents of an amount this file wrote with formatCents (always two decimals). */
const centsOf = (value: string) => BigInt(value.replace(".", ""))
const thousandths = (n: number) => `${Math.trunc(n / 1000)}.${String(n % 1000).padStart(3, "0")}`
const dec = (path: string, bt: string, value: string): SourcedDecimal => ({ path, bt, value })
const roundHalfUp = (numerator: bigint, denominator: bigint) =>
  (numerator * BigInt(2) + denominator) / (denominator * BigInt(2))

function line(spec: LineSpec, at: number): InvoiceLine {
  const path = `cac:InvoiceLine[${at + 1}]`
  const gross = roundHalfUp(BigInt(spec.quantityThousandths) * BigInt(spec.priceCents), BigInt(1000))
  const net = gross - BigInt(spec.allowanceCents)
  return {
    path,
    id: { path: `${path}/cbc:ID`, bt: "BT-126", value: String(at + 1) },
    itemName: { path: `${path}/cac:Item/cbc:Name`, bt: "BT-153", value: `Artikl ${at + 1}` },
    quantity: dec(`${path}/cbc:InvoicedQuantity`, "BT-129", thousandths(spec.quantityThousandths)),
    unitCode: { path: `${path}/cbc:InvoicedQuantity/@unitCode`, bt: "BT-130", value: "H87" },
    unitPrice: dec(`${path}/cac:Price/cbc:PriceAmount`, "BT-146", formatCents(BigInt(spec.priceCents))),
    netAmount: dec(`${path}/cbc:LineExtensionAmount`, "BT-131", formatCents(net)),
    vatCategory: { path: `${path}/cac:Item/cac:ClassifiedTaxCategory/cbc:ID`, bt: "BT-151", value: "S" },
    vatRate: dec(`${path}/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent`, "BT-152", spec.rate),
    allowanceCharges:
      spec.allowanceCents === 0
        ? []
        : [
            {
              path: `${path}/cac:AllowanceCharge[1]`,
              charge: false,
              amount: dec(
                `${path}/cac:AllowanceCharge[1]/cbc:Amount`,
                "BT-136",
                formatCents(BigInt(spec.allowanceCents)),
              ),
            },
          ],
  }
}

/** A consistent invoice: every sum computed here with integers, independently of the audit. */
function consistentInvoice(specs: LineSpec[]): EInvoice {
  const lines = specs.map(line)
  const cents = (l: InvoiceLine) => centsOf(l.netAmount?.value ?? "0.00")
  const breakdown = RATES.filter((rate) => specs.some((s) => s.rate === rate)).map((rate, k) => {
    const taxable = lines
      .filter((_, i) => specs[i]?.rate === rate)
      .reduce((sum, l) => sum + cents(l), BigInt(0))
    const tax = roundHalfUp(taxable * BigInt(rate), BigInt(100))
    const path = `cac:TaxTotal[1]/cac:TaxSubtotal[${k + 1}]`
    return {
      path,
      category: { path: `${path}/cac:TaxCategory/cbc:ID`, bt: "BT-118", value: "S" },
      rate: dec(`${path}/cac:TaxCategory/cbc:Percent`, "BT-119", rate),
      taxableAmount: dec(`${path}/cbc:TaxableAmount`, "BT-116", formatCents(taxable)),
      taxAmount: dec(`${path}/cbc:TaxAmount`, "BT-117", formatCents(tax)),
      taxCents: tax,
    }
  })
  const net = lines.reduce((sum, l) => sum + cents(l), BigInt(0))
  const tax = breakdown.reduce((sum, b) => sum + b.taxCents, BigInt(0))
  const total = (name: string, bt: string, value: bigint) =>
    dec(`cac:LegalMonetaryTotal/cbc:${name}`, bt, formatCents(value))
  const text = (path: string, bt: string, value: string) => ({ path, bt, value })
  const party = (role: string, name: string, oib: string) => {
    const at = `${role}/cac:Party`
    return {
      path: at,
      name: text(`${at}/cbc:Name`, "BT-27", name),
      oib: text(`${at}/cac:PartyLegalEntity/cbc:CompanyID`, "BT-30", oib),
      vatId: text(`${at}/cac:PartyTaxScheme/cbc:CompanyID`, "BT-31", `HR${oib}`),
      address: { path: `${at}/cac:PostalAddress`, bt: "BG-5" },
      country: text(`${at}/cac:PostalAddress/cac:Country/cbc:IdentificationCode`, "BT-40", "HR"),
    }
  }
  return {
    syntax: "UBL-Invoice",
    customizationId: text("cbc:CustomizationID", "BT-24", "urn:cen.eu:en16931:2017"),
    number: text("cbc:ID", "BT-1", "1-1-1"),
    issueDate: text("cbc:IssueDate", "BT-2", "2026-03-15"),
    dueDate: text("cbc:DueDate", "BT-9", "2026-04-15"),
    typeCode: text("cbc:InvoiceTypeCode", "BT-3", "380"),
    currency: text("cbc:DocumentCurrencyCode", "BT-5", "EUR"),
    seller: party("cac:AccountingSupplierParty", "Prodavatelj d.o.o.", "12345678903"),
    buyer: party("cac:AccountingCustomerParty", "Kupac d.o.o.", "98765432106"),
    lines,
    allowanceCharges: [],
    vatBreakdown: breakdown.map(({ taxCents: _unused, ...b }) => b),
    totals: {
      path: "cac:LegalMonetaryTotal",
      lineExtension: total("LineExtensionAmount", "BT-106", net),
      taxExclusive: total("TaxExclusiveAmount", "BT-109", net),
      taxAmount: dec("cac:TaxTotal[1]/cbc:TaxAmount", "BT-110", formatCents(tax)),
      taxInclusive: total("TaxInclusiveAmount", "BT-112", net + tax),
      payable: total("PayableAmount", "BT-115", net + tax),
    },
    unreadable: [],
  }
}

const lineSpec = fc
  .record({
    quantityThousandths: fc.integer({ min: 1, max: 5_000_000 }),
    priceCents: fc.integer({ min: 0, max: 10_000_000 }),
    rate: fc.constantFrom(...RATES),
    allowancePercent: fc.integer({ min: 0, max: 50 }),
  })
  .map(({ quantityThousandths, priceCents, rate, allowancePercent }) => {
    const gross = Math.round((quantityThousandths * priceCents) / 1000)
    return {
      quantityThousandths,
      priceCents,
      rate,
      allowanceCents: Math.floor((gross * allowancePercent) / 100),
    }
  })

const arithmeticFindings = (invoice: EInvoice) =>
  auditEInvoice(invoice, shippedPack).filter(
    (f) => ARITHMETIC.has(f.code) || f.citation?.ruleId === "BR-CO-17",
  )

/** Every amount field of the invoice, as a way to change it. */
function amountFields(invoice: EInvoice): Array<(by: bigint) => { invoice: EInvoice; path: string }> {
  const bump = (field: SourcedDecimal | undefined, by: bigint) =>
    field ? { ...field, value: formatCents(centsOf(field.value) + by) } : field
  const out: Array<(by: bigint) => { invoice: EInvoice; path: string }> = []
  invoice.lines.forEach((l, i) =>
    out.push((by) => ({
      invoice: {
        ...invoice,
        lines: invoice.lines.map((x, j) => (j === i ? { ...x, netAmount: bump(x.netAmount, by) } : x)),
      },
      path: l.netAmount?.path ?? "",
    })),
  )
  invoice.vatBreakdown.forEach((b, i) => {
    for (const key of ["taxableAmount", "taxAmount"] as const)
      out.push((by) => ({
        invoice: {
          ...invoice,
          vatBreakdown: invoice.vatBreakdown.map((x, j) => (j === i ? { ...x, [key]: bump(x[key], by) } : x)),
        },
        path: b[key]?.path ?? "",
      }))
  })
  for (const key of ["lineExtension", "taxExclusive", "taxAmount", "taxInclusive", "payable"] as const)
    out.push((by) => ({
      invoice: { ...invoice, totals: { ...invoice.totals, [key]: bump(invoice.totals[key], by) } },
      path: invoice.totals[key]?.path ?? "",
    }))
  return out
}

describe("arithmetic checks", () => {
  it("computes a line's net from quantity, price, base quantity and allowances, to the cent", () => {
    const spec = line({ quantityThousandths: 3_333, priceCents: 1_999, allowanceCents: 100, rate: "25" }, 0)
    expect(expectedLineNet(spec)).toBe(BigInt(6563)) // 3.333 × 19.99 = 66.62667 → 66.63, less 1.00
    expect(expectedLineNet({ ...spec, baseQuantity: dec("p", "BT-149", "10") })).toBe(BigInt(566)) // 6.66 − 1.00
  })

  it("finds nothing in an invoice whose sums are right, however many lines and rates it has", () => {
    fc.assert(
      fc.property(fc.array(lineSpec, { minLength: 1, maxLength: 12 }), (specs) => {
        const invoice = consistentInvoice(specs)
        expect(arithmeticFindings(invoice)).toEqual([])
        expect(auditEInvoice(invoice, shippedPack).filter((f) => f.severity === "error")).toEqual([])
      }),
      { numRuns: 150 },
    )
  })

  it("finds any single amount changed by a cent or more, at that amount", () => {
    fc.assert(
      fc.property(
        fc.array(lineSpec, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.integer({ min: 1, max: 100_000 }),
        fc.boolean(),
        (specs, pick, cents, down) => {
          const invoice = consistentInvoice(specs)
          const fields = amountFields(invoice)
          const change = fields[pick % fields.length]
          if (change === undefined) return
          const { invoice: changed, path } = change(BigInt(down ? -cents : cents))
          const found = arithmeticFindings(changed)
          expect(found.length).toBeGreaterThan(0)
          expect(found.map((f) => f.path)).toContain(path)
        },
      ),
      { numRuns: 300 },
    )
  })
})
