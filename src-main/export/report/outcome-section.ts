import type { TerminalEvent } from "../../../src-shared/events/event"
import type { Citation, FinalAnswerPayload } from "../../../src-shared/events/payloads"
import { html, label, list, type SafeHtml } from "./html"
import { formatDate } from "../../../src-shared/format/dates"
import { documentCitations } from "./document-citations"

// The end of the run: the answer with its citations, or the refusal or error, stated plainly.

const OUTCOME_WORDS: Record<TerminalEvent["stage"], string> = {
  ANSWER: "Odgovor / Answer",
  QUALIFIED_ANSWER: "Odgovor s upozorenjem / Qualified answer",
  CONDITIONAL_ANSWER: "Uvjetni odgovor / Conditional answer",
  REFUSAL: "Odbijeno / Refusal",
  ERROR: "Greška / Error",
}

export function outcomeWords(outcome: TerminalEvent["stage"] | null): string {
  return outcome === null ? "Nedovršeno / Not finished" : OUTCOME_WORDS[outcome]
}

function citations(items: readonly Citation[]): SafeHtml {
  if (items.length === 0) return html`<p class="muted">${label("Bez citata.", "No citations.")}</p>`
  return html`<ol class="citations">${items.map(
    (c) => html`<li><p><strong>${c.title}</strong> (${c.role}) — ${c.sourceName}, ${c.authority}</p>
      <blockquote>${c.quote}</blockquote>
      <p class="small"><span class="url">${c.url}</span> · ${label("preuzeto", "fetched")} ${formatDate(c.fetchedAt, "hr")} · <code>${c.evidenceId}</code> · ${label("pravilo", "rule")} <code>${c.ruleId}</code></p></li>`,
  )}</ol>`
}

function answerBody(p: FinalAnswerPayload): SafeHtml {
  const documents = documentCitations(p)
  const s = p.structured
  const structured: Array<[string, string[] | undefined]> = s
    ? [
        ["Obveze / Obligations", s.obligations],
        ["Rokovi / Deadlines", s.deadlines],
        ["Pragovi / Thresholds", s.thresholds],
        ["Iznimke / Exceptions", s.exceptions],
        ["Radnje / Actions", s.actions],
      ]
    : []
  return html`<p class="headline">${p.headline}</p>
    <p>${p.answerHr}</p>
    ${p.answerEn ? html`<p class="en-answer">${p.answerEn}</p>` : null}
    ${structured.filter(([, items]) => items && items.length > 0).map(([name, items]) => html`<p><strong>${name}</strong></p>${list(items ?? [])}`)}
    ${p.limits && p.limits.length > 0 ? html`<p><strong>${label("Ograničenja", "Limits")}</strong></p>${list(p.limits)}` : null}
    ${documents === null
      ? html`<p class="small">${label("Na dan", "As of")} ${formatDate(p.asOfDate, "hr")}; ${label("primjenjivih pravila", "eligible rules")}: ${p.eligibleRuleCount}</p>
    <h4>${label("Citati", "Citations")}</h4>${citations(p.citations)}`
      : html`<p class="small">${label("Na dan", "As of")} ${formatDate(p.asOfDate, "hr")}</p>
    <h4>${label("Dokumenti na kojima odgovor počiva", "Documents the answer rests on")}</h4>${documents}`}`
}

export function outcomeSection(terminal: TerminalEvent | null): SafeHtml {
  if (terminal === null)
    return html`<div class="outcome none"><h3>${outcomeWords(null)}</h3><p>${label("Tijek nije završio ishodom.", "The run did not reach an outcome.")}</p></div>`
  const kind = terminal.stage.toLowerCase().replace("_", "-")
  const heading = html`<h3>${outcomeWords(terminal.stage)}</h3>`
  switch (terminal.stage) {
    case "ANSWER":
      return html`<div class="outcome ${kind}">${heading}${answerBody(terminal.data)}</div>`
    case "QUALIFIED_ANSWER":
      return html`<div class="outcome ${kind}">${heading}
        <div class="warning"><p><strong>${label("Upozorenja", "Caveats")}</strong></p>${list(terminal.data.caveats)}
        ${terminal.data.conflictWarnings.map((w) => html`<p>${w.description}: ${w.sourceA.name} — ${w.sourceA.says}; ${w.sourceB.name} — ${w.sourceB.says}</p>`)}</div>
        ${answerBody(terminal.data)}</div>`
    case "CONDITIONAL_ANSWER":
      return html`<div class="outcome ${kind}">${heading}
        <p>${label("Nedostaje", "Missing")}: ${terminal.data.missingDimensions.join(", ")}</p>
        <table class="grid"><thead><tr><th>${label("Ako", "If")}</th><th>${label("Onda", "Then")}</th></tr></thead>
        <tbody>${terminal.data.branches.map((b) => html`<tr><td>${b.condition}</td><td>${b.answer}</td></tr>`)}</tbody></table>
        ${answerBody(terminal.data)}</div>`
    case "REFUSAL":
      return html`<div class="outcome ${kind}">${heading}
        <p><strong>${terminal.data.reason}</strong>: ${terminal.data.message}</p>
        ${terminal.data.detail ? html`<p>${terminal.data.detail}</p>` : null}
        ${terminal.data.requiredFields && terminal.data.requiredFields.length > 0 ? html`<p>${label("Potrebno", "Required")}: ${terminal.data.requiredFields.join(", ")}</p>` : null}
        <p>${label("Sljedeći koraci", "Next steps")}:</p>${list(terminal.data.nextSteps)}</div>`
    case "ERROR":
      return html`<div class="outcome ${kind}">${heading}
        <p><strong>${terminal.data.code}</strong>: ${terminal.data.message}</p>
        <p class="small">${label("Faza", "Stage")}: ${terminal.data.failedStage ?? "—"} · correlation <code>${terminal.data.correlationId}</code></p></div>`
  }
}

/** One line summing up an outcome, for the side-by-side comparison of a hypothetical. */
export function outcomeLine(terminal: TerminalEvent | null): string {
  if (terminal === null) return outcomeWords(null)
  switch (terminal.stage) {
    case "REFUSAL":
      return `${terminal.data.reason}: ${terminal.data.message}`
    case "ERROR":
      return `${terminal.data.code}: ${terminal.data.message}`
    default:
      return terminal.data.headline
  }
}
