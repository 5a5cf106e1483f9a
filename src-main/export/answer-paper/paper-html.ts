import { html, SafeHtml } from "../report/html"
import type { PaperCitation, PaperList, PaperView } from "./paper-view"
import type { PaperWords } from "./paper-words"
import { documentsHtml } from "./paper-documents"

// An answer on paper as HTML, escaped by construction (../report/html: every value is text unless it
// is itself a template). The article is plain, semantic markup (headings, tables, lists, quotes): it
// reads well pasted into an e-mail without its stylesheet, and the document wraps it with the sheet.

/** The CSP of the document: nothing is fetched, no script runs, only its own inline style applies. */
const DOCUMENT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'"

/** The page around the article when the document is opened on its own. */
export const DOCUMENT_BODY_CSS = "body { margin: 0; padding: 12mm 0; background: #fff; } @media print { body { padding: 0; } }"

function facts(rows: ReadonlyArray<readonly [string, SafeHtml | string | null]>): SafeHtml {
  return html`<table class="paper-facts">${rows
    .filter(([, value]) => value !== null)
    .map(([name, value]) => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`)}</table>`
}

function clientLine(view: PaperView): string {
  if (view.client === null) return view.words.noClient
  return view.client.oib === null ? view.client.name : `${view.client.name} (${view.words.oib} ${view.client.oib})`
}

/** A text's lines kept as lines (a document answer lists one finding or field per line), without relying on CSS. */
function lines(text: string): SafeHtml[] {
  return text.split("\n").map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))
}

function list(section: PaperList): SafeHtml {
  return html`<h3>${section.title}</h3><ul>${section.items.map((item) => html`<li>${item}</li>`)}</ul>`
}

function citation(c: PaperCitation, words: PaperWords): SafeHtml {
  const quoted = words.quote(c.quote)
  return html`<li class="paper-citation">
<p class="paper-citation-title">${c.title}</p>
<p class="paper-citation-source">${c.source}</p>
<blockquote>${quoted}</blockquote>
${c.legalBasis === null ? null : html`<p class="paper-small"><strong>${words.legalBasis}:</strong> ${c.legalBasis}</p>`}
<p class="paper-small"><span class="paper-url">${c.url}</span> · <span class="paper-nowrap">${c.fetched}</span></p>
</li>`
}

function answerSection(view: PaperView): SafeHtml {
  const { words } = view
  return html`<section class="paper-answer">
<h2>${view.outcome === "REFUSAL" ? words.outcomes.REFUSAL : words.answer}</h2>
<p class="paper-headline">${view.headline}</p>
${view.body === "" ? null : html`<p class="paper-body">${lines(view.body)}</p>`}
${view.legalBasis === null ? null : html`<p><strong>${words.legalBasis}:</strong> ${view.legalBasis}</p>`}
${view.warnings.map(
  (w) => html`<div class="paper-warning"><h3>${words.sourcesDisagree}</h3><p>${w.description}</p><ul>${w.sides.map((side) => html`<li>${side}</li>`)}</ul>
${w.practice === null ? null : html`<p><strong>${words.inPractice}:</strong> ${w.practice}</p>`}</div>`,
)}
${view.missing === null ? null : html`<p><strong>${words.missing}:</strong> ${view.missing}</p>`}
${view.branches.length === 0
  ? null
  : html`<h3>${words.branches}</h3><table class="paper-branches"><thead><tr><th scope="col">${words.branchIf}</th><th scope="col">${words.branchThen}</th></tr></thead>
<tbody>${view.branches.map((b) => html`<tr><td>${b.condition}</td><td>${b.answer}</td></tr>`)}</tbody></table>`}
${view.lists.map(list)}
</section>`
}

function citationsSection(view: PaperView): SafeHtml | null {
  if (view.outcome === "REFUSAL") return null
  // An answer from documents cites them, not a rule's sources.
  if (view.documents !== null && view.citations.length === 0) return documentsHtml(view.documents)
  const { words } = view
  return html`<section class="paper-citations"><h2>${words.citations}</h2>
${view.citations.length === 0 ? html`<p>${words.noCitations}</p>` : html`<ol>${view.citations.map((c) => citation(c, words))}</ol>`}
</section>`
}

function confidenceSection(view: PaperView): SafeHtml | null {
  const c = view.confidence
  if (c === null) return null
  return html`<section class="paper-confidence"><h2>${view.words.confidence}</h2>
<p><strong>${c.score}</strong> (${c.label})</p>
${c.drivers.length === 0 ? null : html`<h3>${view.words.drivers}</h3><ul>${c.drivers.map((d) => html`<li>${d}</li>`)}</ul>`}
</section>`
}

function provenance(view: PaperView): SafeHtml {
  const { words } = view
  return html`<footer class="paper-provenance"><h2>${words.provenance}</h2>
${facts([
  [words.runId, html`<code>${view.requestId}</code>`],
  [words.chainHead, html`<code>${view.chainHead}</code> (${view.eventCount} ${words.events})`],
  [words.pack, `${view.pack.id} ${view.pack.version}`],
  [words.packHash, html`<code>${view.pack.hash}</code>`],
])}
<p class="paper-small">${words.verifyHint(`fiskai traces verify ${view.requestId}`)}</p>
</footer>`
}

/** The article: everything the paper says, in markup that stands on its own. */
export function paperArticle(view: PaperView): SafeHtml {
  const { words } = view
  return html`<article class="answer-paper" lang="${view.locale}" data-request-id="${view.requestId}" data-outcome="${view.outcome}">
<header>
<p class="paper-brand">FiskAI Workstation${view.firmName === null ? null : html` · ${view.firmName}`}</p>
${view.hypothetical === null ? null : html`<p class="paper-hypothetical">${view.hypothetical}</p>`}
<h1>${words.question}</h1>
<p class="paper-question">${view.question}</p>
${facts([
  [words.client, clientLine(view)],
  [words.asOf, view.asOf],
  [words.outcome, words.outcomes[view.outcome]],
  [words.answeredAt, view.answeredAt],
])}
</header>
${answerSection(view)}
${citationsSection(view)}
${confidenceSection(view)}
${provenance(view)}
</article>`
}

export function paperTitle(view: PaperView): string {
  const question = view.question.replace(/\s+/g, " ").trim()
  return `${view.words.documentTitle}: ${question.length > 80 ? `${question.slice(0, 79)}…` : question}`
}

/**
 * The whole document: self-contained (inline CSS, no scripts, nothing fetched), ready to print.
 * Without `css` it carries no <style>: the window's print view shows it in a frame that inherits
 * the app's CSP (no inline style) and adopts the same sheet instead.
 */
export function paperDocument(view: PaperView, css: string | null): SafeHtml {
  return html`<!DOCTYPE html>
<html lang="${view.locale}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${paperTitle(view)}</title>
${css === null ? null : html`<style>${new SafeHtml(`${DOCUMENT_BODY_CSS}\n${css}`)}</style>`}
</head>
<body>
${paperArticle(view)}
</body>
</html>
`
}
