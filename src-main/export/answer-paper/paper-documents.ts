import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"
import { comparedFieldName, documentFactName } from "../../../src-shared/document-fields"
import { findingBasis } from "../../engine/document-action-text"
import { html, type SafeHtml } from "../report/html"

// An answer from the client's documents on paper (issue 22), as the answer card shows it: the
// documents it rests on, each with its title, the start of its SHA-256 (to match the file it was
// about) and every field it read (the EN 16931 term, the value as the file writes it, where in the
// file), then an audit's findings with the rule or field each cites, or a comparison's differences
// as a table (field, A, B, whether it matters for tax). Fields are named as the card names them
// (src-shared/document-fields.ts), with their EN 16931 term. Such an answer cites no rule's
// sources, so these take the place of "the answer cites no sources".

export interface PaperDocumentFact {
  /** "Seller's OIB · BT-30" as the card shows it, or the name alone when it has no EN 16931 term. */
  term: string
  value: string
  path: string
}

export interface PaperDocument {
  title: string
  /** The first 12 hex digits of the document's SHA-256. */
  hashPrefix: string
  facts: PaperDocumentFact[]
}

export interface PaperFinding {
  severity: string
  message: string
  /** "pravilo pdv.stopa.kruh · polje BT-152" */
  basis: string
}

export interface PaperDifference {
  /** "VAT rate (line 1) · BT-152" */
  term: string
  a: string
  b: string
  /** "Yes" / "No" in the paper's language. */
  tax: string
}

export interface PaperDifferences {
  title: string
  /** "Fields that matter for tax are marked. Fields not listed are the same in both documents." */
  summary: string
  head: { field: string; a: string; b: string; tax: string }
  rows: PaperDifference[]
}

export interface PaperDocuments {
  title: string
  findingsTitle: string
  noFields: string
  documents: PaperDocument[]
  findings: PaperFinding[]
  differences: PaperDifferences | null
}

const WORDS = {
  hr: {
    title: "Dokumenti na kojima odgovor počiva",
    findingsTitle: "Nalazi revizije",
    noFields: "Odgovor nije pročitao nijedno polje ovog dokumenta.",
    severity: { error: "Greška", warning: "Upozorenje", info: "Napomena" },
    differences: "Razlike između dokumenata",
    summary: "Polja važna za porez su označena. Polja koja nisu navedena jednaka su u oba dokumenta.",
    field: "Polje",
    tax: "Važno za porez",
    yes: "Da",
    no: "Ne",
    missing: "nema",
  },
  en: {
    title: "Documents the answer rests on",
    findingsTitle: "Audit findings",
    noFields: "The answer read no field of this document.",
    severity: { error: "Error", warning: "Warning", info: "Note" },
    differences: "Differences between the documents",
    summary: "Fields that matter for tax are marked. Fields not listed are the same in both documents.",
    field: "Field",
    tax: "Matters for tax",
    yes: "Yes",
    no: "No",
    missing: "none",
  },
} as const

export const HASH_PREFIX = 12

/** The documents and findings an answer rests on, or null for an answer from the rules. */
export function paperDocuments(payload: FinalAnswerPayload, locale: Locale): PaperDocuments | null {
  const evidence = payload.documentEvidence ?? []
  if (evidence.length === 0) return null
  const words = WORDS[locale]
  return {
    title: words.title,
    findingsTitle: words.findingsTitle,
    noFields: words.noFields,
    documents: evidence.map((d) => ({
      title: d.title,
      hashPrefix: d.contentHash.slice(0, HASH_PREFIX),
      facts: d.facts.map((f) => ({ term: termOf(documentFactName(f, locale), f.bt), value: f.value, path: f.path })),
    })),
    findings: (payload.documentFindings ?? []).map((f) => ({
      severity: words.severity[f.severity],
      message: f.message[locale],
      basis: findingBasis(f, locale),
    })),
    differences: paperDifferences(payload, locale),
  }
}

/** "Seller's OIB · BT-30", as the card writes a field and its term. */
function termOf(name: string, bt: string | undefined): string {
  return bt === undefined ? name : `${name} · ${bt}`
}

/** A comparison's table, with A and B named by their documents' titles; null for any other answer. */
function paperDifferences(payload: FinalAnswerPayload, locale: Locale): PaperDifferences | null {
  const differences = payload.documentDifferences
  if (differences === undefined || differences.length === 0) return null
  const words = WORDS[locale]
  const [a, b] = payload.documentEvidence ?? []
  return {
    title: words.differences,
    summary: words.summary,
    head: { field: words.field, a: `A: ${a?.title ?? ""}`, b: `B: ${b?.title ?? ""}`, tax: words.tax },
    rows: differences.map((d) => ({
      term: termOf(comparedFieldName(d.field, locale), d.bt),
      a: d.a ?? words.missing,
      b: d.b ?? words.missing,
      tax: d.taxRelevant === true ? words.yes : words.no,
    })),
  }
}

export function documentsHtml(paper: PaperDocuments): SafeHtml {
  return html`<section class="paper-documents"><h2>${paper.title}</h2>
<ol>${paper.documents.map(
    (d) => html`<li class="paper-document">
<p class="paper-citation-title">${d.title}</p>
<p class="paper-small">SHA-256 <code>${d.hashPrefix}…</code></p>
${d.facts.length === 0
  ? html`<p class="paper-small">${paper.noFields}</p>`
  : html`<table class="paper-facts">${d.facts.map((f) => html`<tr><th scope="row">${f.term}</th><td>${f.value}</td><td class="paper-small"><code>${f.path}</code></td></tr>`)}</table>`}
</li>`,
  )}</ol>
${paper.differences === null ? null : differencesHtml(paper.differences)}
${paper.findings.length === 0
  ? null
  : html`<h3>${paper.findingsTitle}</h3><ol>${paper.findings.map(
      (f) => html`<li class="paper-finding"><p><strong>${f.severity}:</strong> ${f.message}</p><p class="paper-small">${f.basis}</p></li>`,
    )}</ol>`}
</section>`
}

function differencesHtml(table: PaperDifferences): SafeHtml {
  return html`<h3>${table.title}</h3><p class="paper-small">${table.summary}</p>
<table class="paper-differences"><thead><tr><th scope="col">${table.head.field}</th><th scope="col">${table.head.a}</th><th scope="col">${table.head.b}</th><th scope="col">${table.head.tax}</th></tr></thead>
<tbody>${table.rows.map((r) => html`<tr><th scope="row">${r.term}</th><td>${r.a}</td><td>${r.b}</td><td>${r.tax}</td></tr>`)}</tbody></table>`
}

export function documentsText(paper: PaperDocuments): string[] {
  const lines = ["", `${paper.title}:`]
  paper.documents.forEach((d, i) => {
    lines.push(`[${i + 1}] ${d.title} (SHA-256 ${d.hashPrefix}…)`)
    if (d.facts.length === 0) lines.push(`    ${paper.noFields}`)
    for (const f of d.facts) lines.push(`    ${f.term}: ${f.value} (${f.path})`)
  })
  if (paper.differences !== null) {
    const table = paper.differences
    lines.push("", `${table.title}:`, table.summary)
    for (const r of table.rows) lines.push(`  - ${r.term}: ${r.a} → ${r.b} (${table.head.tax}: ${r.tax})`)
  }
  if (paper.findings.length > 0) {
    lines.push("", `${paper.findingsTitle}:`)
    for (const f of paper.findings) lines.push(`  - ${f.severity}: ${f.message} (${f.basis})`)
  }
  return lines
}
