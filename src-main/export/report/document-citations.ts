import { comparedFieldName, documentFactName } from "../../../src-shared/document-fields"
import type { Difference } from "../../../src-shared/einvoice"
import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import { html, label, type SafeHtml } from "./html"

// An answer from the client's documents in the audit report (issue 22): its citations are the
// documents it rests on, each with the start of its SHA-256 and every field it read (the EN 16931
// term, the value as written and where in the file), and an audit's findings with the rule or
// field each cites, in place of rule citations it does not have; a comparison's differences as a
// table. Fields are named as the answer card names them (src-shared/document-fields.ts), in both
// of the report's languages, with their EN 16931 term.

/** The documents and findings an answer rests on, or null for an answer from the rules. */
export function documentCitations(p: FinalAnswerPayload): SafeHtml | null {
  const evidence = p.documentEvidence ?? []
  if (evidence.length === 0) return null
  const findings = p.documentFindings ?? []
  const differences = p.documentDifferences ?? []
  return html`<ol class="citations">${evidence.map(
    (d) => html`<li><p><strong>${d.title}</strong> · SHA-256 <code>${d.contentHash.slice(0, 12)}…</code></p>
      ${d.facts.length === 0 ? html`<p class="muted">${label("Nijedno polje nije pročitano.", "No field was read.")}</p>` : html`<table class="facts">${d.facts.map((f) => html`<tr><th>${named(documentFactName(f, "hr"), documentFactName(f, "en"), f.bt)}</th><td>${f.value}</td><td class="small"><code>${f.path}</code></td></tr>`)}</table>`}</li>`,
  )}</ol>
  ${findings.length === 0 ? null : html`<p><strong>${label("Nalazi revizije", "Audit findings")}</strong></p><ol class="citations">${findings.map(
    (f) => html`<li><p>${f.severity}: ${f.message.hr} <span class="en">${f.message.en}</span></p>
      <p class="small">${f.citation === undefined ? null : html`${label("pravilo", "rule")} <code>${f.citation.ruleId}</code>${f.citation.legalBasis === undefined ? null : html` (${f.citation.legalBasis})`} · `}${label("polje", "field")} <code>${f.bt ?? f.path}</code></p></li>`,
  )}</ol>`}
  ${differences.length === 0 ? null : differencesTable(differences)}`
}

/** A field's name in both languages (not through label(): names with a line's key are not a fixed vocabulary). */
function named(hr: string, en: string, bt: string | undefined): SafeHtml {
  const name = hr === en ? html`${hr}` : html`${hr} <span class="en">${en}</span>`
  return bt === undefined ? name : html`${name} · ${bt}`
}

function differencesTable(differences: readonly Difference[]): SafeHtml {
  return html`<p><strong>${label("Razlike između dokumenata", "Differences between the documents")}</strong></p>
  <table class="facts"><tr><th>${label("Polje", "Field")}</th><th>A</th><th>B</th><th>${label("Važno za porez", "Matters for tax")}</th></tr>${differences.map(
    (d) => html`<tr><th>${named(comparedFieldName(d.field, "hr"), comparedFieldName(d.field, "en"), d.bt)}</th><td>${d.a ?? "—"}</td><td>${d.b ?? "—"}</td><td>${d.taxRelevant === true ? label("da", "yes") : label("ne", "no")}</td></tr>`,
  )}</table>`
}
