import { documentsText } from "./paper-documents"
import type { PaperView } from "./paper-view"

// An answer on paper as plain text, for the body of an e-mail: the question, whom and which day it
// is for, the answer, the citations with their verbatim quotes and addresses, the confidence, and
// the run id with its chain head hash, so the answer can be traced back to its record.

function clientLine(view: PaperView): string {
  if (view.client === null) return view.words.noClient
  return view.client.oib === null ? view.client.name : `${view.client.name} (${view.words.oib} ${view.client.oib})`
}

function bulleted(items: readonly string[]): string[] {
  return items.map((item) => `  - ${item}`)
}

function answerLines(view: PaperView): string[] {
  const { words } = view
  const lines = [`${view.outcome === "REFUSAL" ? words.outcomes.REFUSAL : words.answer}: ${view.headline}`]
  if (view.body !== "") lines.push("", view.body)
  if (view.legalBasis !== null) lines.push("", `${words.legalBasis}: ${view.legalBasis}`)
  for (const w of view.warnings) {
    lines.push("", `${words.sourcesDisagree}: ${w.description}`, ...bulleted(w.sides))
    if (w.practice !== null) lines.push(`${words.inPractice}: ${w.practice}`)
  }
  if (view.missing !== null) lines.push("", `${words.missing}: ${view.missing}`)
  if (view.branches.length > 0)
    lines.push("", `${words.branches}:`, ...bulleted(view.branches.map((b) => `${b.condition}: ${b.answer}`)))
  for (const list of view.lists) lines.push("", `${list.title}:`, ...bulleted(list.items))
  return lines
}

function citationLines(view: PaperView): string[] {
  if (view.outcome === "REFUSAL") return []
  const { words } = view
  if (view.documents !== null && view.citations.length === 0) return documentsText(view.documents)
  if (view.citations.length === 0) return ["", words.noCitations]
  const lines = ["", `${words.citations}:`]
  view.citations.forEach((c, i) => {
    lines.push(`[${i + 1}] ${c.title} (${c.source})`, `    ${words.quote(c.quote)}`)
    if (c.legalBasis !== null) lines.push(`    ${words.legalBasis}: ${c.legalBasis}`)
    lines.push(`    ${c.url} · ${c.fetched}`)
  })
  return lines
}

export function paperText(view: PaperView): string {
  const { words } = view
  const lines = [
    ...(view.hypothetical === null ? [] : [view.hypothetical, ""]),
    `${words.question}: ${view.question}`,
    `${words.client}: ${clientLine(view)}`,
    `${words.asOf}: ${view.asOf}`,
    "",
    ...answerLines(view),
    ...citationLines(view),
  ]
  if (view.confidence !== null)
    lines.push("", `${words.confidence}: ${view.confidence.score} (${view.confidence.label})`, ...bulleted(view.confidence.drivers))
  lines.push(
    "",
    "--",
    `${words.runId}: ${view.requestId}`,
    `${words.chainHead}: ${view.chainHead}`,
    `${words.pack}: ${view.pack.id} ${view.pack.version} (${words.packHash} ${view.pack.hash})`,
    `${words.answeredAt}: ${view.answeredAt}`,
  )
  return `${lines.join("\n")}\n`
}
