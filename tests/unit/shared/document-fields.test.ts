import { describe, expect, it } from "vitest"
import { comparedFieldName, documentFactName, factNameInText } from "../../../src-shared/document-fields"
import { catalog } from "../../../src-renderer/i18n/catalog"
import { DocumentFactField } from "../../../src-shared/run-documents"

// The names of an e-invoice's fields (issue 22): one source for the answer card (through the
// window's catalog), the paper, the comparison's table, its answer and the CLI. A field is named
// in words an accountant knows, in both languages, never by the model's path.

describe("the names of an e-invoice's fields", () => {
  it("are the ones the window's catalog shows on the card, for every field an answer can read", () => {
    for (const field of DocumentFactField.options) {
      for (const locale of ["hr", "en"] as const) {
        const shown = catalog[`documents.fact.${field}`][locale].replace("{line}", "2")
        expect(documentFactName({ field, line: 2 }, locale)).toBe(shown)
      }
    }
    expect(documentFactName({ field: "seller.oib" }, "hr")).toBe("OIB prodavatelja")
    expect(documentFactName({ field: "vat.rate", line: 3 }, "en")).toBe("VAT rate (line 3)")
  })

  it("read inside an answer's sentence in lower case without their line, abbreviations kept", () => {
    expect(factNameInText("seller.name", "hr")).toBe("prodavatelj")
    expect(factNameInText("seller.oib", "hr")).toBe("OIB prodavatelja")
    expect(factNameInText("vat.rate", "hr")).toBe("stopa PDV-a")
    expect(factNameInText("vat.taxAmount", "hr")).toBe("PDV")
    expect(factNameInText("vat.category", "en")).toBe("VAT category")
    expect(factNameInText("totals.payable", "en")).toBe("amount due")
  })

  it("name compared fields: parties, totals, invoice lines by their key and VAT groups by category and rate", () => {
    expect(comparedFieldName("seller.oib", "hr")).toBe("OIB prodavatelja")
    expect(comparedFieldName("buyer.country", "en")).toBe("Buyer's country")
    expect(comparedFieldName("totals.lineExtension", "hr")).toBe("Zbroj neto iznosa stavki")
    expect(comparedFieldName("lines[2].vatRate", "hr")).toBe("Stopa PDV-a (stavka 2)")
    expect(comparedFieldName("lines[A-7].netAmount", "en")).toBe("Net amount (line A-7)")
    expect(comparedFieldName("lines[3]", "hr")).toBe("Stavka 3")
    expect(comparedFieldName("vatBreakdown[S 25].taxAmount", "hr")).toBe("Iznos PDV-a (S, 25 %)")
    expect(comparedFieldName("vatBreakdown[S 5.5].taxableAmount", "en")).toBe("Taxable amount (S, 5.5%)")
    expect(comparedFieldName("vatBreakdown[E].taxableAmount", "en")).toBe("Taxable amount (E)")
    expect(comparedFieldName("vatBreakdown[?].taxAmount", "hr")).toBe("Iznos PDV-a (bez kategorije)")
  })

  it("show a field they do not know as the model writes it rather than hide it", () => {
    expect(comparedFieldName("lines[1].origin", "hr")).toBe("lines[1].origin")
    expect(comparedFieldName("payment.iban", "en")).toBe("payment.iban")
  })
})
