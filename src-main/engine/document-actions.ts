import type { Difference, EInvoice, Finding } from "../../src-shared/einvoice"
import type { Locale } from "../../src-shared/events/stages"
import type { EventBody, ReasoningEvent, TerminalPayload } from "../../src-shared/events/event"
import { isIsoDate } from "../../src-shared/format/dates"
import { DocumentAction, type DocumentEvidence, type RunDocument } from "../../src-shared/run-documents"
import { auditText, compareText } from "./document-action-text"
import { auditEInvoice, compareEInvoices } from "./document-audit"
import { documentContext, documentsOf } from "./document-facts"
import { documentLabel } from "./document-facts-text"
import { summaryText } from "./document-summary"
import { buildError } from "./refusal-policy"
import { Run } from "./run"
import { cancelledTerminal } from "./stage-limit"
import type { EngineDeps, EngineRequest, ReasoningEngine } from "./types"
import { ENGINE_VERSION } from "./version"

// Seed 002's document actions as runs (issue 22): an e-invoice audit, a comparison of two, a
// summary of one. The request names the action and carries its documents, parsed, in order
// (src-shared/run-documents.ts), so a replay computes the same findings from the request and the
// trace's own pack, never from the files. The run streams its stages like a question and ends in
// one terminal: the answer (the findings, the differences or the summary, with the documents and
// the fields they rest on as evidence), or a refusal when a document is not what the action needs.
// A request without an action goes to the engine it wraps unchanged.

type Body = AsyncGenerator<ReasoningEvent, TerminalPayload>

/** What an action found, before it is an answer: its words in either language, its evidence, its checks. */
interface Outcome {
  text: (locale: Locale) => string
  headline: string
  evidence: DocumentEvidence[]
  findings?: Finding[]
  /** A comparison's differences, field by field. */
  differences?: Difference[]
  /** The pack's rules the findings cite (an audit's VAT rate rules). */
  ruleIds: string[]
  /** One line per check, shown as the analysis stage's checkpoints. */
  checks: string[]
}

export function withDocumentActions(engine: ReasoningEngine): ReasoningEngine {
  return (request, deps) => {
    const action = actionOf(request)
    if (action === null) return engine(request, deps)
    return actionRun(request, action, documentsOf(request) ?? [], deps)
  }
}

/** The action a frozen request names (store/stored-request.ts), or null for a question. */
export function actionOf(request: EngineRequest): DocumentAction | null {
  const named = (request as EngineRequest & { action?: unknown }).action
  if (named === undefined) return null
  const parsed = DocumentAction.safeParse(named)
  return parsed.success ? parsed.data : null
}

async function* actionRun(request: EngineRequest, action: DocumentAction, documents: readonly RunDocument[], deps: EngineDeps): Body {
  const run = new Run(request.requestId, deps, request.locale ?? "hr")
  const named = documents.map((d) => documentLabel(d, run.locale)).join(", ")
  const asOf = action.asOf ?? issueDateOf(documents[0]) ?? request.asOfDate ?? request.askedOn ?? deps.clock().toISOString().slice(0, 10)
  const opening: EventBody[][] = [
    intakeEvents(run, request.question, action, named),
    [
      { stage: "CONTEXT_RESOLUTION", status: "started" },
      { stage: "CONTEXT_RESOLUTION", status: "complete", data: contextOf(run, asOf, request.clientId) },
    ],
    [
      { stage: "SOURCES", status: "started", data: { provider: "client-documents", total: documents.length } },
      { stage: "SOURCES", status: "complete", data: { summary: run.t(`Dokumenti klijenta: ${named}`, `Client documents: ${named}`), provider: "client-documents", sources: [] } },
    ],
  ]
  for (const events of opening) {
    if (run.stopRequested()) return yield* finish(run, cancelledTerminal(run))
    for (const body of events) yield run.emit(body)
  }
  const computed = outcomeOf(run, action, documents, asOf)
  if ("outcome" in computed) return yield* finish(run, computed)
  const closing: EventBody[][] = [
    [
      { stage: "RETRIEVAL", status: "started" },
      {
        stage: "RETRIEVAL",
        status: "complete",
        data: { summary: retrievalSummary(run, computed.ruleIds), concepts: [], rulesRetrieved: computed.ruleIds.length, ruleIds: computed.ruleIds },
      },
    ],
    [
      { stage: "ANALYSIS", status: "started" },
      ...computed.checks.map((detail): EventBody => ({ stage: "ANALYSIS", status: "checkpoint", data: { kind: `document-${action.kind}`, ruleIds: [], detail } })),
      { stage: "ANALYSIS", status: "complete", data: { summary: computed.headline, bullets: computed.checks, comparedSources: documents.map((d) => d.title) } },
    ],
  ]
  for (const events of closing) {
    if (run.stopRequested()) return yield* finish(run, cancelledTerminal(run))
    for (const body of events) yield run.emit(body)
  }
  return yield* finish(run, answerOf(run, action, asOf, computed))
}

async function* finish(run: Run, terminal: TerminalPayload): Body {
  yield run.terminalEvent(terminal)
  return terminal
}

/** The action's result, or the refusal when its documents are not what it needs (or an internal error). */
function outcomeOf(run: Run, action: DocumentAction, documents: readonly RunDocument[], asOf: string): Outcome | TerminalPayload {
  const [first, second] = documents
  try {
    if (action.kind === "summarize") return first === undefined ? missing(run, action) : summary(run, first)
    if (first?.invoice === undefined) return notEInvoice(run, action, first)
    if (action.kind === "audit") return audit(run, first, first.invoice, asOf)
    if (second?.invoice === undefined) return second === undefined ? missing(run, action) : notEInvoice(run, action, second)
    return compare(run, [first, second], [first.invoice, second.invoice])
  } catch {
    return { outcome: "ERROR", ...buildError("INTERNAL", run.locale, run.requestId, "ANALYSIS") }
  }
}

function audit(run: Run, document: RunDocument, invoice: EInvoice, asOf: string): Outcome {
  const findings = auditEInvoice(invoice, run.pack, { asOf })
  const paths = new Set(findings.map((f) => f.path))
  const ruleIds = [...new Set(findings.flatMap((f) => (f.citation?.source === "PACK" ? [f.citation.ruleId] : [])))]
  const count = (severity: Finding["severity"]) => findings.filter((f) => f.severity === severity).length
  const errors = count("error")
  const label = (locale: Locale) => documentLabel(document, locale)
  const pack = `${run.pack.id} ${run.pack.version}`
  return {
    text: (locale) => auditText(label(locale), findings, pack, locale),
    headline:
      errors === 0
        ? run.t(`E-račun ${label("hr")}: bez grešaka`, `E-invoice ${label("en")}: no errors`)
        : run.t(`E-račun ${label("hr")}: grešaka ${errors}`, `E-invoice ${label("en")}: ${errors} error(s)`),
    evidence: [evidenceOf(document, (path) => paths.has(path))],
    findings,
    ruleIds,
    checks: [
      run.t(`Greške: ${errors}`, `Errors: ${errors}`),
      run.t(`Upozorenja: ${count("warning")}`, `Warnings: ${count("warning")}`),
      run.t(`Napomene: ${count("info")}`, `Notes: ${count("info")}`),
      run.t(`Stope PDV-a provjerene prema paketu ${pack} na dan ${asOf}`, `VAT rates checked against pack ${pack} for ${asOf}`),
    ],
  }
}

function compare(run: Run, documents: readonly [RunDocument, RunDocument], invoices: readonly [EInvoice, EInvoice]): Outcome {
  const [a, b] = documents
  const differences: Difference[] = compareEInvoices(invoices[0], invoices[1])
  const taxRelevant = differences.filter((d) => d.taxRelevant === true).length
  const pathsA = new Set(differences.flatMap((d) => (d.pathA === undefined ? [] : [d.pathA])))
  const pathsB = new Set(differences.flatMap((d) => (d.pathB === undefined ? [] : [d.pathB])))
  const labels = (locale: Locale): [string, string] => [documentLabel(a, locale), documentLabel(b, locale)]
  return {
    text: (locale) => compareText(labels(locale), differences, locale),
    headline: run.t(`${labels("hr").join(" i ")}: razlika ${differences.length}`, `${labels("en").join(" and ")}: ${differences.length} difference(s)`),
    evidence: [evidenceOf(a, (path) => pathsA.has(path)), evidenceOf(b, (path) => pathsB.has(path))],
    differences,
    ruleIds: [],
    checks: [
      run.t(`Polja koja se razlikuju: ${differences.length}`, `Fields that differ: ${differences.length}`),
      run.t(`Od toga važnih za porez: ${taxRelevant}`, `Of these, matter for tax: ${taxRelevant}`),
    ],
  }
}

function summary(run: Run, document: RunDocument): Outcome {
  return {
    text: (locale) => summaryText(document, locale),
    headline: run.t(`Sažetak: ${documentLabel(document, "hr")}`, `Summary: ${documentLabel(document, "en")}`),
    evidence: [evidenceOf(document, () => true)],
    ruleIds: [],
    checks: [
      document.invoice === undefined
        ? run.t("Dokument nije e-račun: prikazan je početak teksta", "Not an e-invoice: the beginning of its text is shown")
        : run.t(`Stavaka na računu: ${document.invoice.lines.length}`, `Invoice lines: ${document.invoice.lines.length}`),
    ],
  }
}

/** The document with the fields the answer read (all of them, or those at the paths it names). */
function evidenceOf(document: RunDocument, read: (path: string) => boolean): DocumentEvidence {
  const facts = (document.facts ?? []).filter((fact) => fact.field === "number" || read(fact.path))
  return { documentId: document.id, title: document.title, contentHash: document.contentHash, facts }
}

function notEInvoice(run: Run, action: DocumentAction, document: RunDocument | undefined): TerminalPayload {
  if (document === undefined) return missing(run, action)
  const label = documentLabel(document, run.locale)
  const what = action.kind === "audit" ? run.t("revidirati", "audited") : run.t("usporediti polje po polje", "compared field by field")
  return {
    outcome: "REFUSAL",
    reason: "OUT_OF_SCOPE",
    message: run.t(
      `Dokument ${label} nije e-račun (UBL 2.1 ili CII), pa se ne može ${what}.`,
      `Document ${label} is not an e-invoice (UBL 2.1 or CII), so it cannot be ${what}.`,
    ),
    nextSteps: [run.t("Odaberite XML datoteku e-računa ili zatražite sažetak dokumenta.", "Choose an e-invoice XML file, or ask for the document's summary.")],
  }
}

function missing(run: Run, action: DocumentAction): TerminalPayload {
  return {
    outcome: "REFUSAL",
    reason: "MISSING_CLIENT_DATA",
    message: run.t(
      action.kind === "compare" ? "Za usporedbu su potrebna dva dokumenta." : "Radnja nema dokumenta na kojem bi se izvela.",
      action.kind === "compare" ? "A comparison needs two documents." : "The action has no document to work on.",
    ),
    nextSteps: [],
  }
}

const ACTION_NAMES = {
  audit: { hr: "Revizija e-računa", en: "E-invoice audit" },
  compare: { hr: "Usporedba dokumenata", en: "Document comparison" },
  summarize: { hr: "Sažetak dokumenta", en: "Document summary" },
} as const

function intakeEvents(run: Run, question: string, action: DocumentAction, named: string): EventBody[] {
  const name = ACTION_NAMES[action.kind]
  return [
    { stage: "QUESTION_INTAKE", status: "started" },
    {
      stage: "QUESTION_INTAKE",
      status: "complete",
      data: {
        summary: run.t(`${name.hr}: ${named}`, `${name.en}: ${named}`),
        normalizedQuestion: question.trim(),
        language: run.locale,
        topic: "PRODUCT",
        queryIntent: "GENERAL",
        jurisdictionHint: "HR",
        tokenCount: question.trim().split(/\s+/u).filter((w) => w !== "").length,
        gibberishRatio: 0,
        interpretationConfidence: 1,
        keywords: [action.kind],
        engineVersion: ENGINE_VERSION,
      },
    },
  ]
}

function contextOf(run: Run, asOf: string, clientId: string | undefined) {
  return documentContext(run, asOf, clientId, run.t("Radnja nad dokumentima klijenta, iz podataka zapisanih u zahtjevu", "An action on the client's documents, from the data recorded in the request"))
}

function retrievalSummary(run: Run, ruleIds: readonly string[]): string {
  return ruleIds.length === 0
    ? run.t("Nalazi se pozivaju na pravila EN 16931 i polja dokumenta", "The findings cite EN 16931 rules and the document's fields")
    : run.t(`Pravila paketa na koja se nalazi pozivaju: ${ruleIds.join(", ")}`, `Pack rules the findings cite: ${ruleIds.join(", ")}`)
}

function issueDateOf(document: RunDocument | undefined): string | undefined {
  const date = document?.invoice?.issueDate?.value
  return date !== undefined && isIsoDate(date) ? date : undefined
}

function answerOf(run: Run, action: DocumentAction, asOf: string, outcome: Outcome): TerminalPayload {
  return {
    outcome: "ANSWER",
    asOfDate: asOf,
    answerHr: outcome.text("hr"),
    ...(run.locale === "en" ? { answerEn: outcome.text("en") } : {}),
    headline: outcome.headline,
    citations: [],
    limits: [LIMITS[action.kind][run.locale]],
    appliesWhenEvaluated: false,
    eligibleRuleCount: outcome.ruleIds.length,
    documentEvidence: outcome.evidence,
    documentAction: action.kind,
    ...(outcome.findings === undefined ? {} : { documentFindings: outcome.findings }),
    ...(outcome.differences === undefined ? {} : { documentDifferences: outcome.differences }),
  }
}

const LIMITS = {
  audit: {
    hr: "Revizija provjerava pravila EN 16931, OIB-e, aritmetiku i stope PDV-a prema paketu pravila; vlastita pravila HR CIUS (HR-BR-*) nisu provjerena jer njihov službeni tekst nije bio dostupan za citiranje.",
    en: "The audit checks EN 16931 rules, OIBs, arithmetic and VAT rates against the rule pack; HR CIUS rules of its own (HR-BR-*) are not checked, as no official text of them was available to cite.",
  },
  compare: {
    hr: "Iznosi se uspoređuju kao brojevi, sve ostalo kao tekst; usporedba ne kaže koji je dokument ispravan.",
    en: "Amounts compare as numbers, everything else as text; the comparison does not say which document is right.",
  },
  summarize: {
    hr: "Sažetak prenosi što dokument navodi i ne provjerava jesu li podaci ispravni (za to: revizija e-računa).",
    en: "The summary restates what the document says and does not check it (for that: the e-invoice audit).",
  },
} as const
