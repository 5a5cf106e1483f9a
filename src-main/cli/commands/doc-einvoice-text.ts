import type { Difference, EInvoice, Finding } from "../../../src-shared/einvoice"
import type { Locale } from "../../../src-shared/events/stages"

// The words `fiskai doc audit|compare` print (doc-einvoice.ts): a head line, then one line per
// finding (with the field and the rule it cites) or per difference (the field, then a → b).

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

export function compareText(differences: readonly Difference[], locale: Locale): string {
  if (differences.length === 0) return locale === "hr" ? "Dokumenti se ne razlikuju.\n" : "The documents do not differ.\n"
  const lines = differences.map((d) => {
    const field = d.bt ? `${d.field} (${d.bt})` : d.field
    return `  ${field}: ${d.a ?? "—"} → ${d.b ?? "—"}`
  })
  const head = locale === "hr" ? `Razlika: ${differences.length}` : `Differences: ${differences.length}`
  return `${[head, ...lines].join("\n")}\n`
}

/** Where the run was recorded, and the commands that open and verify it again. */
export function recordedText(requestId: string, dbOption: string, locale: Locale): string {
  return locale === "hr"
    ? `Zapisano kao ${requestId} (fiskai traces show ${requestId}${dbOption}; fiskai traces verify ${requestId}${dbOption})\n`
    : `Recorded as ${requestId} (fiskai traces show ${requestId}${dbOption}; fiskai traces verify ${requestId}${dbOption})\n`
}
