import type { FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"
import { findingBasis } from "../../engine/document-action-text"
import { html, type SafeHtml } from "../report/html"

// An answer from the client's documents on paper (issue 22), as the answer card shows it: the
// documents it rests on, each with its title, the start of its SHA-256 (to match the file it was
// about) and every field it read (the EN 16931 term, the value as the file writes it, where in the
// file), then an audit's findings with the rule or field each cites. Such an answer cites no
// rule's sources, so these take the place of "the answer cites no sources".

export interface PaperDocumentFact {
  /** "BT-29 seller.oib", or the field alone when it has no EN 16931 term. */
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

export interface PaperDocuments {
  title: string
  findingsTitle: string
  noFields: string
  documents: PaperDocument[]
  findings: PaperFinding[]
}

const WORDS = {
  hr: {
    title: "Dokumenti na kojima odgovor počiva",
    findingsTitle: "Nalazi revizije",
    noFields: "Odgovor nije pročitao nijedno polje ovog dokumenta.",
    severity: { error: "Greška", warning: "Upozorenje", info: "Napomena" },
  },
  en: {
    title: "Documents the answer rests on",
    findingsTitle: "Audit findings",
    noFields: "The answer read no field of this document.",
    severity: { error: "Error", warning: "Warning", info: "Note" },
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
      facts: d.facts.map((f) => ({
        term: [f.bt, f.line === undefined ? f.field : `${f.field} [${f.line}]`].filter((part) => part !== undefined).join(" "),
        value: f.value,
        path: f.path,
      })),
    })),
    findings: (payload.documentFindings ?? []).map((f) => ({
      severity: words.severity[f.severity],
      message: f.message[locale],
      basis: findingBasis(f, locale),
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
${paper.findings.length === 0
  ? null
  : html`<h3>${paper.findingsTitle}</h3><ol>${paper.findings.map(
      (f) => html`<li class="paper-finding"><p><strong>${f.severity}:</strong> ${f.message}</p><p class="paper-small">${f.basis}</p></li>`,
    )}</ol>`}
</section>`
}

export function documentsText(paper: PaperDocuments): string[] {
  const lines = ["", `${paper.title}:`]
  paper.documents.forEach((d, i) => {
    lines.push(`[${i + 1}] ${d.title} (SHA-256 ${d.hashPrefix}…)`)
    if (d.facts.length === 0) lines.push(`    ${paper.noFields}`)
    for (const f of d.facts) lines.push(`    ${f.term}: ${f.value} (${f.path})`)
  })
  if (paper.findings.length > 0) {
    lines.push("", `${paper.findingsTitle}:`)
    for (const f of paper.findings) lines.push(`  - ${f.severity}: ${f.message} (${f.basis})`)
  }
  return lines
}
