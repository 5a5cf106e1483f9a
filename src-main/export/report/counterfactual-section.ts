import type { TraceSummary } from "../../../src-shared/traces"
import type { TraceView } from "../trace-view"
import { flattenFacts } from "./context-section"
import { html, label, percent, type SafeHtml } from "./html"
import { outcomeLine, outcomeWords } from "./outcome-section"

// A counterfactual ("what if") trace is a hypothetical, never advice that was given. The report
// marks it as such and sets it beside the run it was derived from: the facts that were changed
// and the outcomes of both, computed from the two traces' own events.

export interface BaseTrace {
  summary: TraceSummary
  view: TraceView
}

export interface FactChange {
  path: string
  base: string
  hypothetical: string
}

export function changedFacts(base: TraceView, hypothetical: TraceView): FactChange[] {
  const before = new Map(flattenFacts(base.context?.evaluationContext))
  const after = new Map(flattenFacts(hypothetical.context?.evaluationContext))
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort()
  return paths
    .filter((path) => before.get(path) !== after.get(path))
    .map((path) => ({ path, base: before.get(path) ?? "—", hypothetical: after.get(path) ?? "—" }))
}

export function counterfactualBanner(summary: TraceSummary): SafeHtml {
  return html`<div class="hypothetical-banner"><strong>${label("HIPOTETSKI SCENARIJ", "HYPOTHETICAL SCENARIO")}</strong> —
    ${label("ovo nije savjet koji je dan, nego izračun “što ako” izveden iz", "not advice that was given: a “what if” derived from")}
    <code>${summary.counterfactualOf ?? ""}</code></div>`
}

export function comparisonSection(summary: TraceSummary, view: TraceView, base: BaseTrace | null): SafeHtml {
  if (base === null)
    return html`<p class="muted">${label("Izvorni trag nije u ovom paketu.", "The base trace is not in this bundle.")} (<code>${summary.counterfactualOf ?? ""}</code>)</p>`
  const changes = changedFacts(base.view, view)
  const row = (name: SafeHtml, a: string, b: string) => html`<tr${a === b ? null : html` class="changed"`}><th>${name}</th><td>${a}</td><td>${b}</td></tr>`
  const confidence = (v: TraceView) => (v.confidence ? percent(v.confidence.score) : "—")
  return html`<table class="grid compare">
    <thead><tr><th></th><th>${label("Izvorno", "Base")} <code>${base.summary.requestId}</code></th><th>${label("Hipotetski", "Hypothetical")} <code>${summary.requestId}</code></th></tr></thead>
    <tbody>
      ${changes.map((c) => row(html`<code>${c.path}</code>`, c.base, c.hypothetical))}
      ${row(label("Ishod", "Outcome"), outcomeWords(base.view.terminal?.stage ?? null), outcomeWords(view.terminal?.stage ?? null))}
      ${row(label("Zaključak", "Conclusion"), outcomeLine(base.view.terminal), outcomeLine(view.terminal))}
      ${row(label("Pouzdanost", "Confidence"), confidence(base.view), confidence(view))}
      ${row(label("Primjenjiva pravila", "Eligible rules"), (base.view.applicability?.eligibleRuleIds ?? []).join(", "), (view.applicability?.eligibleRuleIds ?? []).join(", "))}
    </tbody></table>
    ${changes.length === 0 ? html`<p class="muted">${label("Nijedna činjenica nije promijenjena.", "No fact was changed.")}</p>` : null}`
}
