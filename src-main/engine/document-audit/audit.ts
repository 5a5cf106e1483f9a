import type { LoadedPack } from "../../knowledge/loader"
import type { EInvoice } from "../../../src-shared/einvoice"
import { checkArithmetic } from "./arithmetic"
import { checkDecimals } from "./decimals"
import { finding, type Finding } from "./finding"
import { checkParties } from "./parties"
import { checkRequiredFields } from "./required"
import { checkVatCategories } from "./vat-categories"
import { checkVatRates } from "./vat-rates"

export interface AuditOptions {
  /** The date the VAT rates are checked for (YYYY-MM-DD); the invoice's issue date when absent. */
  asOf?: string
}

const ORDER = { error: 0, warning: 1, info: 2 } as const

/**
 * Audits a parsed e-invoice: required EN 16931 fields, the parties' OIBs, the arithmetic to the
 * cent, VAT categories, and each line's VAT rate against the pack on the issue date. Pure: the
 * same invoice, pack and options always give the same findings, errors first, then warnings,
 * then notes, each group in document order.
 */
export function auditEInvoice(invoice: EInvoice, pack: LoadedPack, options: AuditOptions = {}): Finding[] {
  const unreadable = invoice.unreadable.map((field) =>
    finding("error", "UNREADABLE_VALUE", field, {
      hr: `Vrijednost „${field.value}” nema očekivani oblik (broj s decimalnom točkom ili datum GGGG-MM-DD), pa nije provjerena.`,
      en: `Value "${field.value}" is not in the expected form (a number with a decimal point, or a date), so it was not checked.`,
    }),
  )
  const findings = [
    ...unreadable,
    ...checkRequiredFields(invoice),
    ...checkParties(invoice),
    ...checkDecimals(invoice),
    ...checkArithmetic(invoice),
    ...checkVatCategories(invoice),
    ...checkVatRates(invoice, pack, options.asOf),
  ]
  return findings
    .map((f, at) => ({ f, at }))
    .sort((a, b) => ORDER[a.f.severity] - ORDER[b.f.severity] || a.at - b.at)
    .map(({ f }) => f)
}
