// Croatian e-invoices (UBL 2.1 Invoice/CreditNote and UN/CEFACT CII under EN 16931 / HR CIUS):
// read one safely, audit it against EN 16931 and the rule pack, compare two. Pure functions; the
// store, the CLI (`fiskai doc audit|compare`) and the window call these and nothing deeper.

export { parseEInvoice } from "./parse"
export { auditEInvoice, type AuditOptions } from "./audit/audit"
export { compareEInvoices, Difference } from "./compare"
export { EInvoiceParseError, type EInvoiceErrorCode } from "./errors"
export { Finding, Citation, Severity } from "./audit/finding"
export {
  EInvoice,
  InvoiceLine,
  Party,
  VatBreakdown,
  Totals,
  SourcedText,
  SourcedDecimal,
  FieldRef,
} from "./model"
export { DEFAULT_XML_LIMITS, type XmlLimits } from "./xml-safety"
