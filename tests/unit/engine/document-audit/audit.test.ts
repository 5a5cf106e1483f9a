import { describe, expect, it } from "vitest"
import { parseEInvoice } from "../../../../src-main/documents/einvoice"
import { auditEInvoice, type Finding } from "../../../../src-main/engine/document-audit"
import { fixture, shippedPack } from "../../documents/einvoice/fixtures"

const audit = (name: string, asOf?: string) =>
  auditEInvoice(parseEInvoice(fixture(name)), shippedPack, asOf ? { asOf } : {})
const errors = (findings: Finding[]) => findings.filter((f) => f.severity === "error")

describe("auditEInvoice on correct invoices", () => {
  it.each(["ubl-invoice-valid.xml", "cii-invoice-valid.xml", "ubl-creditnote-valid.xml"])(
    "%s has no error and no warning",
    (name) => {
      const findings = audit(name)
      expect(findings.filter((f) => f.severity !== "info")).toEqual([])
    },
  )

  it("confirms the bread and accommodation rates against the pack's rules, citing them", () => {
    const confirmed = audit("ubl-invoice-valid.xml").filter((f) => f.code === "VAT_RATE_MATCHES_PACK")
    expect(confirmed.map((f) => f.citation?.ruleId)).toEqual(["pdv.stopa.kruh", "pdv.stavka.smjestaj-13"])
    expect(confirmed[0]?.citation?.legalBasis).toMatch(/Zakon o porezu na dodanu vrijednost/)
    expect(confirmed[0]?.citation?.evidence.length).toBeGreaterThan(0)
  })

  it("says plainly that an item the pack has no rule for was not checked", () => {
    const desk = audit("ubl-invoice-valid.xml").find((f) => f.code === "VAT_RATE_ITEM_NOT_CHECKED")
    expect(desk?.severity).toBe("info")
    expect(desk?.message.en).toBe('Not checked: the pack has no rule for "Uredski stol".')
    expect(desk?.message.hr).toBe("Nije provjereno: paket pravila nema pravila za „Uredski stol”.")
    expect(desk?.path).toBe("cac:InvoiceLine[3]/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent")
  })
})

describe("auditEInvoice on broken invoices", () => {
  it("finds bread charged at 25 % and cites the pack's bread rule", () => {
    const found = errors(audit("ubl-wrong-vat-rate.xml"))
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      code: "VAT_RATE_WRONG_FOR_ITEM",
      path: "cac:InvoiceLine[1]/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent",
      bt: "BT-152",
      citation: { source: "PACK", ruleId: "pdv.stopa.kruh" },
    })
    expect(found[0]?.message.en).toMatch(/rate 25%.*gives 5%/)
    expect(found[0]?.citation?.legalBasis).toMatch(/čl\. 38/)
  })

  it("finds the buyer's OIB with a wrong check digit, in the legal id and in the VAT id", () => {
    const found = errors(audit("ubl-bad-oib.xml"))
    expect(found.map((f) => [f.code, f.bt])).toEqual([
      ["OIB_CHECK_DIGIT", "BT-47"],
      ["OIB_CHECK_DIGIT", "BT-48"],
    ])
    expect(found[0]?.message.hr).toMatch(/OIB kupca 98765432107 ima pogrešnu kontrolnu znamenku/)
    expect(found[0]?.citation?.legalBasis).toMatch(/NN 60\/08/)
  })

  it("finds a line that does not add up and an amount due that does not follow from the total", () => {
    const found = errors(audit("ubl-bad-totals.xml"))
    const cited = found.map((f) => [f.path, f.citation?.ruleId])
    expect(cited).toContainEqual(["cac:InvoiceLine[2]/cbc:LineExtensionAmount", "PEPPOL-EN16931-R120"])
    expect(cited).toContainEqual(["cac:LegalMonetaryTotal/cbc:LineExtensionAmount", "BR-CO-10"])
    expect(cited).toContainEqual(["cac:LegalMonetaryTotal/cbc:PayableAmount", "BR-CO-16"])
    const payable = found.find((f) => f.citation?.ruleId === "BR-CO-16")
    expect(payable?.message.en).toMatch(/states 565\.12, the calculation gives 556\.12 \(difference 9\.00\)/)
  })

  it("finds missing required fields with the EN 16931 rule requiring each", () => {
    const findings = audit("ubl-missing-fields.xml")
    expect(errors(findings).map((f) => [f.code, f.bt, f.citation?.ruleId])).toEqual([
      ["REQUIRED_FIELD_MISSING", "BT-2", "BR-03"],
      ["REQUIRED_FIELD_MISSING", "BT-27", "BR-06"],
    ])
    // Without an issue date the rates cannot be dated: said so, not guessed.
    expect(findings.find((f) => f.code === "VAT_RATES_NOT_CHECKED")?.severity).toBe("info")
  })

  it("reports findings errors first, then warnings, then notes", () => {
    const order = audit("ubl-wrong-vat-rate.xml").map((f) => f.severity)
    expect(order).toEqual(
      [...order].sort(
        (a, b) => ["error", "warning", "info"].indexOf(a) - ["error", "warning", "info"].indexOf(b),
      ),
    )
  })
})

describe("auditEInvoice: VAT categories and rates in force", () => {
  const valid = () => fixture("ubl-invoice-valid.xml").toString("utf8")

  it("refuses a rate that is no Croatian VAT rate, citing the rates in force", () => {
    const xml = valid().replace(
      "<cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>",
      "<cbc:ID>S</cbc:ID><cbc:Percent>22</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>",
    )
    const wrong = auditEInvoice(parseEInvoice(xml), shippedPack).find(
      (f) => f.code === "VAT_RATE_NOT_IN_FORCE",
    )
    expect(wrong?.message.en).toMatch(
      /Rate 22% of line 3 is not a Croatian VAT rate on 15 March 2026 \(in force: 25%, 13%, 5%, 0%\)/,
    )
    expect(wrong?.citation?.ruleId).toMatch(/pdv\.stopa\.opca-25/)
  })

  it("refuses AA as a category code and a zero rate under S (BR-CL-18, BR-S-05)", () => {
    const xml = valid()
      .replace(
        "<cbc:ID>S</cbc:ID><cbc:Percent>5</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>",
        "<cbc:ID>AA</cbc:ID><cbc:Percent>5</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>",
      )
      .replace(
        "<cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>",
        "<cbc:ID>S</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>",
      )
    const rules = auditEInvoice(parseEInvoice(xml), shippedPack).map((f) => f.citation?.ruleId)
    expect(rules).toContain("BR-CL-18")
    expect(rules).toContain("BR-S-05")
  })

  it("checks a rate against the rule in force on the date asked: gas at 5 % is right in 2025, wrong after 1 April 2026", () => {
    const xml = valid().replace(
      "<cbc:Name>Uredski stol</cbc:Name>\n      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent>",
      "<cbc:Name>Prirodni plin</cbc:Name>\n      <cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>5</cbc:Percent>",
    )
    const invoice = parseEInvoice(xml)
    const gas = (asOf: string) =>
      auditEInvoice(invoice, shippedPack, { asOf }).filter((f) => f.path.startsWith("cac:InvoiceLine[3]/"))
    expect(gas("2025-06-01").map((f) => f.code)).toEqual(["VAT_RATE_MATCHES_PACK"])
    // After 1 April 2026 the enacted rate is 13 %; 5 % is only a recorded proposal: a warning, not a verdict.
    const later = gas("2026-05-01")
    expect(later.map((f) => [f.severity, f.code])).toEqual([["warning", "VAT_RATE_ONLY_PROPOSED"]])
    expect(later[0]?.citation?.ruleId).toMatch(/pdv\.stopa\.plin\.13-2026/)
  })

  it("does not judge an item whose pack rules give several rates", () => {
    const xml = valid().replace("<cbc:Name>Uredski stol</cbc:Name>", "<cbc:Name>Ručak u restoranu</cbc:Name>")
    const lunch = auditEInvoice(parseEInvoice(xml), shippedPack).find((f) =>
      f.path.startsWith("cac:InvoiceLine[3]/"),
    )
    expect(lunch).toMatchObject({ severity: "info", code: "VAT_RATE_ITEM_NOT_CHECKED" })
    expect(lunch?.message.en).toMatch(/several rates/)
  })

  it("never reads a profit-tax rate as a VAT rate (entertainment has a 50 % deductibility rule)", () => {
    const xml = valid().replace("<cbc:Name>Uredski stol</cbc:Name>", "<cbc:Name>Reprezentacija</cbc:Name>")
    const item = auditEInvoice(parseEInvoice(xml), shippedPack).find((f) =>
      f.path.startsWith("cac:InvoiceLine[3]/"),
    )
    expect(item?.code).toBe("VAT_RATE_ITEM_NOT_CHECKED")
  })

  it("does not judge a broad item by a narrower item's rule (a newspaper is not necessarily a daily)", () => {
    const xml = valid().replace("<cbc:Name>Uredski stol</cbc:Name>", "<cbc:Name>Newspaper</cbc:Name>")
    const item = auditEInvoice(parseEInvoice(xml), shippedPack).find((f) =>
      f.path.startsWith("cac:InvoiceLine[3]/"),
    )
    expect(item?.code).toBe("VAT_RATE_ITEM_NOT_CHECKED")
    expect(item?.message.en).toMatch(/cover only narrower items/)
  })
})

describe("auditEInvoice: tolerances and identifiers", () => {
  const valid = () => fixture("ubl-invoice-valid.xml").toString("utf8")

  it("warns, without an error, when a breakdown's tax is off by less than one unit (CEN's BR-CO-17 tolerance)", () => {
    const xml = valid()
      .replace(">62.50</cbc:TaxAmount>", ">62.00</cbc:TaxAmount>")
      .replace(">87.13</cbc:TaxAmount>", ">86.63</cbc:TaxAmount>")
      .replaceAll(">556.12<", ">555.62<")
    const findings = auditEInvoice(parseEInvoice(xml), shippedPack).filter((f) => f.severity !== "info")
    expect(findings.map((f) => [f.severity, f.citation?.ruleId])).toEqual([["warning", "BR-CO-17"]])
    const off = valid().replace(">62.50</cbc:TaxAmount>", ">61.50</cbc:TaxAmount>")
    const errors = auditEInvoice(parseEInvoice(off), shippedPack).filter((f) => f.severity === "error")
    expect(errors.map((f) => f.citation?.ruleId)).toEqual(expect.arrayContaining(["BR-CO-17", "BR-CO-14"]))
  })

  it("accepts a seller identified only by a party identifier (BT-29) for BR-CO-26", () => {
    const xml = valid()
      .replace(/<cac:PartyTaxScheme>\s*<cbc:CompanyID>HR12345678903[\s\S]*?<\/cac:PartyTaxScheme>/, "")
      .replace("<cbc:CompanyID>12345678903</cbc:CompanyID>", "")
      .replace(
        "<cac:AccountingSupplierParty>\n    <cac:Party>",
        "<cac:AccountingSupplierParty>\n    <cac:Party><cac:PartyIdentification><cbc:ID>3859888888888</cbc:ID></cac:PartyIdentification>",
      )
    const invoice = parseEInvoice(xml)
    expect(invoice.seller.id?.value).toBe("3859888888888")
    expect(invoice.seller.vatId).toBeUndefined()
    const rules = auditEInvoice(invoice, shippedPack).map((f) => f.citation?.ruleId)
    expect(rules).not.toContain("BR-CO-26")
  })
})
