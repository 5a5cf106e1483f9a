import type { Difference, EInvoice, Finding } from "../../../src-shared/einvoice"
import { comparedFieldName } from "../../../src-shared/document-fields"
import type { Locale } from "../../../src-shared/events/stages"

// The words `fiskai doc audit|compare` print (doc-einvoice.ts): a head line, then one line per
// finding (with the field and the rule it cites) or per difference (the field's name, then a → b).

const SEVERITY = {
  error: { hr: "GREŠKA", en: "ERROR" },
  warning: { hr: "UPOZORENJE", en: "WARNING" },
  info: { hr: "napomena", en: "note" },
} as const

export function auditText(invoice: EInvoice, findings: readonly Finding[], locale: Locale): string {
  const number = invoice.number?.value ?? "?"
  const errors = findings.filter((f) => f.severity === "error").length
  const head =
    locale === "hr"
      ? `eRačun ${number}: ${errors === 0 ? "bez grešaka" : `grešaka: ${errors}`} (nalaza: ${findings.length})`
      : `E-invoice ${number}: ${errors === 0 ? "no errors" : `${errors} error(s)`} (${findings.length} finding(s))`
  const lines = findings.map((f) => {
    const where = f.bt ? `${f.bt} ${f.path}` : f.path
    const cited = f.citation ? ` [${f.citation.ruleId}]` : ""
    return `  ${SEVERITY[f.severity][locale]}: ${f.message[locale]}${cited}\n      ${where}`
  })
  return `${[head, ...lines].join("\n")}\n`
}

/**
 * "Razlika: 8 (važnih za porez: 7, označene s *)", then one line per difference: the field by its
 * name (as the window and the paper name it) · its EN 16931 term, then a → b; "*" marks those that
 * matter for tax. --json prints the differences as data instead, with the model's field paths.
 */
export function compareText(differences: readonly Difference[], locale: Locale): string {
  if (differences.length === 0) return locale === "hr" ? "Dokumenti se ne razlikuju.\n" : "The documents do not differ.\n"
  const tax = differences.filter((d) => d.taxRelevant === true).length
  const lines = differences.map((d) => {
    const name = comparedFieldName(d.field, locale)
    const field = d.bt ? `${name} · ${d.bt}` : name
    return `  ${d.taxRelevant === true ? "*" : " "} ${field}: ${d.a ?? "—"} → ${d.b ?? "—"}`
  })
  const head =
    locale === "hr"
      ? `Razlika: ${differences.length} (važnih za porez: ${tax}, označene s *)`
      : `Differences: ${differences.length} (${tax} matter for tax, marked *)`
  return `${[head, ...lines].join("\n")}\n`
}

/** Where the run was recorded, and the commands that open and verify it again. */
export function recordedText(requestId: string, dbOption: string, locale: Locale): string {
  return locale === "hr"
    ? `Zapisano kao ${requestId} (fiskai traces show ${requestId}${dbOption}; fiskai traces verify ${requestId}${dbOption})\n`
    : `Recorded as ${requestId} (fiskai traces show ${requestId}${dbOption}; fiskai traces verify ${requestId}${dbOption})\n`
}
