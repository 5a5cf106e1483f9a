import { describe, expect, it } from "vitest"
import { parseEInvoice } from "../../../../src-main/documents/einvoice"
import { compareEInvoices } from "../../../../src-main/engine/document-audit"
import { fixture } from "../../documents/einvoice/fixtures"

describe("compareEInvoices", () => {
  const valid = parseEInvoice(fixture("ubl-invoice-valid.xml"))

  it("finds no difference between an invoice and itself, nor when amounts only differ in notation", () => {
    expect(compareEInvoices(valid, valid)).toEqual([])
    const renotated = fixture("ubl-invoice-valid.xml")
      .toString("utf8")
      .replace(">48.00</cbc:LineExtensionAmount>", ">48</cbc:LineExtensionAmount>")
    expect(compareEInvoices(valid, parseEInvoice(renotated))).toEqual([])
  })

  it("lists the changed rate, the moved totals and the changed party, each with both values and paths", () => {
    const wrongRate = parseEInvoice(fixture("ubl-wrong-vat-rate.xml"))
    const diffs = compareEInvoices(valid, wrongRate)
    expect(diffs).toContainEqual({
      field: "lines[1].vatRate",
      bt: "BT-152",
      kind: "changed",
      a: "5",
      b: "25",
      pathA: "cac:InvoiceLine[1]/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent",
      pathB: "cac:InvoiceLine[1]/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent",
      taxRelevant: true,
    })
    expect(diffs.filter((d) => d.field.startsWith("totals.")).map((d) => [d.field, d.a, d.b])).toEqual([
      ["totals.taxAmount", "87.13", "96.73"],
      ["totals.taxInclusive", "556.12", "565.72"],
      ["totals.payable", "556.12", "565.72"],
    ])
    expect(diffs.map((d) => [d.field, d.kind])).toContainEqual(["vatBreakdown[S 5].taxableAmount", "removed"])
    const badOib = compareEInvoices(valid, parseEInvoice(fixture("ubl-bad-oib.xml")))
    expect(badOib.map((d) => [d.field, d.a, d.b])).toEqual([
      ["buyer.oib", "98765432106", "98765432107"],
      ["buyer.vatId", "HR98765432106", "HR98765432107"],
    ])
  })

  it("matches lines by id, so a reordered invoice differs in nothing, and reports added and removed lines", () => {
    const xml = fixture("ubl-invoice-valid.xml").toString("utf8")
    const lines = xml.match(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g) ?? []
    expect(lines).toHaveLength(3)
    const [first = "", second = "", third = ""] = lines
    const reordered = xml
      .replace(first, "@1")
      .replace(second, "@2")
      .replace(third, "@3")
      .replace("@1", third)
      .replace("@2", first)
      .replace("@3", second)
    expect(compareEInvoices(valid, parseEInvoice(reordered))).toEqual([])
    const shorter = parseEInvoice(xml.replace(third, ""))
    expect(compareEInvoices(valid, shorter).filter((d) => d.field.startsWith("lines"))).toEqual([
      { field: "lines[3]", bt: "BG-25", kind: "removed", a: "Uredski stol", pathA: "cac:InvoiceLine[3]", taxRelevant: true },
    ])
  })

  it("compares across syntaxes: a credit note against the invoice it corrects", () => {
    const note = parseEInvoice(fixture("ubl-creditnote-valid.xml"))
    const diffs = compareEInvoices(valid, note)
    expect(diffs[0]).toEqual({ field: "syntax", kind: "changed", a: "UBL-Invoice", b: "UBL-CreditNote", taxRelevant: true })
    expect(diffs).toContainEqual(expect.objectContaining({ field: "typeCode", a: "380", b: "381" }))
    expect(diffs).toContainEqual(expect.objectContaining({ field: "lines[1].quantity", a: "40", b: "10" }))
  })

  it("says which differences matter for tax: the VAT and its base, not the amount due", () => {
    const wrongRate = compareEInvoices(valid, parseEInvoice(fixture("ubl-wrong-vat-rate.xml")))
    const tax = (field: string) => wrongRate.find((d) => d.field === field)?.taxRelevant
    expect(tax("lines[1].vatRate")).toBe(true)
    expect(tax("totals.taxAmount")).toBe(true)
    expect(tax("vatBreakdown[S 25].taxAmount")).toBe(true)
    expect(tax("totals.payable")).toBe(false)
    expect(wrongRate.filter((d) => d.taxRelevant === true)).toHaveLength(7)
    // A buyer's OIB and VAT ID say who may deduct the VAT.
    const badOib = compareEInvoices(valid, parseEInvoice(fixture("ubl-bad-oib.xml")))
    expect(badOib.map((d) => d.taxRelevant)).toEqual([true, true])
  })

  it("does not count a name, a due date, a quantity or a change of syntax alone as mattering for tax", () => {
    const xml = fixture("ubl-invoice-valid.xml").toString("utf8")
    const renamed = parseEInvoice(
      xml
        .replace(/(<cac:AccountingSupplierParty>[\s\S]*?<cbc:RegistrationName>)[^<]*/u, "$1Drugo ime d.o.o.")
        .replace("<cbc:DueDate>2026-04-14</cbc:DueDate>", "<cbc:DueDate>2026-05-14</cbc:DueDate>")
        .replace("<cbc:IssueDate>2026-03-15</cbc:IssueDate>", "<cbc:IssueDate>2026-04-01</cbc:IssueDate>"),
    )
    const marked = compareEInvoices(valid, renamed).map((d) => [d.field, d.taxRelevant])
    expect(marked).toEqual([
      ["issueDate", true],
      ["dueDate", false],
      ["seller.name", false],
    ])
    const cii = compareEInvoices(valid, parseEInvoice(fixture("cii-invoice-valid.xml")))
    expect(cii.find((d) => d.field === "syntax")).toMatchObject({ a: "UBL-Invoice", b: "CII", taxRelevant: false })
    const note = compareEInvoices(valid, parseEInvoice(fixture("ubl-creditnote-valid.xml")))
    expect(note.find((d) => d.field === "lines[1].quantity")?.taxRelevant).toBe(false)
    expect(note.find((d) => d.field === "lines[1].netAmount")?.taxRelevant).toBe(true)
  })
})
