import { eventId, type EventBody, type ReasoningEvent, type TerminalPayload } from "../../../src-shared/events/event"
import type { EngineDeps, EngineRequest } from "../../../src-main/engine/types"

// A small deterministic engine double with the real engine's contract (EngineDeps clarifications,
// clarify, counterfactualOf), for sink and store tests that must not depend on pack content.
// A question containing "unclear" closes the clarification gate; the answer becomes the summary.

export async function* scriptedEngine(
  request: EngineRequest,
  deps: EngineDeps,
): AsyncGenerator<ReasoningEvent, TerminalPayload> {
  let seq = 0
  const emit = (body: EventBody): ReasoningEvent => {
    const s = seq++
    const event = { v: 1 as const, id: eventId(request.requestId, s), requestId: request.requestId, seq: s, ts: deps.clock().toISOString(), ...body }
    if (deps.counterfactualOf !== undefined) Object.assign(event, { counterfactualOf: deps.counterfactualOf })
    return event as ReasoningEvent
  }
  const asOf = request.asOfDate ?? deps.clock().toISOString().slice(0, 10)
  const language = request.locale ?? "en"
  yield emit({ stage: "QUESTION_INTAKE", status: "started" })
  yield emit({
    stage: "QUESTION_INTAKE",
    status: "complete",
    data: {
      summary: request.question,
      normalizedQuestion: request.question.toLowerCase(),
      language,
      topic: "REGULATORY",
      queryIntent: "GENERAL",
      jurisdictionHint: "HR",
      tokenCount: request.question.split(/\s+/).length,
      gibberishRatio: 0,
      interpretationConfidence: 0.9,
      keywords: ["fixture"],
    },
  })
  yield emit({ stage: "CONTEXT_RESOLUTION", status: "started" })
  const vat = request.profile?.entity?.vat.status
  yield emit({
    stage: "CONTEXT_RESOLUTION",
    status: "complete",
    data: {
      summary: "HR · TAX · T2",
      jurisdiction: "HR",
      domain: "TAX",
      riskTier: request.question.includes("risky") ? "T0" : "T2",
      language,
      intent: "QUESTION",
      asOfDate: asOf,
      entities: [],
      confidence: 0.95,
      requiresClarification: request.question.includes("unclear"),
      userContextSnapshot: { assumedDefaults: vat === undefined ? ["vat"] : [] },
      evaluationContext: { asOf, ...(request.profile ?? {}) },
      factSources: {},
      ...(request.clientId === undefined ? {} : { clientId: request.clientId }),
    },
  })
  let answer = "none"
  if (request.question.includes("unclear")) {
    const question = { question: "Which one?", freeformAllowed: true, required: true, reason: "topic" }
    yield emit({ stage: "CLARIFICATION", status: "awaiting_input", data: question })
    // One gate only: it takes the first answer given in advance.
    const given = deps.clarifications?.[0]
    let reply: string | null = null
    if (given !== undefined) reply = given
    else if (deps.clarify !== undefined) {
      const decision = await deps.clarify(question)
      reply = decision.kind === "answer" ? decision.value : null
    }
    if (reply === null) {
      const refusal = { reason: "NEEDS_CLARIFICATION" as const, message: "Clarification was cancelled", nextSteps: ["Ask again"] }
      yield emit({ stage: "REFUSAL", status: "complete", data: refusal })
      return { outcome: "REFUSAL", ...refusal }
    }
    answer = reply
    yield emit({ stage: "CLARIFICATION", status: "complete", data: { confirmedContext: `topic ${reply}`, answer: reply } })
  }
  const sources = deps.pack.pack.sources.map((s) => ({ id: s.id, name: s.name, authority: s.authority, evidenceCount: 1 }))
  yield emit({ stage: "SOURCES", status: "started", data: { provider: deps.pack.id, total: sources.length } })
  for (const source of sources) yield emit({ stage: "SOURCES", status: "progress", data: { source } })
  yield emit({ stage: "SOURCES", status: "complete", data: { summary: `${sources.length} sources`, provider: deps.pack.id, sources } })
  yield emit({ stage: "RETRIEVAL", status: "started" })
  const ruleIds = deps.pack.pack.rules.map((r) => r.id)
  yield emit({ stage: "RETRIEVAL", status: "complete", data: { summary: "rules", concepts: [], rulesRetrieved: ruleIds.length, ruleIds } })
  yield emit({ stage: "APPLICABILITY", status: "started" })
  yield emit({
    stage: "APPLICABILITY",
    status: "complete",
    data: { summary: "ok", eligibleCount: ruleIds.length, ineligibleCount: 0, exclusions: [], eligibleRuleIds: ruleIds, coverage: [], appliesWhenEvaluated: true },
  })
  yield emit({ stage: "CONFLICTS", status: "started" })
  yield emit({ stage: "CONFLICTS", status: "complete", data: { summary: "none", conflictCount: 0, resolved: 0, unresolved: 0, canProceedWithWarning: true, conflicts: [] } })
  yield emit({ stage: "ANALYSIS", status: "started" })
  yield emit({ stage: "ANALYSIS", status: "checkpoint", data: { kind: "compare", ruleIds, detail: `answer ${answer}` } })
  yield emit({ stage: "ANALYSIS", status: "complete", data: { summary: "done", bullets: [], comparedSources: [] } })
  yield emit({ stage: "CONFIDENCE", status: "started" })
  yield emit({ stage: "CONFIDENCE", status: "complete", data: { summary: "HIGH", score: 0.87, label: "HIGH", drivers: [], evidenceStrength: "SINGLE_SOURCE" } })
  const evidence = deps.pack.pack.evidence[0]
  const rule = deps.pack.pack.rules[0]
  if (evidence === undefined || rule === undefined) throw new Error("fixture pack is empty")
  const final = {
    asOfDate: asOf,
    answerHr: `Odgovor za ${request.question}`,
    answerEn: `Answer about ${request.question} (${answer})`,
    headline: "Fixture headline",
    citations: [
      { evidenceId: evidence.id, ruleId: rule.id, role: "primary" as const, title: evidence.title, sourceName: "Fixture Source", authority: "LAW" as const, url: evidence.url, quote: evidence.quote, fetchedAt: evidence.fetchedAt },
    ],
    appliesWhenEvaluated: true,
    eligibleRuleCount: ruleIds.length,
  }
  yield emit({ stage: "ANSWER", status: "complete", data: final })
  return { outcome: "ANSWER", ...final }
}
