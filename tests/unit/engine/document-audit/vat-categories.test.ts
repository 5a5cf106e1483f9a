import { describe, expect, it } from "vitest"
import { parseEInvoice, type EInvoice } from "../../../../src-main/documents/einvoice"
import { auditEInvoice } from "../../../../src-main/engine/document-audit"
import { fixture, shippedPack } from "../../documents/einvoice/fixtures"

// VAT categories other than S, built from the correct invoice: what each category demands of the
// line rate, the breakdown and the parties, each finding citing its EN 16931 rule.

const valid = () => parseEInvoice(fixture("ubl-invoice-valid.xml"))
const cited = (invoice: EInvoice) =>
  auditEInvoice(invoice, shippedPack)
    .filter((f) => f.severity === "error")
    .map((f) => f.citation?.ruleId)

/** The invoice with its third line (and that line's breakdown) moved to another category and rate. */
function withThirdLine(category: string, rate: string | undefined, tax: string): EInvoice {
  const invoice = valid()
  const [l1, l2, l3] = invoice.lines
  const [b1, b2, b3] = invoice.vatBreakdown
  if (!l1 || !l2 || !l3 || !b1 || !b2 || !b3 || !l3.vatCategory || !b3.category || !b3.taxAmount)
    throw new Error("fixture changed")
  const line = {
    ...l3,
    vatCategory: { ...l3.vatCategory, value: category },
    vatRate:
      rate === undefined
        ? undefined
        : { path: `${l3.path}/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent`, bt: "BT-152", value: rate },
  }
  const breakdown = {
    ...b3,
    category: { ...b3.category, value: category },
    rate:
      rate === undefined
        ? undefined
        : { path: `${b3.path}/cac:TaxCategory/cbc:Percent`, bt: "BT-119", value: rate },
    taxAmount: { ...b3.taxAmount, value: tax },
  }
  return { ...invoice, lines: [l1, l2, line], vatBreakdown: [b1, b2, breakdown] }
}

/** The totals made to agree again with a third line that carries `tax`. */
function retotalled(invoice: EInvoice, tax: string): EInvoice {
  const t = invoice.totals
  const vat = (24.63 + Number(tax)).toFixed(2)
  const gross = (468.99 + Number(vat)).toFixed(2)
  const set = <T extends { value: string } | undefined>(field: T, value: string) =>
    field ? { ...field, value } : field
  return {
    ...invoice,
    totals: {
      ...t,
      taxAmount: set(t.taxAmount, vat),
      taxInclusive: set(t.taxInclusive, gross),
      payable: set(t.payable, gross),
    },
  }
}

describe("VAT categories", () => {
  it("accepts an exempt line at 0 % with a zero-tax breakdown", () => {
    expect(cited(retotalled(withThirdLine("E", "0", "0.00"), "0.00"))).toEqual([])
  })

  it("refuses an exempt line with a rate, and tax in an exempt breakdown (BR-E-05, BR-E-09)", () => {
    const found = cited(retotalled(withThirdLine("E", "25", "62.50"), "62.50"))
    expect(found).toContain("BR-E-05")
    expect(found).toContain("BR-E-09")
  })

  it("refuses a reverse-charge line when the buyer has no VAT identifier (BR-AE-02)", () => {
    const invoice = retotalled(withThirdLine("AE", "0", "0.00"), "0.00")
    expect(cited(invoice)).toEqual([])
    expect(cited({ ...invoice, buyer: { ...invoice.buyer, vatId: undefined } })).toContain("BR-AE-02")
  })

  it("refuses a rate on a line not subject to VAT (BR-O-05) and VAT identifiers on such an invoice (BR-O-02)", () => {
    const found = cited(retotalled(withThirdLine("O", "25", "0.00"), "0.00"))
    expect(found).toContain("BR-O-05")
    expect(found).toContain("BR-O-02")
  })

  it("refuses lines of a category and rate that the VAT breakdown does not list (BR-S-01)", () => {
    const invoice = valid()
    const found = cited({ ...invoice, vatBreakdown: invoice.vatBreakdown.slice(0, 2) })
    expect(found).toContain("BR-S-01")
  })

  it("takes document-level allowances into the totals and the breakdown (BR-CO-11, BR-CO-13, BR-S-08)", () => {
    const invoice = valid()
    const allowance = {
      path: "cac:AllowanceCharge[1]",
      charge: false,
      amount: { path: "cac:AllowanceCharge[1]/cbc:Amount", bt: "BT-92", value: "10.00" },
      vatCategory: { path: "cac:AllowanceCharge[1]/cac:TaxCategory/cbc:ID", bt: "BT-95", value: "S" },
      vatRate: { path: "cac:AllowanceCharge[1]/cac:TaxCategory/cbc:Percent", bt: "BT-96", value: "25" },
    }
    // The allowance alone, totals untouched: the total without VAT and the 25 % base no longer agree.
    const found = cited({ ...invoice, allowanceCharges: [allowance] })
    expect(found).toContain("BR-S-08")
    expect(found).not.toContain("BR-CO-13")
    const withTotal = {
      ...invoice.totals,
      allowanceTotal: {
        path: "cac:LegalMonetaryTotal/cbc:AllowanceTotalAmount",
        bt: "BT-107",
        value: "10.00",
      },
    }
    expect(cited({ ...invoice, allowanceCharges: [allowance], totals: withTotal })).toContain("BR-CO-13")
  })
})
