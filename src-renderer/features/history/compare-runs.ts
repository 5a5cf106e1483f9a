import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import type { Citation } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"
import { formatDate } from "../../../src-shared/format/dates"
import { formatScore } from "../../../src-shared/format/numbers"
import type { TraceDetail } from "../../../src-shared/traces"
import type { Translate } from "../../i18n/translate"

// Two stored runs side by side (issue 23): the parts an accountant compares (question, client,
// date, outcome, headline, values, obligations, citations, confidence, pack), each as a list of
// lines. A part differs when its lines differ; a line found on one side only is marked.

export const COMPARED_PARTS = ["question", "client", "asOf", "outcome", "headline", "values", "obligations", "citations", "confidence", "pack"] as const
export type ComparedPart = (typeof COMPARED_PARTS)[number]

export type RunParts = Record<ComparedPart, string[]>

export interface ComparedRow {
  part: ComparedPart
  first: { line: string; onlyHere: boolean }[]
  second: { line: string; onlyHere: boolean }[]
  differs: boolean
}

function confidenceOf(events: readonly ReasoningEvent[]): number | null {
  for (const event of events) if (event.stage === "CONFIDENCE" && event.status === "complete") return event.data.score
  return null
}

/** What a run says, part by part, in the UI's language. */
export function runParts(detail: TraceDetail, clientName: (id: string | null) => string, t: Translate, locale: Locale): RunParts {
  const { trace, events } = detail
  const terminal = events.find(isTerminal)
  const parts: RunParts = {
    question: [trace.question],
    client: [clientName(trace.clientId)].filter((name) => name !== ""),
    asOf: [formatDate(trace.asOfDate, locale)],
    outcome: trace.outcome ? [t(`outcome.${trace.outcome}`)] : [],
    headline: [],
    values: [],
    obligations: [],
    citations: [],
    confidence: [],
    pack: [`${trace.packId} ${trace.packVersion}`],
  }
  const confidence = confidenceOf(events)
  if (confidence !== null) parts.confidence = [formatScore(confidence, locale)]
  if (terminal === undefined) return parts
  if (terminal.stage === "REFUSAL") parts.headline = [terminal.data.message]
  else if (terminal.stage === "ERROR") parts.headline = [terminal.data.message]
  else {
    const { headline, structured, citations } = terminal.data
    parts.headline = [headline]
    parts.values = [...(structured?.thresholds ?? []), ...(structured?.deadlines ?? [])]
    parts.obligations = structured?.obligations ?? []
    parts.citations = citationLines(citations, locale)
  }
  return parts
}

/**
 * One line per quoted passage: the same passage cited for two rules is one citation to the reader,
 * and two passages of one document are told apart by their quotes (title and source alone made them
 * look like the same citation shown twice).
 */
export function citationLines(citations: readonly Citation[], locale: Locale): string[] {
  const [open, close] = locale === "hr" ? ["„", "”"] : ["“", "”"]
  const lines = citations.map((c) => `${c.title} — ${c.sourceName}: ${open}${c.quote.trim()}${close}`)
  return [...new Set(lines)]
}

function marked(lines: readonly string[], other: readonly string[]) {
  return lines.map((line) => ({ line, onlyHere: !other.includes(line) }))
}

export function compareRuns(first: RunParts, second: RunParts): ComparedRow[] {
  return COMPARED_PARTS.map((part) => {
    const a = first[part]
    const b = second[part]
    const differs = a.length !== b.length || a.some((line, i) => line !== b[i])
    return { part, first: marked(a, b), second: marked(b, a), differs }
  })
}
