import type { Difference, Finding, Severity } from "../../src-shared/einvoice"
import { comparedFieldName } from "../../src-shared/document-fields"
import type { Locale } from "../../src-shared/events/stages"

// The words of a document action's answer (document-actions.ts): an audit's findings one per
// line, each naming what it rests on (the rule it cites and the EN 16931 field it is about, so an
// accountant can find both), and a comparison's differences one per line. Both languages are
// built from the same findings, so the Croatian answer always exists (answerHr) beside the English.

const SEVERITY: Record<Severity, { hr: string; en: string }> = {
  error: { hr: "Greška", en: "Error" },
  warning: { hr: "Upozorenje", en: "Warning" },
  info: { hr: "Napomena", en: "Note" },
}

/** How many findings or differences an answer lists before it says how many more there are. */
const LISTED = 60

/** "pravilo BR-CO-15 · polje BT-112" or, for a finding without a rule, the field alone. */
export function findingBasis(finding: Finding, locale: Locale): string {
  const rule = finding.citation === undefined ? null : `${locale === "hr" ? "pravilo" : "rule"} ${finding.citation.ruleId}`
  const field = `${locale === "hr" ? "polje" : "field"} ${finding.bt ?? finding.path}`
  return rule === null ? field : `${rule} · ${field}`
}

export function findingLine(finding: Finding, locale: Locale): string {
  return `- ${SEVERITY[finding.severity][locale]}: ${finding.message[locale]} (${findingBasis(finding, locale)})`
}

/** The audit's verdict line and every finding, errors first (as the audit orders them). */
export function auditText(label: string, findings: readonly Finding[], packName: string, locale: Locale): string {
  const errors = findings.filter((f) => f.severity === "error").length
  const warnings = findings.filter((f) => f.severity === "warning").length
  const verdict =
    locale === "hr"
      ? `Revizija e-računa ${label} prema paketu pravila ${packName}: ${errors === 0 ? "bez grešaka" : `grešaka ${errors}`}, upozorenja ${warnings}, nalaza ukupno ${findings.length}.`
      : `Audit of e-invoice ${label} against rule pack ${packName}: ${errors === 0 ? "no errors" : `${errors} error(s)`}, ${warnings} warning(s), ${findings.length} finding(s) in all.`
  return [verdict, ...listed(findings.map((f) => findingLine(f, locale)), locale)].join("\n")
}

/**
 * The comparison's head line (how many differences, how many matter for tax) and each difference:
 * the field's name (src-shared/document-fields.ts, as the card and the paper name it) · its
 * EN 16931 term, then a → b, marked when it matters for tax.
 */
export function compareText(labels: readonly [string, string], differences: readonly Difference[], locale: Locale): string {
  const [a, b] = labels
  if (differences.length === 0)
    return locale === "hr" ? `Dokumenti ${a} i ${b} ne razlikuju se ni u jednom uspoređenom polju.` : `${a} and ${b} do not differ in any field compared.`
  const tax = differences.filter((d) => d.taxRelevant === true).length
  const head =
    locale === "hr"
      ? `Usporedba ${a} (A) i ${b} (B): razlika ${differences.length}, od toga važnih za porez ${tax}.`
      : `Comparison of ${a} (A) and ${b} (B): ${differences.length} difference(s), ${tax} of them matter for tax.`
  return [head, ...listed(differences.map((d) => differenceLine(d, locale)), locale)].join("\n")
}

/** "- Stopa PDV-a (stavka 1) · BT-152: 5 → 25 [važno za porez]" */
export function differenceLine(difference: Difference, locale: Locale): string {
  const name = comparedFieldName(difference.field, locale)
  const field = difference.bt === undefined ? name : `${name} · ${difference.bt}`
  const none = locale === "hr" ? "nema" : "none"
  const mark = difference.taxRelevant === true ? (locale === "hr" ? " [važno za porez]" : " [matters for tax]") : ""
  return `- ${field}: ${difference.a ?? none} → ${difference.b ?? none}${mark}`
}

function listed(lines: readonly string[], locale: Locale): string[] {
  if (lines.length <= LISTED) return [...lines]
  const more = lines.length - LISTED
  return [...lines.slice(0, LISTED), locale === "hr" ? `… i još ${more} (u zapisu izvođenja)` : `… and ${more} more (in the run's record)`]
}
