import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import { html, label, type SafeHtml } from "./html"

// An answer from the client's documents in the audit report (issue 22): its citations are the
// documents it rests on, each with the start of its SHA-256 and every field it read (the EN 16931
// term, the value as written and where in the file), and an audit's findings with the rule or
// field each cites, in place of rule citations it does not have.

/** The documents and findings an answer rests on, or null for an answer from the rules. */
export function documentCitations(p: FinalAnswerPayload): SafeHtml | null {
  const evidence = p.documentEvidence ?? []
  if (evidence.length === 0) return null
  const findings = p.documentFindings ?? []
  return html`<ol class="citations">${evidence.map(
    (d) => html`<li><p><strong>${d.title}</strong> · SHA-256 <code>${d.contentHash.slice(0, 12)}…</code></p>
      ${d.facts.length === 0 ? html`<p class="muted">${label("Nijedno polje nije pročitano.", "No field was read.")}</p>` : html`<table class="facts">${d.facts.map((f) => html`<tr><th>${f.bt ?? f.field}</th><td>${f.value}</td><td class="small"><code>${f.path}</code></td></tr>`)}</table>`}</li>`,
  )}</ol>
  ${findings.length === 0 ? null : html`<p><strong>${label("Nalazi revizije", "Audit findings")}</strong></p><ol class="citations">${findings.map(
    (f) => html`<li><p>${f.severity}: ${f.message.hr} <span class="en">${f.message.en}</span></p>
      <p class="small">${f.citation === undefined ? null : html`${label("pravilo", "rule")} <code>${f.citation.ruleId}</code>${f.citation.legalBasis === undefined ? null : html` (${f.citation.legalBasis})`} · `}${label("polje", "field")} <code>${f.bt ?? f.path}</code></p></li>`,
  )}</ol>`}`
}
