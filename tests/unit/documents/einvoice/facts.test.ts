import { describe, expect, test } from "vitest"
import { RunDocument } from "../../../../src-shared/run-documents"
import { parseEInvoice } from "../../../../src-main/documents/einvoice"
import { invoiceFacts } from "../../../../src-main/documents/einvoice/facts"
import { fixture } from "./fixtures"

// An e-invoice's fields as a run carries them: the values as written, with path and EN 16931 term,
// for UBL and CII alike; each VAT breakdown line numbered.

const valueOf = (facts: ReturnType<typeof invoiceFacts>, field: string, line?: number) =>
  facts.find((f) => f.field === field && f.line === line)?.value

describe("invoice facts", () => {
  test("a UBL invoice: parties with their OIBs, dates, totals and every VAT line", () => {
    const facts = invoiceFacts(parseEInvoice(fixture("ubl-invoice-valid.xml")))
    expect(valueOf(facts, "number")).toBe("17-P1-1")
    expect(valueOf(facts, "issueDate")).toBe("2026-03-15")
    expect(valueOf(facts, "dueDate")).toBe("2026-04-14")
    expect(valueOf(facts, "seller.name")).toBe("Pekara Zrno d.o.o.")
    expect(valueOf(facts, "buyer.oib")).toBe("98765432106")
    expect(valueOf(facts, "totals.taxAmount")).toBe("87.13")
    expect([1, 2, 3].map((line) => valueOf(facts, "vat.rate", line))).toEqual(["5", "13", "25"])
    expect(facts.find((f) => f.field === "buyer.oib")?.bt).toBe("BT-47")
    // What a run's request may carry: the contract accepts it as it is.
    expect(RunDocument.safeParse({ id: "d", title: "t", contentHash: "0".repeat(64), kind: "xml", invoiceNumber: "17-P1-1", addedAt: "x", facts }).success).toBe(true)
  })

  test("a CII invoice reads the same fields from its own syntax", () => {
    const facts = invoiceFacts(parseEInvoice(fixture("cii-invoice-valid.xml")))
    expect(valueOf(facts, "seller.name")).toBe("Energija i savjeti d.o.o.")
    expect(valueOf(facts, "buyer.name")).toBe("Mliječni kutak j.d.o.o.")
    expect(valueOf(facts, "issueDate")).toBe("2026-02-10")
    expect(valueOf(facts, "totals.payable")).toBe("645.49")
  })
})
