// Auditing a Croatian e-invoice against EN 16931 and the rule pack, and comparing two, on the
// contract's model (src-shared/einvoice.ts). In the engine because a document action is a run:
// its replay audits the invoice frozen in the request again, with the trace's own pack.

export { auditEInvoice, type AuditOptions } from "./audit"
export { compareEInvoices, Difference } from "./compare"
export { Finding, Citation, Severity } from "../../../src-shared/einvoice"
