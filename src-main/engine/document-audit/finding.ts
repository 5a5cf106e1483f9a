import type { Citation, FieldRef, Finding, LocalizedMessage, Severity } from "../../../src-shared/einvoice"

// Building an audit finding (its schema is the contract's, src-shared/einvoice.ts): the EN 16931
// artefact the rule ids come from, and the one Peppol rule the audit cites.

export type { Citation, Finding, LocalizedMessage, Severity }

/** Where the EN 16931 rule ids and their statements come from. */
export const EN16931_ARTEFACT =
  "EN 16931-1:2017, poslovna pravila / business rules (CEN validation artefacts, github.com/ConnectingEurope/eInvoicing-EN16931)"

/** PEPPOL-EN16931-R120: the line net amount is quantity × (net price / base quantity) + charges − allowances. */
export const LINE_NET_RULE: Citation = {
  source: "PEPPOL",
  ruleId: "PEPPOL-EN16931-R120",
  legalBasis: "Peppol BIS Billing 3.0, ubl-peppol rules (docs.peppol.eu/poacc/billing/3.0/rules/ubl-peppol/)",
  evidence: [],
}

export function en16931(ruleId: string): Citation {
  return { source: "EN16931", ruleId, legalBasis: EN16931_ARTEFACT, evidence: [] }
}

export function finding(
  severity: Severity,
  code: string,
  at: FieldRef,
  message: LocalizedMessage,
  citation?: Citation,
): Finding {
  return {
    severity,
    code,
    path: at.path,
    ...(at.bt === undefined ? {} : { bt: at.bt }),
    message,
    ...(citation === undefined ? {} : { citation }),
  }
}
