import { describe, expect, it } from "vitest"
import { EInvoiceParseError, parseEInvoice } from "../../../../src-main/documents/einvoice"
import { fixture } from "./fixtures"

describe("parseEInvoice: UBL invoice", () => {
  const invoice = parseEInvoice(fixture("ubl-invoice-valid.xml"))

  it("reads the header fields with their business terms", () => {
    expect(invoice.syntax).toBe("UBL-Invoice")
    expect(invoice.number).toEqual({ path: "cbc:ID", bt: "BT-1", value: "17-P1-1" })
    expect(invoice.issueDate?.value).toBe("2026-03-15")
    expect(invoice.dueDate?.value).toBe("2026-04-14")
    expect(invoice.typeCode?.value).toBe("380")
    expect(invoice.currency?.value).toBe("EUR")
  })

  it("reads both parties with OIB, VAT id and country", () => {
    expect(invoice.seller.name?.value).toBe("Pekara Zrno d.o.o.")
    expect(invoice.seller.oib).toMatchObject({ value: "12345678903", bt: "BT-30" })
    expect(invoice.seller.vatId).toMatchObject({ value: "HR12345678903", bt: "BT-31" })
    expect(invoice.buyer.name?.value).toBe("Hotel Lučica d.o.o.")
    expect(invoice.buyer.oib?.value).toBe("98765432106")
    expect(invoice.buyer.country?.value).toBe("HR")
  })

  it("reads every line with the path of each value, amounts exactly as written", () => {
    expect(invoice.lines).toHaveLength(3)
    const bread = invoice.lines[0]
    expect(bread?.itemName?.value).toBe("Kruh bijeli 500 g")
    expect(bread?.quantity?.value).toBe("40")
    expect(bread?.unitCode?.value).toBe("H87")
    expect(bread?.unitPrice?.value).toBe("1.20")
    expect(bread?.netAmount?.value).toBe("48.00")
    expect(invoice.lines[1]?.vatRate).toEqual({
      path: "cac:InvoiceLine[2]/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent",
      bt: "BT-152",
      value: "13",
    })
  })

  it("reads the VAT breakdown and the document totals", () => {
    expect(
      invoice.vatBreakdown.map((b) => [
        b.category?.value,
        b.rate?.value,
        b.taxableAmount?.value,
        b.taxAmount?.value,
      ]),
    ).toEqual([
      ["S", "5", "48.00", "2.40"],
      ["S", "13", "171.00", "22.23"],
      ["S", "25", "249.99", "62.50"],
    ])
    const t = invoice.totals
    expect([
      t.lineExtension?.value,
      t.taxExclusive?.value,
      t.taxAmount?.value,
      t.taxInclusive?.value,
      t.payable?.value,
    ]).toEqual(["468.99", "468.99", "87.13", "556.12", "556.12"])
    expect(t.payable?.bt).toBe("BT-115")
  })
})

describe("parseEInvoice: other syntaxes", () => {
  it("reads a UBL credit note's type code and credited lines", () => {
    const note = parseEInvoice(fixture("ubl-creditnote-valid.xml"))
    expect(note.syntax).toBe("UBL-CreditNote")
    expect(note.typeCode?.value).toBe("381")
    expect(note.lines[0]?.quantity).toMatchObject({
      value: "10",
      path: "cac:CreditNoteLine[1]/cbc:CreditedQuantity",
    })
    expect(note.totals.payable?.value).toBe("12.60")
  })

  it("reads a CII invoice, its compact dates and line allowances", () => {
    const cii = parseEInvoice(fixture("cii-invoice-valid.xml").toString("utf8"))
    expect(cii.syntax).toBe("CII")
    expect(cii.issueDate).toMatchObject({ value: "2026-02-10", bt: "BT-2" })
    expect(cii.dueDate?.value).toBe("2026-03-12")
    expect(cii.seller.oib?.value).toBe("55555123450")
    expect(cii.buyer.vatId?.value).toBe("HR20212021209")
    expect(cii.lines.map((l) => l.itemName?.value)).toEqual([
      "Mlijeko svježe 1 l",
      "Električna energija",
      "Konzultantske usluge",
    ])
    expect(cii.lines[2]?.allowanceCharges).toMatchObject([
      { charge: false, amount: { value: "20.00", bt: "BT-136" } },
    ])
    expect(cii.totals.taxAmount?.value).toBe("92.74")
    expect(cii.vatBreakdown).toHaveLength(3)
  })
})

describe("parseEInvoice: documents with faults still parse, faults are kept", () => {
  it("reads an invoice with missing fields, leaving them absent", () => {
    const invoice = parseEInvoice(fixture("ubl-missing-fields.xml"))
    expect(invoice.issueDate).toBeUndefined()
    expect(invoice.seller.name).toBeUndefined()
  })

  it("keeps an amount written with a decimal comma as unreadable instead of guessing", () => {
    const xml = fixture("ubl-invoice-valid.xml")
      .toString("utf8")
      .replace(">1.20</cbc:PriceAmount>", ">1,20</cbc:PriceAmount>")
    const invoice = parseEInvoice(xml)
    expect(invoice.lines[0]?.unitPrice).toBeUndefined()
    expect(invoice.unreadable).toEqual([
      { path: "cac:InvoiceLine[1]/cac:Price/cbc:PriceAmount", bt: "BT-146", value: "1,20" },
    ])
  })

  it("reads only a CII tax registration of scheme VA as the VAT identifier (FC is a tax number, BT-32)", () => {
    const xml = fixture("cii-invoice-valid.xml")
      .toString("utf8")
      .replace('schemeID="VA">HR55555123450', 'schemeID="FC">HR55555123450')
    const invoice = parseEInvoice(xml)
    expect(invoice.seller.vatId).toBeUndefined()
    expect(invoice.seller.legalId?.value).toBe("55555123450")
  })

  it("binds UBL's namespaces to any prefix", () => {
    const xml = fixture("ubl-invoice-valid.xml")
      .toString("utf8")
      .replaceAll("cbc:", "b:")
      .replaceAll("xmlns:cbc", "xmlns:b")
    expect(parseEInvoice(xml).number?.value).toBe("17-P1-1")
  })
})

describe("parseEInvoice: what is not an e-invoice", () => {
  const code = (input: string | Buffer) => {
    try {
      parseEInvoice(input)
    } catch (error) {
      if (error instanceof EInvoiceParseError) return error.code
      throw error
    }
    return "parsed"
  }

  it("refuses XML that is not well-formed, saying where", () => {
    expect(code("<Invoice><cbc:ID>1</Invoice>")).toBe("NOT_WELL_FORMED")
  })

  it("refuses another kind of XML, and an Invoice element without UBL's namespace", () => {
    expect(
      code('<?xml version="1.0"?><Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>'),
    ).toBe("NOT_AN_EINVOICE")
    expect(code("<Invoice><ID>1</ID></Invoice>")).toBe("NOT_AN_EINVOICE")
  })

  it("refuses bytes that are not UTF-8 text", () => {
    expect(code(Buffer.from([0x3c, 0x49, 0xff, 0xfe, 0x00, 0x3e]))).toBe("NOT_TEXT")
  })

  it("gives every refusal in Croatian and English", () => {
    try {
      parseEInvoice("<Order/>")
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(EInvoiceParseError)
      const refusal = error as EInvoiceParseError
      expect(refusal.messageIn("hr")).toMatch(/Korijenski element je <Order>/)
      expect(refusal.messageIn("en")).toMatch(/root element is <Order>/)
      expect(refusal.message).toBe(refusal.messageIn("en"))
    }
  })
})
