import { FieldReader, oibFromVatId } from "./field-reader"
import type { AllowanceCharge, EInvoice, InvoiceLine, Party, Totals, VatBreakdown } from "./model"
import { attributeOf, childOf, childrenOf, descend, textOf, type XmlElement } from "./xml-tree"
import { PARTY_TERMS } from "./party-terms"

// UBL 2.1 Invoice and CreditNote to the model. Paths and business terms follow the EN 16931 UBL
// syntax binding (CEN/TS 16931-3-2), as the CEN schematron in ConnectingEurope/eInvoicing-EN16931
// (ubl/schematron/abstract/EN16931-model.sch) names them.

export function readUbl(root: XmlElement, creditNote: boolean): EInvoice {
  const r = new FieldReader()
  const currency = r.text(root, "cbc:DocumentCurrencyCode", "BT-5")
  const taxTotal = documentTaxTotal(root, currency?.value)
  const line = creditNote ? "cac:CreditNoteLine" : "cac:InvoiceLine"
  const invoice: EInvoice = {
    syntax: creditNote ? "UBL-CreditNote" : "UBL-Invoice",
    customizationId: r.text(root, "cbc:CustomizationID", "BT-24"),
    number: r.text(root, "cbc:ID", "BT-1"),
    issueDate: r.date(root, "cbc:IssueDate", "BT-2"),
    dueDate:
      r.date(root, "cbc:DueDate", "BT-9") ?? r.date(root, "cac:PaymentMeans/cbc:PaymentDueDate", "BT-9"),
    paymentTerms: r.text(root, "cac:PaymentTerms/cbc:Note", "BT-20"),
    typeCode: r.text(root, creditNote ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", "BT-3"),
    currency,
    seller: readParty(r, root, "cac:AccountingSupplierParty", "seller"),
    buyer: readParty(r, root, "cac:AccountingCustomerParty", "buyer"),
    lines: childrenOf(root, line).map((element) => readLine(r, element, creditNote)),
    allowanceCharges: childrenOf(root, "cac:AllowanceCharge").map((element) =>
      readAllowanceCharge(r, element, "document"),
    ),
    vatBreakdown: taxTotal
      ? childrenOf(taxTotal, "cac:TaxSubtotal").map((element) => readBreakdown(r, element))
      : [],
    totals: readTotals(r, root, taxTotal),
    unreadable: [],
  }
  return { ...invoice, unreadable: r.unreadable }
}

/** The TaxTotal in the document currency: a second one may give the VAT in the accounting currency (BT-111). */
function documentTaxTotal(root: XmlElement, currency: string | undefined): XmlElement | undefined {
  const totals = childrenOf(root, "cac:TaxTotal")
  const inCurrency = totals.find((t) => {
    const amount = childOf(t, "cbc:TaxAmount")
    return amount !== undefined && attributeOf(amount, "currencyID") === currency
  })
  return inCurrency ?? totals.find((t) => childOf(t, "cac:TaxSubtotal") !== undefined) ?? totals[0]
}

function readParty(r: FieldReader, root: XmlElement, role: string, kind: keyof typeof PARTY_TERMS): Party {
  const terms = PARTY_TERMS[kind]
  const party = descend(root, `${role}/cac:Party`)
  if (party === undefined) return { path: `${role}/cac:Party` }
  // PartyTaxScheme with the VAT scheme is BT-31; one with another scheme is a tax registration (BT-32).
  const vatScheme = childrenOf(party, "cac:PartyTaxScheme").find(
    (scheme) => textOf(descend(scheme, "cac:TaxScheme/cbc:ID") ?? scheme).trim() === "VAT",
  )
  const vatId = r.text(vatScheme, "cbc:CompanyID", terms.vat)
  const legalId = r.text(party, "cac:PartyLegalEntity/cbc:CompanyID", terms.legal)
  const address = childOf(party, "cac:PostalAddress")
  const country = r.text(address, "cac:Country/cbc:IdentificationCode", terms.country)
  return {
    path: party.path,
    name:
      r.text(party, "cac:PartyLegalEntity/cbc:RegistrationName", terms.name) ??
      r.text(party, "cac:PartyName/cbc:Name", terms.name),
    id: r.text(party, "cac:PartyIdentification/cbc:ID", terms.id),
    legalId,
    oib: croatianOib(legalId, vatId, country?.value),
    vatId,
    address: address === undefined ? undefined : { path: address.path, bt: terms.address },
    country,
  }
}

/** The party's OIB: its legal registration id when the party is Croatian, else the one in an HR VAT id. */
export function croatianOib(
  legalId: Party["oib"],
  vatId: Party["vatId"],
  country: string | undefined,
): Party["oib"] {
  const fromVat = oibFromVatId(vatId)
  const croatian = country === "HR" || fromVat !== undefined
  return croatian && legalId !== undefined ? legalId : fromVat
}

function readLine(r: FieldReader, line: XmlElement, creditNote: boolean): InvoiceLine {
  const quantity = creditNote ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity"
  return {
    path: line.path,
    id: r.text(line, "cbc:ID", "BT-126"),
    itemName: r.text(line, "cac:Item/cbc:Name", "BT-153"),
    quantity: r.decimal(line, quantity, "BT-129"),
    unitCode: r.attribute(line, quantity, "unitCode", "BT-130"),
    unitPrice: r.decimal(line, "cac:Price/cbc:PriceAmount", "BT-146"),
    baseQuantity: r.decimal(line, "cac:Price/cbc:BaseQuantity", "BT-149"),
    netAmount: r.decimal(line, "cbc:LineExtensionAmount", "BT-131"),
    vatCategory: r.text(line, "cac:Item/cac:ClassifiedTaxCategory/cbc:ID", "BT-151"),
    vatRate: r.decimal(line, "cac:Item/cac:ClassifiedTaxCategory/cbc:Percent", "BT-152"),
    allowanceCharges: childrenOf(line, "cac:AllowanceCharge").map((element) =>
      readAllowanceCharge(r, element, "line"),
    ),
  }
}

function readAllowanceCharge(
  r: FieldReader,
  element: XmlElement,
  level: "document" | "line",
): AllowanceCharge {
  const charge = textOf(childOf(element, "cbc:ChargeIndicator") ?? element).trim() === "true"
  const amountTerm = level === "line" ? (charge ? "BT-141" : "BT-136") : charge ? "BT-99" : "BT-92"
  const result: AllowanceCharge = {
    path: element.path,
    charge,
    amount: r.decimal(element, "cbc:Amount", amountTerm),
  }
  if (level === "line") return result
  return {
    ...result,
    vatCategory: r.text(element, "cac:TaxCategory/cbc:ID", charge ? "BT-102" : "BT-95"),
    vatRate: r.decimal(element, "cac:TaxCategory/cbc:Percent", charge ? "BT-103" : "BT-96"),
  }
}

function readBreakdown(r: FieldReader, subtotal: XmlElement): VatBreakdown {
  return {
    path: subtotal.path,
    taxableAmount: r.decimal(subtotal, "cbc:TaxableAmount", "BT-116"),
    taxAmount: r.decimal(subtotal, "cbc:TaxAmount", "BT-117"),
    category: r.text(subtotal, "cac:TaxCategory/cbc:ID", "BT-118"),
    rate: r.decimal(subtotal, "cac:TaxCategory/cbc:Percent", "BT-119"),
  }
}

function readTotals(r: FieldReader, root: XmlElement, taxTotal: XmlElement | undefined): Totals {
  const totals = childOf(root, "cac:LegalMonetaryTotal")
  return {
    path: totals?.path ?? "cac:LegalMonetaryTotal",
    lineExtension: r.decimal(totals, "cbc:LineExtensionAmount", "BT-106"),
    allowanceTotal: r.decimal(totals, "cbc:AllowanceTotalAmount", "BT-107"),
    chargeTotal: r.decimal(totals, "cbc:ChargeTotalAmount", "BT-108"),
    taxExclusive: r.decimal(totals, "cbc:TaxExclusiveAmount", "BT-109"),
    taxAmount: r.decimal(taxTotal, "cbc:TaxAmount", "BT-110"),
    taxInclusive: r.decimal(totals, "cbc:TaxInclusiveAmount", "BT-112"),
    prepaid: r.decimal(totals, "cbc:PrepaidAmount", "BT-113"),
    rounding: r.decimal(totals, "cbc:PayableRoundingAmount", "BT-114"),
    payable: r.decimal(totals, "cbc:PayableAmount", "BT-115"),
  }
}
