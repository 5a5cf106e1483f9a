import { z } from "zod"

// The e-invoice as the app reads it (issue 22), a contract because a document action's run carries
// the parsed invoice in its frozen request (src-shared/run-documents.ts): the reader (src-main/documents)
// writes it, the engine's audit and comparison (src-main/engine/document-audit) read it. Each value
// keeps the XML path it came from and its EN 16931 term, so that a finding can point at the exact field.
// Amounts stay decimal strings exactly as written (no float): arithmetic is done in bigint cents.

/** A decimal as written in the document, e.g. "19.90", "-3", "0.125". */
export const DecimalText = z.string().regex(/^[+-]?(\d+(\.\d*)?|\.\d+)$/, "not a decimal number")

/** Where a value came from: the XML path (1-based indexes for repeated elements) and its EN 16931 term. */
export const FieldRef = z.strictObject({
  /** e.g. "cac:InvoiceLine[2]/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent". */
  path: z.string().min(1),
  /** EN 16931 business term, e.g. "BT-152"; absent where the field has none. */
  bt: z
    .string()
    .regex(/^B[TG]-\d+$/)
    .optional(),
})

/** A text value with its origin. */
export const SourcedText = FieldRef.extend({ value: z.string() })

/** A decimal value with its origin. Values that are not decimals are kept as text (see `invalid`). */
export const SourcedDecimal = FieldRef.extend({ value: DecimalText })

export const Syntax = z.enum(["UBL-Invoice", "UBL-CreditNote", "CII"])

export const Party = z.strictObject({
  /** BG-4 or BG-7 path, so a finding about a missing field can point at the party. */
  path: z.string(),
  name: SourcedText.optional(),
  /** Seller or buyer identifier (BT-29 / BT-46), e.g. a GLN. */
  id: SourcedText.optional(),
  /** Legal registration identifier (BT-30 / BT-47); for a Croatian company, its OIB. */
  legalId: SourcedText.optional(),
  /** The OIB as the document states it (legal registration id, or the VAT id without "HR"). */
  oib: SourcedText.optional(),
  /** VAT identifier with its country prefix, e.g. "HR12345678903" (BT-31 / BT-48). */
  vatId: SourcedText.optional(),
  /** Present when the document has a postal address group (BG-5 / BG-8). */
  address: FieldRef.optional(),
  country: SourcedText.optional(),
})

export const AllowanceCharge = z.strictObject({
  path: z.string(),
  /** true for a charge, false for an allowance. */
  charge: z.boolean(),
  amount: SourcedDecimal.optional(),
  vatCategory: SourcedText.optional(),
  vatRate: SourcedDecimal.optional(),
})

export const InvoiceLine = z.strictObject({
  path: z.string(),
  id: SourcedText.optional(),
  itemName: SourcedText.optional(),
  quantity: SourcedDecimal.optional(),
  unitCode: SourcedText.optional(),
  /** Item net price (BT-146). */
  unitPrice: SourcedDecimal.optional(),
  /** Item price base quantity (BT-149): the price is per this many units. */
  baseQuantity: SourcedDecimal.optional(),
  netAmount: SourcedDecimal.optional(),
  vatCategory: SourcedText.optional(),
  vatRate: SourcedDecimal.optional(),
  allowanceCharges: z.array(AllowanceCharge),
})

export const VatBreakdown = z.strictObject({
  path: z.string(),
  category: SourcedText.optional(),
  rate: SourcedDecimal.optional(),
  taxableAmount: SourcedDecimal.optional(),
  taxAmount: SourcedDecimal.optional(),
})

export const Totals = z.strictObject({
  path: z.string(),
  lineExtension: SourcedDecimal.optional(),
  allowanceTotal: SourcedDecimal.optional(),
  chargeTotal: SourcedDecimal.optional(),
  taxExclusive: SourcedDecimal.optional(),
  taxAmount: SourcedDecimal.optional(),
  taxInclusive: SourcedDecimal.optional(),
  prepaid: SourcedDecimal.optional(),
  rounding: SourcedDecimal.optional(),
  payable: SourcedDecimal.optional(),
})

export const EInvoice = z.strictObject({
  syntax: Syntax,
  /** Specification identifier (BT-24), e.g. "urn:cen.eu:en16931:2017". */
  customizationId: SourcedText.optional(),
  number: SourcedText.optional(),
  /** As YYYY-MM-DD when the document's date could be read as one; otherwise the text as written. */
  issueDate: SourcedText.optional(),
  dueDate: SourcedText.optional(),
  /** Payment terms (BT-20): with a due date, one of them is needed when an amount is due (BR-CO-25). */
  paymentTerms: SourcedText.optional(),
  typeCode: SourcedText.optional(),
  currency: SourcedText.optional(),
  seller: Party,
  buyer: Party,
  lines: z.array(InvoiceLine),
  allowanceCharges: z.array(AllowanceCharge),
  vatBreakdown: z.array(VatBreakdown),
  totals: Totals,
  /** Values that were present but could not be read as what they should be (e.g. "12,50" as an amount). */
  unreadable: z.array(SourcedText),
})

// One thing an audit found (engine/document-audit), pointing at the field it is about and, where a
// rule decides it, the rule: an EN 16931 business rule (by its id in the CEN schematron), a rule of
// the pack (with its evidence and legal basis) or an act of Croatian law.

export const Severity = z.enum(["error", "warning", "info"])

export const LocalizedMessage = z.strictObject({ hr: z.string().min(1), en: z.string().min(1) })

export const CitationSource = z.enum([
  /** EN 16931-1 business rules, as published in CEN's validation artefacts. */
  "EN16931",
  /** Peppol BIS Billing 3.0 rules (PEPPOL-EN16931-R*), which restate EN 16931 where the CEN rules are silent. */
  "PEPPOL",
  /** A rule of the loaded rule pack. */
  "PACK",
  /** A Croatian act cited directly (the OIB's check digit). */
  "LAW",
])

export const CitedEvidence = z.strictObject({ id: z.string(), title: z.string(), url: z.string() })

export const Citation = z.strictObject({
  source: CitationSource,
  /** "BR-CO-10", or a pack rule id such as "pdv.stopa.kruh". */
  ruleId: z.string().min(1),
  /** Where the rule is published: the act and gazette, or the artefact that states an EN 16931 rule. */
  legalBasis: z.string().optional(),
  evidence: z.array(CitedEvidence).default([]),
})

export const Finding = z.strictObject({
  severity: Severity,
  /** Stable code for the kind of finding, e.g. "VAT_RATE_WRONG_FOR_ITEM". */
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  /** The XML path of the field the finding is about. */
  path: z.string(),
  /** Its EN 16931 business term, when it has one. */
  bt: z.string().optional(),
  message: LocalizedMessage,
  citation: Citation.optional(),
})

/** One difference between two e-invoices (engine/document-audit/compare.ts). */
export const Difference = z.strictObject({
  /** The field in the model's terms, e.g. "seller.oib", "lines[2].vatRate", "totals.payable". */
  field: z.string(),
  bt: z.string().optional(),
  /** "changed": both have it and differ; "added": only b has it; "removed": only a has it. */
  kind: z.enum(["changed", "added", "removed"]),
  a: z.string().optional(),
  b: z.string().optional(),
  pathA: z.string().optional(),
  pathB: z.string().optional(),
  /**
   * Addition (issue 22): whether the difference matters for tax (who the parties are for VAT, the
   * tax point, the tax base, the VAT rates and amounts), as the comparison judges it; absent in
   * differences recorded before it was judged.
   */
  taxRelevant: z.boolean().optional(),
})

export type DecimalText = z.infer<typeof DecimalText>
export type FieldRef = z.infer<typeof FieldRef>
export type SourcedText = z.infer<typeof SourcedText>
export type SourcedDecimal = z.infer<typeof SourcedDecimal>
export type Syntax = z.infer<typeof Syntax>
export type Party = z.infer<typeof Party>
export type AllowanceCharge = z.infer<typeof AllowanceCharge>
export type InvoiceLine = z.infer<typeof InvoiceLine>
export type VatBreakdown = z.infer<typeof VatBreakdown>
export type Totals = z.infer<typeof Totals>
export type EInvoice = z.infer<typeof EInvoice>
export type Severity = z.infer<typeof Severity>
export type LocalizedMessage = z.infer<typeof LocalizedMessage>
export type Citation = z.infer<typeof Citation>
export type Finding = z.infer<typeof Finding>
export type Difference = z.infer<typeof Difference>

/** The OIB a Croatian VAT id ("HR" + OIB) contains, with the VAT id's origin; undefined for any other. */
export function oibFromVatId(vatId: SourcedText | undefined): SourcedText | undefined {
  if (vatId === undefined || !/^HR/i.test(vatId.value)) return undefined
  return { ...vatId, value: vatId.value.slice(2).trim() }
}
