import { cents } from "./decimal"
import type { EInvoice, FieldRef, InvoiceLine, Party, VatBreakdown } from "../../../src-shared/einvoice"
import { en16931, finding, type Citation, type Finding } from "./finding"

// Fields EN 16931 requires, each with the business rule that requires it (BR-01 … BR-48,
// BR-CO-04/18/25/26; rule ids and statements: CEN's EN 16931 schematron, ubl/schematron/abstract/
// EN16931-model.sch in ConnectingEurope/eInvoicing-EN16931). The HR CIUS adds requirements of its
// own; none is checked here, because no official text of them could be retrieved to cite.

interface Requirement {
  /** An EN 16931 rule id, or a citation of another source. */
  rule: string | Citation
  present: boolean
  at: FieldRef
  hr: string
  en: string
}

function missing(req: Requirement): Finding[] {
  if (req.present) return []
  return [
    finding(
      "error",
      "REQUIRED_FIELD_MISSING",
      req.at,
      { hr: `Nedostaje ${req.hr}.`, en: `${req.en} is missing.` },
      typeof req.rule === "string" ? en16931(req.rule) : req.rule,
    ),
  ]
}

const root = (path: string, bt: string): FieldRef => ({ path, bt })

export function checkRequiredFields(invoice: EInvoice): Finding[] {
  return [
    ...headerRequirements(invoice).flatMap(missing),
    ...totalsRequirements(invoice).flatMap(missing),
    ...partyRequirements(invoice.seller, "seller").flatMap(missing),
    ...partyRequirements(invoice.buyer, "buyer").flatMap(missing),
    ...invoice.lines.flatMap((line) => lineRequirements(line).flatMap(missing)),
    ...invoice.vatBreakdown.flatMap((b) => breakdownRequirements(b).flatMap(missing)),
  ]
}

/** BR-01 … BR-05, BR-16, BR-CO-18: the document's identity, its lines and its VAT breakdown. */
function headerRequirements(invoice: EInvoice): Requirement[] {
  const p = (ublPath: string, ciiPath: string) => (invoice.syntax === "CII" ? ciiPath : ublPath)
  return [
    {
      rule: "BR-01",
      present: !!invoice.customizationId,
      at: root(p("cbc:CustomizationID", "rsm:ExchangedDocumentContext"), "BT-24"),
      hr: "identifikator specifikacije (BT-24)",
      en: "The specification identifier (BT-24)",
    },
    {
      rule: "BR-02",
      present: !!invoice.number,
      at: root(p("cbc:ID", "rsm:ExchangedDocument/ram:ID"), "BT-1"),
      hr: "broj računa (BT-1)",
      en: "The invoice number (BT-1)",
    },
    {
      rule: "BR-03",
      present: !!invoice.issueDate,
      at: root(p("cbc:IssueDate", "rsm:ExchangedDocument/ram:IssueDateTime"), "BT-2"),
      hr: "datum izdavanja (BT-2)",
      en: "The issue date (BT-2)",
    },
    {
      rule: "BR-04",
      present: !!invoice.typeCode,
      at: root(
        p(
          invoice.syntax === "UBL-CreditNote" ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode",
          "rsm:ExchangedDocument/ram:TypeCode",
        ),
        "BT-3",
      ),
      hr: "kod vrste računa (BT-3)",
      en: "The invoice type code (BT-3)",
    },
    {
      rule: "BR-05",
      present: !!invoice.currency,
      at: root(p("cbc:DocumentCurrencyCode", "ram:InvoiceCurrencyCode"), "BT-5"),
      hr: "valuta računa (BT-5)",
      en: "The invoice currency code (BT-5)",
    },
    {
      rule: "BR-16",
      present: invoice.lines.length > 0,
      at: root(p("cac:InvoiceLine", "ram:IncludedSupplyChainTradeLineItem"), "BG-25"),
      hr: "barem jedna stavka računa (BG-25)",
      en: "At least one invoice line (BG-25)",
    },
    {
      rule: "BR-CO-18",
      present: invoice.vatBreakdown.length > 0,
      at: root(p("cac:TaxTotal/cac:TaxSubtotal", "ram:ApplicableTradeTax"), "BG-23"),
      hr: "rekapitulacija PDV-a (BG-23)",
      en: "A VAT breakdown (BG-23)",
    },
  ]
}

/** BR-12 … BR-15 and BR-CO-25: the document totals. */
function totalsRequirements(invoice: EInvoice): Requirement[] {
  const t = invoice.totals
  return [
    {
      rule: "BR-12",
      present: !!t.lineExtension,
      at: root(t.path, "BT-106"),
      hr: "zbroj neto iznosa stavki (BT-106)",
      en: "The sum of invoice line net amounts (BT-106)",
    },
    {
      rule: "BR-13",
      present: !!t.taxExclusive,
      at: root(t.path, "BT-109"),
      hr: "ukupni iznos bez PDV-a (BT-109)",
      en: "The invoice total without VAT (BT-109)",
    },
    {
      rule: "BR-14",
      present: !!t.taxInclusive,
      at: root(t.path, "BT-112"),
      hr: "ukupni iznos s PDV-om (BT-112)",
      en: "The invoice total with VAT (BT-112)",
    },
    {
      rule: "BR-15",
      present: !!t.payable,
      at: root(t.path, "BT-115"),
      hr: "iznos za plaćanje (BT-115)",
      en: "The amount due for payment (BT-115)",
    },
    dueDateOrTerms(invoice),
  ]
}

/**
 * BR-CO-25: a positive amount due needs a due date (BT-9) or payment terms (BT-20). CEN's current
 * artefacts no longer carry this rule; Peppol BIS 3.0 keeps it, for invoices (not credit notes).
 */
const BR_CO_25: Citation = {
  source: "PEPPOL",
  ruleId: "BR-CO-25",
  legalBasis: "Peppol BIS Billing 3.0 (EN 16931 BR-CO-25, for invoices)",
  evidence: [],
}

function dueDateOrTerms(invoice: EInvoice): Requirement {
  const payable = invoice.totals.payable
  const positive = payable !== undefined && (cents(payable.value) ?? BigInt(0)) > BigInt(0)
  const creditNote = invoice.syntax === "UBL-CreditNote" || invoice.typeCode?.value === "381"
  return {
    rule: BR_CO_25,
    present: creditNote || !positive || !!invoice.dueDate || !!invoice.paymentTerms,
    at: payable ?? { path: invoice.totals.path, bt: "BT-115" },
    hr: "datum dospijeća (BT-9) ili uvjeti plaćanja (BT-20), jer je iznos za plaćanje pozitivan",
    en: "A payment due date (BT-9) or payment terms (BT-20), since an amount is due,",
  }
}

function partyRequirements(party: Party, role: "seller" | "buyer"): Requirement[] {
  const seller = role === "seller"
  const who = seller ? { hr: "prodavatelja", en: "seller" } : { hr: "kupca", en: "buyer" }
  const addressPath =
    party.address?.path ??
    `${party.path}/${party.path.startsWith("rsm") ? "ram:PostalTradeAddress" : "cac:PostalAddress"}`
  const requirements: Requirement[] = [
    {
      rule: seller ? "BR-06" : "BR-07",
      present: !!party.name,
      at: { path: party.path, bt: seller ? "BT-27" : "BT-44" },
      hr: `naziv ${who.hr}`,
      en: `The ${who.en} name`,
    },
    {
      rule: seller ? "BR-08" : "BR-10",
      present: !!party.address,
      at: { path: addressPath, bt: seller ? "BG-5" : "BG-8" },
      hr: `poštanska adresa ${who.hr}`,
      en: `The ${who.en} postal address`,
    },
  ]
  if (party.address)
    requirements.push({
      rule: seller ? "BR-09" : "BR-11",
      present: !!party.country,
      at: { path: party.address.path, bt: seller ? "BT-40" : "BT-55" },
      hr: `oznaka države u adresi ${who.hr}`,
      en: `The ${who.en} country code`,
    })
  if (seller)
    requirements.push({
      rule: "BR-CO-26",
      present: !!party.id || !!party.legalId || !!party.vatId,
      at: { path: party.path, bt: "BT-31" },
      hr: "identifikator prodavatelja (BT-29, BT-30 ili PDV identifikator BT-31)",
      en: "A seller identifier (BT-29, BT-30 or the VAT identifier BT-31)",
    })
  return requirements
}

function lineRequirements(line: InvoiceLine): Requirement[] {
  const at = (bt: string): FieldRef => ({ path: line.path, bt })
  const n = line.id?.value ?? line.path
  return [
    {
      rule: "BR-21",
      present: !!line.id,
      at: at("BT-126"),
      hr: `identifikator stavke (${n})`,
      en: `The line identifier (${n})`,
    },
    {
      rule: "BR-22",
      present: !!line.quantity,
      at: at("BT-129"),
      hr: `količina u stavci ${n}`,
      en: `The quantity of line ${n}`,
    },
    {
      rule: "BR-23",
      present: !!line.unitCode,
      at: at("BT-130"),
      hr: `jedinica mjere u stavci ${n}`,
      en: `The unit of measure of line ${n}`,
    },
    {
      rule: "BR-24",
      present: !!line.netAmount,
      at: at("BT-131"),
      hr: `neto iznos stavke ${n}`,
      en: `The net amount of line ${n}`,
    },
    {
      rule: "BR-25",
      present: !!line.itemName,
      at: at("BT-153"),
      hr: `naziv artikla u stavci ${n}`,
      en: `The item name of line ${n}`,
    },
    {
      rule: "BR-26",
      present: !!line.unitPrice,
      at: at("BT-146"),
      hr: `neto cijena artikla u stavci ${n}`,
      en: `The item net price of line ${n}`,
    },
    {
      rule: "BR-CO-04",
      present: !!line.vatCategory,
      at: at("BT-151"),
      hr: `kategorija PDV-a u stavci ${n}`,
      en: `The VAT category of line ${n}`,
    },
  ]
}

function breakdownRequirements(b: VatBreakdown): Requirement[] {
  const at = (bt: string): FieldRef => ({ path: b.path, bt })
  const outOfScope = b.category?.value === "O"
  return [
    {
      rule: "BR-45",
      present: !!b.taxableAmount,
      at: at("BT-116"),
      hr: "osnovica u rekapitulaciji PDV-a",
      en: "The taxable amount of a VAT breakdown",
    },
    {
      rule: "BR-46",
      present: !!b.taxAmount,
      at: at("BT-117"),
      hr: "iznos PDV-a u rekapitulaciji",
      en: "The tax amount of a VAT breakdown",
    },
    {
      rule: "BR-47",
      present: !!b.category,
      at: at("BT-118"),
      hr: "kategorija PDV-a u rekapitulaciji",
      en: "The VAT category code of a VAT breakdown",
    },
    {
      rule: "BR-48",
      present: outOfScope || !!b.rate,
      at: at("BT-119"),
      hr: "stopa PDV-a u rekapitulaciji",
      en: "The VAT rate of a VAT breakdown",
    },
  ]
}
