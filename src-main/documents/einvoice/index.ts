// Croatian e-invoices (UBL 2.1 Invoice/CreditNote and UN/CEFACT CII under EN 16931 / HR CIUS):
// read one safely into the contract's model (src-shared/einvoice.ts). Auditing and comparing
// are the engine's (engine/document-audit), so that a document action's run replays from the
// invoice frozen in its request. The store, the CLI and the window call these and nothing deeper.

export { parseEInvoice } from "./parse"
export { EInvoiceParseError, type EInvoiceErrorCode } from "./errors"
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
