import { z } from "zod"

// The e-invoice as this module reads it: the EN 16931 business terms an audit and a comparison
// need, each with the XML path it came from, so that a finding can point at the exact field.
// Amounts stay decimal strings exactly as written (no float): arithmetic happens in decimal.ts.

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
