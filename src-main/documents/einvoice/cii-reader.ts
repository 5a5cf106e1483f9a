import { FieldReader } from "./field-reader"
import type { AllowanceCharge, EInvoice, InvoiceLine, Party, Totals, VatBreakdown } from "./model"
import { croatianOib } from "./ubl-reader"
import { attributeOf, childOf, childrenOf, descend, textOf, type XmlElement } from "./xml-tree"
import { PARTY_TERMS } from "./party-terms"

// UN/CEFACT Cross Industry Invoice (D16B) to the model, by the EN 16931 CII syntax binding
// (CEN/TS 16931-3-3) as the CEN schematron in ConnectingEurope/eInvoicing-EN16931
// (cii/schematron/abstract/EN16931-CII-model.sch) names the fields.

const TRANSACTION = "rsm:SupplyChainTradeTransaction"

export function readCii(root: XmlElement): EInvoice {
  const r = new FieldReader()
  const document = childOf(root, "rsm:ExchangedDocument")
  const agreement = descend(root, `${TRANSACTION}/ram:ApplicableHeaderTradeAgreement`)
  const settlement = descend(root, `${TRANSACTION}/ram:ApplicableHeaderTradeSettlement`)
  const transaction = childOf(root, TRANSACTION)
  const currency = r.text(settlement, "ram:InvoiceCurrencyCode", "BT-5")
  const invoice: EInvoice = {
    syntax: "CII",
    customizationId: r.text(
      root,
      "rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID",
      "BT-24",
    ),
    number: r.text(document, "ram:ID", "BT-1"),
    issueDate: r.date(document, "ram:IssueDateTime/udt:DateTimeString", "BT-2", true),
    dueDate: r.date(
      settlement,
      "ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString",
      "BT-9",
      true,
    ),
    paymentTerms: r.text(settlement, "ram:SpecifiedTradePaymentTerms/ram:Description", "BT-20"),
    typeCode: r.text(document, "ram:TypeCode", "BT-3"),
    currency,
    seller: readParty(r, agreement, "ram:SellerTradeParty", "seller"),
    buyer: readParty(r, agreement, "ram:BuyerTradeParty", "buyer"),
    lines: transaction
      ? childrenOf(transaction, "ram:IncludedSupplyChainTradeLineItem").map((l) => readLine(r, l))
      : [],
    allowanceCharges: settlement
      ? childrenOf(settlement, "ram:SpecifiedTradeAllowanceCharge").map((a) =>
          readAllowanceCharge(r, a, "document"),
        )
      : [],
    vatBreakdown: settlement
      ? childrenOf(settlement, "ram:ApplicableTradeTax").map((t) => readBreakdown(r, t))
      : [],
    totals: readTotals(r, settlement, currency?.value),
    unreadable: [],
  }
  return { ...invoice, unreadable: r.unreadable }
}

function readParty(
  r: FieldReader,
  agreement: XmlElement | undefined,
  role: string,
  kind: keyof typeof PARTY_TERMS,
): Party {
  const terms = PARTY_TERMS[kind]
  const party = agreement === undefined ? undefined : childOf(agreement, role)
  const fallbackPath = `${TRANSACTION}/ram:ApplicableHeaderTradeAgreement/${role}`
  if (party === undefined) return { path: fallbackPath }
  // A party may have a VAT id (scheme "VA", BT-31) and a tax number (scheme "FC", BT-32): only the former counts.
  const vatRegistration = childrenOf(party, "ram:SpecifiedTaxRegistration").find((reg) => {
    const id = childOf(reg, "ram:ID")
    return id !== undefined && attributeOf(id, "schemeID") === "VA"
  })
  const vatId = r.text(vatRegistration, "ram:ID", terms.vat)
  const legalId = r.text(party, "ram:SpecifiedLegalOrganization/ram:ID", terms.legal)
  const address = childOf(party, "ram:PostalTradeAddress")
  const country = r.text(address, "ram:CountryID", terms.country)
  return {
    path: party.path,
    name: r.text(party, "ram:Name", terms.name),
    id: r.text(party, "ram:ID", terms.id) ?? r.text(party, "ram:GlobalID", terms.id),
    legalId,
    oib: croatianOib(legalId, vatId, country?.value),
    vatId,
    address: address === undefined ? undefined : { path: address.path, bt: terms.address },
    country,
  }
}

function readLine(r: FieldReader, line: XmlElement): InvoiceLine {
  const price = "ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice"
  const quantity = "ram:SpecifiedLineTradeDelivery/ram:BilledQuantity"
  const settlement = childOf(line, "ram:SpecifiedLineTradeSettlement")
  return {
    path: line.path,
    id: r.text(line, "ram:AssociatedDocumentLineDocument/ram:LineID", "BT-126"),
    itemName: r.text(line, "ram:SpecifiedTradeProduct/ram:Name", "BT-153"),
    quantity: r.decimal(line, quantity, "BT-129"),
    unitCode: r.attribute(line, quantity, "unitCode", "BT-130"),
    unitPrice: r.decimal(line, `${price}/ram:ChargeAmount`, "BT-146"),
    baseQuantity: r.decimal(line, `${price}/ram:BasisQuantity`, "BT-149"),
    netAmount: r.decimal(
      settlement,
      "ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount",
      "BT-131",
    ),
    vatCategory: r.text(settlement, "ram:ApplicableTradeTax/ram:CategoryCode", "BT-151"),
    vatRate: r.decimal(settlement, "ram:ApplicableTradeTax/ram:RateApplicablePercent", "BT-152"),
    allowanceCharges: settlement
      ? childrenOf(settlement, "ram:SpecifiedTradeAllowanceCharge").map((a) =>
          readAllowanceCharge(r, a, "line"),
        )
      : [],
  }
}

function readAllowanceCharge(
  r: FieldReader,
  element: XmlElement,
  level: "document" | "line",
): AllowanceCharge {
  const indicator = descend(element, "ram:ChargeIndicator/udt:Indicator")
  const charge = indicator !== undefined && textOf(indicator).trim() === "true"
  const amountTerm = level === "line" ? (charge ? "BT-141" : "BT-136") : charge ? "BT-99" : "BT-92"
  const result: AllowanceCharge = {
    path: element.path,
    charge,
    amount: r.decimal(element, "ram:ActualAmount", amountTerm),
  }
  if (level === "line") return result
  return {
    ...result,
    vatCategory: r.text(element, "ram:CategoryTradeTax/ram:CategoryCode", charge ? "BT-102" : "BT-95"),
    vatRate: r.decimal(
      element,
      "ram:CategoryTradeTax/ram:RateApplicablePercent",
      charge ? "BT-103" : "BT-96",
    ),
  }
}

function readBreakdown(r: FieldReader, tax: XmlElement): VatBreakdown {
  return {
    path: tax.path,
    taxableAmount: r.decimal(tax, "ram:BasisAmount", "BT-116"),
    taxAmount: r.decimal(tax, "ram:CalculatedAmount", "BT-117"),
    category: r.text(tax, "ram:CategoryCode", "BT-118"),
    rate: r.decimal(tax, "ram:RateApplicablePercent", "BT-119"),
  }
}

function readTotals(
  r: FieldReader,
  settlement: XmlElement | undefined,
  currency: string | undefined,
): Totals {
  const summation =
    settlement === undefined
      ? undefined
      : childOf(settlement, "ram:SpecifiedTradeSettlementHeaderMonetarySummation")
  // BT-110 is the TaxTotalAmount in the invoice currency; another may give it in the accounting currency (BT-111).
  const taxTotals = summation === undefined ? [] : childrenOf(summation, "ram:TaxTotalAmount")
  const taxTotal = taxTotals.find((t) => attributeOf(t, "currencyID") === currency) ?? taxTotals[0]
  return {
    path:
      summation?.path ??
      `${TRANSACTION}/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation`,
    lineExtension: r.decimal(summation, "ram:LineTotalAmount", "BT-106"),
    allowanceTotal: r.decimal(summation, "ram:AllowanceTotalAmount", "BT-107"),
    chargeTotal: r.decimal(summation, "ram:ChargeTotalAmount", "BT-108"),
    taxExclusive: r.decimal(summation, "ram:TaxBasisTotalAmount", "BT-109"),
    taxAmount: taxTotal === undefined ? undefined : r.decimal(taxTotal, ".", "BT-110"),
    taxInclusive: r.decimal(summation, "ram:GrandTotalAmount", "BT-112"),
    prepaid: r.decimal(summation, "ram:TotalPrepaidAmount", "BT-113"),
    rounding: r.decimal(summation, "ram:RoundingAmount", "BT-114"),
    payable: r.decimal(summation, "ram:DuePayableAmount", "BT-115"),
  }
}
