import type { ExclusionCode } from "../../../src-shared/events/payloads"
import type { TraceView } from "../trace-view"
import { facts, html, label, list, percent, type SafeHtml } from "./html"

// Each stage of the run in words: what it looked at and what it concluded, from its events.

const EXCLUSION_WORDS: Record<ExclusionCode, string> = {
  THRESHOLD_EXCEEDED: "threshold exceeded / prag prekoračen",
  DATE_MISMATCH: "not in force on the date / ne vrijedi na datum",
  JURISDICTION_MISMATCH: "other jurisdiction / druga jurisdikcija",
  MISSING_CONTEXT: "fact missing / nedostaje činjenica",
  CONDITION_FALSE: "condition not met / uvjet nije ispunjen",
}

const SOURCE_WORDS: Record<string, string> = {
  user_profile: "client profile",
  query: "question",
  assumed_default: "assumed default",
}

function step(title: SafeHtml, body: SafeHtml | null): SafeHtml {
  return html`<div class="stage"><h4>${title}</h4>${body ?? html`<p class="muted">${label("Nije izvršeno.", "Did not run.")}</p>`}</div>`
}

export function intakeStep(view: TraceView): SafeHtml {
  const intake = view.intake
  return step(
    label("Zaprimanje pitanja", "Question intake"),
    intake &&
      html`<p>${intake.summary}</p>${facts([
        [label("Jezik", "Language"), intake.language],
        [label("Tema", "Topic"), intake.topic],
        [label("Namjera", "Intent"), intake.queryIntent],
        [label("Pouzdanost tumačenja", "Interpretation confidence"), percent(intake.interpretationConfidence)],
        [label("Ključne riječi", "Keywords"), intake.keywords.join(", ")],
      ])}`,
  )
}

export function clarificationSteps(view: TraceView): SafeHtml[] {
  return view.clarifications.map((round) =>
    step(
      label("Pojašnjenje", "Clarification"),
      html`<p><strong>${label("Pitano", "Asked")}:</strong> ${round.asked.question}</p>
        <p><strong>${label("Odgovor", "Answer")}:</strong> ${round.answer ? round.answer.answer : "— (no answer / bez odgovora)"}</p>`,
    ),
  )
}

export function sourcesStep(view: TraceView): SafeHtml {
  const sources = view.sources
  return step(
    label("Izvori", "Sources"),
    sources &&
      html`<p>${sources.summary}</p>
      <table class="grid"><thead><tr><th>${label("Izvor", "Source")}</th><th>${label("Autoritet", "Authority")}</th><th>${label("Dokazi", "Evidence")}</th><th>URL</th></tr></thead>
      <tbody>${sources.sources.map(
        (s) => html`<tr><td>${s.name}</td><td>${s.authority}</td><td>${s.evidenceCount}</td><td class="url">${s.url ?? "—"}</td></tr>`,
      )}</tbody></table>`,
  )
}

export function retrievalStep(view: TraceView): SafeHtml {
  const retrieval = view.retrieval
  return step(
    label("Pronalazak pravila", "Retrieval"),
    retrieval &&
      html`<p>${retrieval.summary}</p>
      ${list(retrieval.concepts.map((c) => `${c.nameHr} (${c.nameEn}), ${percent(c.score)}: ${c.matchedBy.join(", ")}`))}
      <p class="small">${label("Pravila", "Rules")}: ${retrieval.ruleIds.join(", ") || "—"}</p>`,
  )
}

export function applicabilityStep(view: TraceView): SafeHtml {
  const a = view.applicability
  return step(
    label("Primjenjivost", "Applicability"),
    a &&
      html`<p>${a.summary}</p>
      <p>${label("Primjenjiva pravila", "Eligible rules")}: ${a.eligibleCount} (${a.eligibleRuleIds.join(", ") || "—"}); ${label("isključena", "excluded")}: ${a.ineligibleCount}</p>
      ${a.exclusions.length === 0
        ? null
        : html`<table class="grid"><thead><tr><th>${label("Pravilo", "Rule")}</th><th>${label("Razlog", "Reason")}</th><th>${label("Očekivano", "Expected")}</th><th>${label("Stvarno", "Actual")}</th><th>${label("Izvor", "Source")}</th></tr></thead>
          <tbody>${a.exclusions.map(
            (x) =>
              html`<tr><td>${x.ruleTitle}<br><code>${x.ruleId}</code></td><td>${EXCLUSION_WORDS[x.code]}</td><td>${x.expected}</td><td>${x.actual}</td><td>${SOURCE_WORDS[x.source] ?? x.source}${x.factPath ? html` <code>${x.factPath}</code>` : null}</td></tr>`,
          )}</tbody></table>`}
      ${a.coverage.map(
        (c) =>
          html`<p class="small">${label("Pokrivenost", "Coverage")} ${c.topic}: ${percent(c.totalScore)} / ${percent(c.requiredScore)}; ${c.dimensions
            .map((d) => `${d.dimension} ${d.resolved ? "✓" : "✗"}${d.required ? "" : " (optional)"}`)
            .join(", ")}</p>`,
      )}`,
  )
}

export function conflictsStep(view: TraceView): SafeHtml {
  const c = view.conflicts
  return step(
    label("Sukobi izvora", "Conflicts"),
    c &&
      html`<p>${c.summary}</p>
      ${c.conflicts.map(
        (x) => html`<div class="conflict"><p><strong>${x.description}</strong> (${x.resolution}${x.winnerRuleId ? `: ${x.winnerRuleId}` : ""})</p>
          <p>${x.sourceA.name}: ${x.sourceA.says}</p><p>${x.sourceB.name}: ${x.sourceB.says}</p>
          ${x.practicalResolution ? html`<p><em>${label("U praksi", "In practice")}:</em> ${x.practicalResolution}</p>` : null}</div>`,
      )}`,
  )
}

export function analysisStep(view: TraceView): SafeHtml {
  const a = view.analysis
  const checkpoints = view.checkpoints.map((c) => `${c.kind}: ${c.detail}`)
  return step(
    label("Analiza", "Analysis"),
    a && html`<p>${a.summary}</p>${list(a.bullets)}${checkpoints.length > 0 ? html`<p class="small">${label("Provjere", "Checks")}:</p>${list(checkpoints)}` : null}`,
  )
}

export function confidenceStep(view: TraceView): SafeHtml {
  const c = view.confidence
  return step(
    label("Pouzdanost", "Confidence"),
    c &&
      html`<p>${c.summary}</p>
      <p><strong>${percent(c.score)}</strong> (${c.label}, ${c.evidenceStrength})</p>
      <p>${label("Čimbenici", "Drivers")}:</p>${list(c.drivers)}
      ${c.wouldBeLowerIf && c.wouldBeLowerIf.length > 0 ? html`<p>${label("Bila bi niža da", "Would be lower if")}:</p>${list(c.wouldBeLowerIf)}` : null}
      ${c.interactiveDrivers && c.interactiveDrivers.length > 0
        ? html`<p>${label("Činjenice o kojima ovisi", "Facts it depends on")}:</p>${list(
            c.interactiveDrivers.map((d) => `${d.label}: ${d.factPath} = ${String(d.factValue)} (${SOURCE_WORDS[d.factSource] ?? d.factSource})`),
          )}`
        : null}`,
  )
}
