import { answerShown } from "../../../src-shared/answer-paper"
import type { TerminalEvent } from "../../../src-shared/events/event"
import type { Citation, ConditionalAnswerPayload, ConditionalBranch, ConflictWarning, FinalAnswerPayload } from "../../../src-shared/events/payloads"
import type { Locale, TerminalOutcome } from "../../../src-shared/events/stages"
import { authorityName } from "../../../src-shared/format/authority"
import { formatDate, formatDatesIn } from "../../../src-shared/format/dates"
import { formatScore } from "../../../src-shared/format/numbers"
import type { TraceDetail } from "../../../src-shared/traces"
import { factLabel } from "../../knowledge/facts"
import { viewTrace } from "../trace-view"
import { formatMoment } from "./moment"
import { paperDocuments, type PaperDocuments } from "./paper-documents"
import { paperWords, type PaperWords } from "./paper-words"

// What goes on paper, worked out once from the stored trace and written in the run's language with
// its number and date formats: the document, the e-mail HTML and the plain text all render this,
// so the three cannot disagree. Everything here is plain text; escaping is the renderers' job.

export class PaperUnavailableError extends Error {
  constructor(
    message: string,
    readonly reason: "not-found" | "not-ended" | "error-outcome",
  ) {
    super(message)
  }
}

export interface PaperClient {
  name: string
  oib: string | null
}

export interface PaperCitation {
  title: string
  /** "Porezna uprava · zakon · glavni izvor" */
  source: string
  quote: string
  url: string
  /** "preuzeto 24. 11. 2026." */
  fetched: string
  legalBasis: string | null
}

/** Two sources that disagree (a qualified answer), each side as "Source: what it says". */
export interface PaperWarning {
  description: string
  sides: string[]
  practice: string | null
}

export interface PaperList {
  title: string
  items: string[]
}

export interface PaperView {
  words: PaperWords
  locale: Locale
  requestId: string
  question: string
  /** Null when the run was asked without a client. */
  client: PaperClient | null
  asOf: string
  /** ISO date of the run, for the file name. */
  asOfIso: string
  answeredAt: string
  outcome: Exclude<TerminalOutcome, "ERROR">
  /** The sentence a hypothetical run carries in front of everything; null for a real run. */
  hypothetical: string | null
  headline: string
  /** The answer's paragraph (a refusal's message). */
  body: string
  legalBasis: string | null
  /** Conflict warnings of a qualified answer. */
  warnings: PaperWarning[]
  /** A conditional answer's missing facts and its branches. */
  missing: string | null
  branches: Array<{ condition: string; answer: string }>
  /** Obligations, deadlines, thresholds, exceptions, actions, caveats, limits, next steps: those with items. */
  lists: PaperList[]
  citations: PaperCitation[]
  /** An answer from the client's documents: the documents and findings it rests on (null otherwise). */
  documents: PaperDocuments | null
  confidence: { score: string; label: string; drivers: string[] } | null
  pack: { id: string; version: string; hash: string }
  chainHead: string
  eventCount: number
  firmName: string | null
}

export interface PaperInput {
  detail: TraceDetail
  /** The run's client as its profile is now (name and OIB); null without a client or when it is gone. */
  client: PaperClient | null
  firmName?: string
}

export function paperView({ detail, client, firmName }: PaperInput): PaperView {
  const { trace } = detail
  const { terminal, confidence } = viewTrace(detail.events)
  if (terminal === null || trace.chainHead === null)
    throw new PaperUnavailableError(`run ${trace.requestId} has not ended: there is no answer to print yet`, "not-ended")
  if (terminal.stage === "ERROR")
    throw new PaperUnavailableError(`run ${trace.requestId} ended in an error: it answered nothing to print`, "error-outcome")
  const locale = trace.locale
  const words = paperWords(locale)
  const asOfIso = "asOfDate" in terminal.data ? terminal.data.asOfDate : trace.asOfDate
  return {
    words,
    locale,
    requestId: trace.requestId,
    question: trace.question,
    client: client ?? (trace.clientId === null ? null : { name: trace.clientId, oib: null }),
    asOf: formatDate(asOfIso, locale),
    asOfIso,
    answeredAt: formatMoment(terminal.ts, locale),
    outcome: terminal.stage,
    hypothetical: trace.counterfactualOf === null ? null : words.hypothetical(trace.counterfactualOf),
    ...inLocaleDates(outcomeParts(terminal, words, locale), locale),
    confidence:
      confidence === null
        ? null
        : {
            score: formatScore(confidence.score, locale),
            label: words.confidenceLabels[confidence.label],
            drivers: confidence.drivers.map((driver) => formatDatesIn(driver, locale)),
          },
    pack: { id: trace.packId, version: trace.packVersion, hash: trace.packHash },
    chainHead: trace.chainHead,
    eventCount: trace.eventCount,
    firmName: firmName === undefined || firmName.trim() === "" ? null : firmName.trim(),
  }
}

type OutcomeParts = Pick<PaperView, "headline" | "body" | "legalBasis" | "warnings" | "missing" | "branches" | "lists" | "citations" | "documents">

function outcomeParts(terminal: Exclude<TerminalEvent, { stage: "ERROR" }>, words: PaperWords, locale: Locale): OutcomeParts {
  if (terminal.stage === "REFUSAL") {
    const refusal = terminal.data
    return {
      headline: words.refusalTitle,
      body: [refusal.message, refusal.detail ?? ""].filter((part) => part !== "").map(sentence).join(" "),
      legalBasis: null,
      warnings: [],
      missing: null,
      branches: [],
      lists: nonEmpty([
        { title: words.requiredFields, items: refusal.requiredFields ?? [] },
        { title: words.nextSteps, items: refusal.nextSteps },
      ]),
      citations: [],
      documents: null,
    }
  }
  const payload = terminal.data
  const caveats = terminal.stage === "QUALIFIED_ANSWER" ? terminal.data.caveats : []
  const warnings: readonly ConflictWarning[] = terminal.stage === "QUALIFIED_ANSWER" ? terminal.data.conflictWarnings : []
  const branches: readonly ConditionalBranch[] = terminal.stage === "CONDITIONAL_ANSWER" ? terminal.data.branches : []
  return {
    headline: payload.headline,
    body: answerShown(payload, locale),
    legalBasis: payload.legalBasis ?? null,
    warnings: warnings.map((w) => ({
      description: w.description,
      sides: [`${w.sourceA.name}: ${w.sourceA.says}`, `${w.sourceB.name}: ${w.sourceB.says}`],
      practice: w.practicalResolution ?? null,
    })),
    missing: terminal.stage === "CONDITIONAL_ANSWER" ? missingFactNames(terminal.data, locale) : null,
    branches: branches.map((b) => ({ condition: b.condition, answer: b.answer })),
    lists: nonEmpty([...structuredLists(payload, words), { title: words.caveats, items: caveats }, { title: words.limits, items: payload.limits ?? [] }]),
    citations: payload.citations.map((c) => paperCitation(c, payload, words, locale)),
    documents: paperDocuments(payload, locale),
  }
}

/** The engine's sentences with any ISO date in the run's format; quotes stay verbatim. */
function inLocaleDates(parts: OutcomeParts, locale: Locale): OutcomeParts {
  const say = (text: string) => formatDatesIn(text, locale)
  return {
    ...parts,
    headline: say(parts.headline),
    body: say(parts.body),
    warnings: parts.warnings.map((w) => ({ description: say(w.description), sides: w.sides.map(say), practice: w.practice === null ? null : say(w.practice) })),
    branches: parts.branches.map((b) => ({ condition: say(b.condition), answer: say(b.answer) })),
    lists: parts.lists.map((list) => ({ title: list.title, items: list.items.map(say) })),
  }
}

/** The missing facts by their names ("Prihod u poreznom razdoblju"), not the pack's dimension ids. */
function missingFactNames(payload: ConditionalAnswerPayload, locale: Locale): string {
  return payload.missingDimensions
    .map((dimension) => {
      const path = payload.branches.find((b) => b.dimension === dimension)?.factPath
      return path === undefined ? dimension : factLabel(path, locale)
    })
    .join(", ")
}

/** A sentence ends with its full stop (the engine's refusal messages come without one). */
function sentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?…:]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

function structuredLists(payload: FinalAnswerPayload, words: PaperWords): PaperList[] {
  const s = payload.structured ?? {}
  return [
    { title: words.structured.obligations, items: s.obligations ?? [] },
    { title: words.structured.deadlines, items: s.deadlines ?? [] },
    { title: words.structured.thresholds, items: s.thresholds ?? [] },
    { title: words.structured.exceptions, items: s.exceptions ?? [] },
    { title: words.structured.actions, items: s.actions ?? [] },
  ]
}

function nonEmpty(lists: PaperList[]): PaperList[] {
  return lists.filter((list) => list.items.length > 0)
}

function paperCitation(c: Citation, payload: FinalAnswerPayload, words: PaperWords, locale: Locale): PaperCitation {
  return {
    title: c.title,
    source: [c.sourceName, authorityName(c.authority, locale), words.role[c.role]].join(" · "),
    quote: c.quote,
    url: c.url,
    fetched: `${words.fetched} ${formatDate(c.fetchedAt.slice(0, 10), locale)}`,
    // The pack states one legal basis per answer, that of the rule the answer rests on.
    legalBasis: payload.legalBasis !== undefined && c.ruleId === payload.primaryRuleId ? payload.legalBasis : null,
  }
}
