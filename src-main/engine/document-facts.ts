import type { EventBody, ReasoningEvent, TerminalPayload } from "../../src-shared/events/event"
import { RunDocuments, type DocumentEvidence, type DocumentFact, type DocumentFactField, type RunDocument } from "../../src-shared/run-documents"
import { documentFactLines, documentLabel } from "./document-facts-text"
import { Run } from "./run"
import { cancelledTerminal } from "./stage-limit"
import type { EngineDeps, EngineRequest, ReasoningEngine } from "./types"
import { ENGINE_VERSION } from "./version"

// Questions about a client document's own facts (seed 002's Inquire, issue 22): "Tko je kupac na
// @R-2025-001?", "What is the total of @R-7?". The run's frozen request carries the documents the
// question names with their extracted e-invoice fields (src-shared/run-documents.ts), so this reads
// plain data and never the store; a replay reads the same request and yields the same events. The
// answer states the fields exactly as the document writes them and names the document and the
// fields it read as its evidence. A question that asks about no field of a document, or asks for
// a judgement (audit, compare, summary), or names only documents that are not e-invoices, goes to
// the rule engine unchanged: the documents stay recorded in its request.

type FieldGroup = "seller" | "buyer" | "oib" | "number" | "dates" | "totals" | "vat"

/** Word beginnings (lower case, no diacritics) that ask for a group of fields, Croatian and English. */
const GROUP_WORDS: Record<FieldGroup, readonly string[]> = {
  seller: ["prodava", "dobavlj", "izdavatelj", "izdao", "izdala", "seller", "supplier", "vendor", "issuer"],
  buyer: ["kupac", "kupc", "primatelj", "buyer", "customer", "purchaser"],
  oib: ["oib"],
  number: ["broj", "number"],
  // Not "due": "the amount due" asks for a total, not a date ("when is it due" has "when").
  dates: ["datum", "izdan", "dospije", "kada", "date", "issued", "when"],
  totals: ["ukupn", "iznos", "platiti", "koliko", "total", "amount", "payable", "sum"],
  vat: ["pdv", "vat", "stop", "osnovic", "porez", "rate", "tax"],
}

/** A judgement of the document, not a read of its fields: the rule engine's (or an audit's) work. */
const JUDGEMENT_WORDS = ["ispravn", "tocn", "provjer", "valjan", "pogres", "usporedi", "razlik", "sazmi", "sazet", "audit", "check", "correct", "valid", "wrong", "compare", "summar"]

const GROUP_FIELDS: Record<FieldGroup, readonly DocumentFactField[]> = {
  seller: ["seller.name", "seller.oib", "seller.vatId"],
  buyer: ["buyer.name", "buyer.oib", "buyer.vatId"],
  oib: ["seller.oib", "buyer.oib"],
  number: ["number"],
  dates: ["issueDate", "dueDate"],
  totals: ["currency", "totals.taxExclusive", "totals.taxAmount", "totals.taxInclusive", "totals.payable"],
  vat: ["currency", "vat.category", "vat.rate", "vat.taxableAmount", "vat.taxAmount", "totals.taxAmount"],
}

/** The rule engine with questions about documents' fields answered from the documents. */
export function withDocumentFacts(engine: ReasoningEngine): ReasoningEngine {
  return (request, deps) => {
    const documents = documentsOf(request)
    const fields = documents === null ? [] : askedFields(request.question)
    if (documents === null || fields.length === 0 || !documents.some((d) => d.facts !== undefined)) return engine(request, deps)
    return documentFactsRun(request, documents, fields, deps)
  }
}

/** The documents a frozen request carries (store/stored-request.ts), or null when it names none. */
export function documentsOf(request: EngineRequest): RunDocument[] | null {
  const carried = (request as EngineRequest & { documents?: unknown }).documents
  if (carried === undefined) return null
  const parsed = RunDocuments.safeParse(carried)
  return parsed.success ? parsed.data : null
}

/** The fields a question asks about (none: it is not a question about a document's fields). */
export function askedFields(question: string): DocumentFactField[] {
  const words = foldWords(question)
  const starts = (stems: readonly string[]) => words.some((word) => stems.some((stem) => word.startsWith(stem)))
  if (starts(JUDGEMENT_WORDS)) return []
  const groups = (Object.keys(GROUP_WORDS) as FieldGroup[]).filter((group) => starts(GROUP_WORDS[group]))
  // "OIB kupca" asks for the buyer's OIB, not the seller's too.
  const narrowed = groups.includes("oib") && (groups.includes("seller") || groups.includes("buyer")) ? groups.filter((g) => g !== "oib") : groups
  return [...new Set(narrowed.flatMap((group) => GROUP_FIELDS[group]))]
}

function foldWords(text: string): string[] {
  const folded = text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "").replaceAll("đ", "d")
  return folded.split(/[^\p{L}\p{N}@-]+/u).filter((word) => word !== "" && !word.startsWith("@"))
}

async function* documentFactsRun(
  request: EngineRequest,
  documents: readonly RunDocument[],
  fields: readonly DocumentFactField[],
  deps: EngineDeps,
): AsyncGenerator<ReasoningEvent, TerminalPayload> {
  const run = new Run(request.requestId, deps, request.locale ?? "hr")
  const asOf = request.asOfDate ?? request.askedOn ?? deps.clock().toISOString().slice(0, 10)
  const evidence = documents.map((document) => evidenceOf(document, fields))
  const named = documents.map((d) => documentLabel(d, run.locale)).join(", ")
  const stages: EventBody[][] = [
    intakeEvents(run, request.question, named),
    [
      { stage: "CONTEXT_RESOLUTION", status: "started" },
      { stage: "CONTEXT_RESOLUTION", status: "complete", data: contextOf(run, asOf, request.clientId) },
    ],
    [
      { stage: "SOURCES", status: "started", data: { provider: "client-documents", total: documents.length } },
      { stage: "SOURCES", status: "complete", data: { summary: run.t(`Dokumenti klijenta: ${named}`, `Client documents: ${named}`), provider: "client-documents", sources: [] } },
    ],
    [
      { stage: "RETRIEVAL", status: "started" },
      { stage: "RETRIEVAL", status: "complete", data: { summary: retrievalSummary(run, evidence), concepts: [], rulesRetrieved: 0, ruleIds: [] } },
    ],
  ]
  for (const events of stages) {
    if (run.stopRequested()) return yield* finish(run, cancelledTerminal(run))
    for (const body of events) yield run.emit(body)
  }
  return yield* finish(run, answerOf(run, asOf, documents, evidence))
}

async function* finish(run: Run, terminal: TerminalPayload): AsyncGenerator<ReasoningEvent, TerminalPayload> {
  yield run.terminalEvent(terminal)
  return terminal
}

function intakeEvents(run: Run, question: string, named: string): EventBody[] {
  const words = foldWords(question)
  return [
    { stage: "QUESTION_INTAKE", status: "started" },
    {
      stage: "QUESTION_INTAKE",
      status: "complete",
      data: {
        summary: run.t(`Pitanje o podacima dokumenta: ${named}`, `A question about the facts of: ${named}`),
        normalizedQuestion: question.trim(),
        language: run.locale,
        topic: "PRODUCT",
        queryIntent: "GENERAL",
        jurisdictionHint: "HR",
        tokenCount: words.length,
        gibberishRatio: 0,
        interpretationConfidence: 1,
        keywords: words.slice(0, 12),
        engineVersion: ENGINE_VERSION,
      },
    },
  ]
}

function contextOf(run: Run, asOf: string, clientId: string | undefined) {
  return documentContext(run, asOf, clientId, run.t("Odgovor iz podataka dokumenta, ne iz pravila", "An answer from the document's own data, not from the rules"))
}

/**
 * The context of a run answered from documents (a question about a document's fields, or a document
 * action): Croatian law, its as-of date, nothing assumed, the client if any; `summary` says which.
 */
export function documentContext(run: Run, asOf: string, clientId: string | undefined, summary: string) {
  return {
    summary,
    jurisdiction: "HR" as const,
    domain: "FINANCE" as const,
    riskTier: "T0" as const,
    language: run.locale,
    intent: "QUESTION" as const,
    asOfDate: asOf,
    entities: [],
    confidence: 1,
    requiresClarification: false,
    userContextSnapshot: { assumedDefaults: [] },
    evaluationContext: { asOf },
    factSources: {},
    ...(clientId === undefined ? {} : { clientId }),
  }
}

function evidenceOf(document: RunDocument, fields: readonly DocumentFactField[]): DocumentEvidence {
  const facts: DocumentFact[] = (document.facts ?? []).filter((fact) => fields.includes(fact.field))
  return { documentId: document.id, title: document.title, contentHash: document.contentHash, facts }
}

function retrievalSummary(run: Run, evidence: readonly DocumentEvidence[]): string {
  const count = evidence.reduce((sum, e) => sum + e.facts.length, 0)
  return run.t(`Polja pročitana iz dokumenata: ${count}`, `Fields read from the documents: ${count}`)
}

function answerOf(run: Run, asOf: string, documents: readonly RunDocument[], evidence: readonly DocumentEvidence[]): TerminalPayload {
  const paragraphs = (locale: "hr" | "en") =>
    documents.map((document, i) => documentFactLines(document, evidence[i]?.facts ?? [], locale)).join("\n\n")
  const first = documents[0]
  const label = first === undefined ? "" : documentLabel(first, run.locale)
  const more = documents.length > 1 ? run.t(` i još ${documents.length - 1}`, ` and ${documents.length - 1} more`) : ""
  return {
    outcome: "ANSWER",
    asOfDate: asOf,
    answerHr: paragraphs("hr"),
    ...(run.locale === "en" ? { answerEn: paragraphs("en") } : {}),
    headline: run.t(`Prema dokumentu ${label}${more}`, `According to ${label}${more}`),
    citations: [],
    limits: [
      run.t(
        "Vrijednosti su prenesene točno kako ih dokument navodi; ovaj odgovor ne provjerava jesu li ispravne (za to: revizija e-računa).",
        "Values are given exactly as the document states them; this answer does not check whether they are right (for that: the e-invoice audit).",
      ),
    ],
    appliesWhenEvaluated: false,
    eligibleRuleCount: 0,
    documentEvidence: [...evidence],
  }
}
