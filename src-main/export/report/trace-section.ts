import type { TraceSummary } from "../../../src-shared/traces"
import type { TraceView } from "../trace-view"
import { contextSection } from "./context-section"
import { comparisonSection, counterfactualBanner, type BaseTrace } from "./counterfactual-section"
import { facts, html, label, type SafeHtml } from "./html"
import { outcomeSection, outcomeWords } from "./outcome-section"
import {
  analysisStep,
  applicabilityStep,
  clarificationSteps,
  conflictsStep,
  confidenceStep,
  intakeStep,
  retrievalStep,
  sourcesStep,
} from "./stage-sections"
import { formatDate } from "../../../src-shared/format/dates"

// One trace of the report: what was asked, for whom, each stage in words, and how it ended.

export interface ReportTrace {
  summary: TraceSummary
  view: TraceView
  /** For a counterfactual trace: the run it is a hypothetical of, when it is in the bundle. */
  base: BaseTrace | null
}

export function traceSection(trace: ReportTrace, index: number): SafeHtml {
  const { summary, view } = trace
  const hypothetical = summary.counterfactualOf !== null
  const outcomeClass = (summary.outcome ?? "none").toLowerCase().replace("_", "-")
  return html`<section class="trace${hypothetical ? " hypothetical" : ""}" id="t-${summary.requestId}">
  ${hypothetical ? counterfactualBanner(summary) : null}
  <h2><span class="index">${index}.</span> ${label("Pitanje", "Question")}</h2>
  <p class="question">${summary.question}</p>
  <p class="badge ${outcomeClass}">${outcomeWords(summary.outcome)}</p>
  ${facts([
    [label("Trag", "Trace"), html`<code>${summary.requestId}</code>`],
    [label("Stvoreno", "Created"), summary.createdAt],
    [label("Na dan", "As of"), formatDate(summary.asOfDate, "hr")],
    [label("Klijent", "Client"), summary.clientId],
    [label("Paket pravila", "Rule pack"), html`${summary.packId} ${summary.packVersion} <code>${summary.packHash}</code>`],
    [label("Lanac (zadnji hash)", "Chain head"), html`<code>${summary.chainHead ?? "—"}</code> (${summary.eventCount} events)`],
  ])}
  ${hypothetical ? html`<h3>${label("Usporedba s izvornim", "Compared with the base run")}</h3>${comparisonSection(summary, view, trace.base)}` : null}
  <h3>${label("Kontekst klijenta (zamrznut)", "Client context (frozen)")}</h3>
  ${contextSection(view.context)}
  <h3>${label("Tijek zaključivanja", "How the answer was reached")}</h3>
  ${intakeStep(view)}
  ${clarificationSteps(view)}
  ${sourcesStep(view)}
  ${retrievalStep(view)}
  ${applicabilityStep(view)}
  ${conflictsStep(view)}
  ${analysisStep(view)}
  ${confidenceStep(view)}
  <h3>${label("Ishod", "Outcome")}${hypothetical ? html` <span class="hypo-tag">${label("hipotetski", "hypothetical")}</span>` : null}</h3>
  ${outcomeSection(view.terminal)}
</section>
`
}
