import { z } from "zod"
import type { FieldRef } from "../model"

// One thing the audit found, pointing at the field it is about and, where a rule decides it, the
// rule: an EN 16931 business rule (by its id in the CEN schematron), a rule of the pack (with its
// evidence and legal basis) or an act of Croatian law.

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

export type Severity = z.infer<typeof Severity>
export type LocalizedMessage = z.infer<typeof LocalizedMessage>
export type Citation = z.infer<typeof Citation>
export type Finding = z.infer<typeof Finding>

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
