import { describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { createConcurrencyGate } from "../../../src-main/engine/concurrency-gate"
import { buildAnswerWithReasoning, continueFromRetrieval } from "../../../src-main/engine/pipeline"
import { retrievalStateFromEvents } from "../../../src-main/engine/replay-state"
import type { LoadedPack } from "../../../src-main/knowledge/loader"
import { syntheticPack } from "../../fixtures/packs"
import { ask, askUntilInput, drain, fixedClock, NOW, stagesOf, terminalOf } from "./helpers"

describe("buildAnswerWithReasoning", () => {
  it("streams every stage in order and ends in one ANSWER that is also returned", async () => {
    const { events, terminal } = await ask("Koji je prag za PDV?", { asOf: "2025-03-01" })
    expect(stagesOf(events)).toEqual([
      "QUESTION_INTAKE:started",
      "QUESTION_INTAKE:complete",
      "CONTEXT_RESOLUTION:started",
      "CONTEXT_RESOLUTION:complete",
      "SOURCES:started",
      "SOURCES:progress",
      "SOURCES:progress",
      "SOURCES:complete",
      "RETRIEVAL:started",
      "RETRIEVAL:complete",
      "APPLICABILITY:started",
      "APPLICABILITY:complete",
      "CONFLICTS:started",
      "CONFLICTS:complete",
      "ANALYSIS:started",
      "ANALYSIS:checkpoint",
      "ANALYSIS:checkpoint",
      "ANALYSIS:complete",
      "CONFIDENCE:started",
      "CONFIDENCE:complete",
      "ANSWER:complete",
    ])
    events.forEach((e, i) => {
      expect(e).toMatchObject({
        v: 1,
        requestId: "req_test",
        seq: i,
        id: `req_test_${String(i).padStart(3, "0")}`,
        ts: NOW,
      })
    })
    const answer = terminalOf({ events, terminal })
    expect(answer.stage).toBe("ANSWER")
    expect(terminal).toMatchObject({ outcome: "ANSWER", asOfDate: "2025-03-01", eligibleRuleCount: 1 })
    if (answer.stage === "ANSWER") expect({ outcome: "ANSWER", ...answer.data }).toEqual(terminal)
  })

  it("refuses out-of-scope questions right after intake", async () => {
    const outcome = await ask("Kako promijeniti lozinku u aplikaciji?")
    expect(stagesOf(outcome.events)).toEqual([
      "QUESTION_INTAKE:started",
      "QUESTION_INTAKE:complete",
      "REFUSAL:complete",
    ])
    expect(outcome.terminal).toMatchObject({ outcome: "REFUSAL", reason: "OUT_OF_SCOPE" })
  })

  it("refuses a foreign jurisdiction right after context resolution", async () => {
    const outcome = await ask("Koliki je prag za PDV u Sloveniji?")
    expect(stagesOf(outcome.events).slice(-2)).toEqual(["CONTEXT_RESOLUTION:complete", "REFUSAL:complete"])
    expect(outcome.terminal).toMatchObject({ reason: "UNSUPPORTED_JURISDICTION" })
  })

  it("refuses when matched concepts have only draft rules (no sources)", async () => {
    const outcome = await ask("Koliki je paušalni porez?", { clarifications: ["confirm"] })
    expect(stagesOf(outcome.events).slice(-2)).toEqual(["SOURCES:complete", "REFUSAL:complete"])
    expect(outcome.terminal).toMatchObject({ reason: "NO_CITABLE_RULES" })
  })

  it("marks every event of a counterfactual run", async () => {
    const { events } = await ask("Koji je prag za PDV?", { counterfactualOf: "req_base" })
    expect(events.every((e) => e.counterfactualOf === "req_base")).toBe(true)
  })

  it("does not change the caller's profile and does not see later changes to it", async () => {
    const profile = { counters: { revenueYtd: 3000 } }
    const generator = buildAnswerWithReasoning(
      { requestId: "r", question: "Moram li ući u sustav PDV-a?", profile, asOfDate: "2025-03-01" },
      { pack: syntheticPack(), clock: fixedClock(), clarifications: ["confirm"] },
    )
    const first = await generator.next()
    profile.counters.revenueYtd = 1
    const rest = await drain(generator)
    expect(first.done).toBe(false)
    expect(Object.isFrozen(profile)).toBe(false)
    expect(rest.terminal).toMatchObject({
      outcome: "ANSWER",
      answerHr: expect.stringContaining("3.000,00 EUR"),
    })
  })

  it("holds the deliberate pause before the answer and still answers", async () => {
    const { terminal } = await ask("Koji je prag za PDV?", { deliberatePauseMs: 2 })
    expect(terminal?.outcome).toBe("ANSWER")
  })
})

describe("clarification", () => {
  it("stops at awaiting_input when nobody can answer, and closing the run releases the gate", async () => {
    const gate = createConcurrencyGate(1)
    const events = await askUntilInput("Koliki je prirez?", { gate })
    expect(events[events.length - 1]).toMatchObject({
      stage: "CLARIFICATION",
      status: "awaiting_input",
      data: { required: true },
    })
    expect(gate.active).toBe(0)
  })

  it("continues with a pre-supplied answer exactly as with the same answer from a callback", async () => {
    const supplied = await ask("Koliki je prirez?", { clarifications: ["confirm"] })
    const asked = await ask("Koliki je prirez?", {
      clarify: async () => ({ kind: "answer", value: "confirm" }),
    })
    expect(asked.events).toEqual(supplied.events)
    expect(stagesOf(supplied.events)).toContain("CLARIFICATION:complete")
    expect(supplied.terminal).toMatchObject({
      outcome: "REFUSAL",
      reason: "MISSING_CLIENT_DATA",
      requiredFields: ["entity.location.county"],
    })
  })

  it("a cancel ends in NEEDS_CLARIFICATION right after the clarification", async () => {
    const outcome = await ask("Koliki je prirez?", { clarify: async () => ({ kind: "cancel" }) })
    expect(stagesOf(outcome.events).slice(-3)).toEqual([
      "CLARIFICATION:awaiting_input",
      "CLARIFICATION:complete",
      "REFUSAL:complete",
    ])
    expect(outcome.terminal).toMatchObject({ reason: "NEEDS_CLARIFICATION" })
    expect((await ask("Koliki je prirez?", { clarifications: ["cancel"] })).events).toEqual(outcome.events)
  })
})

describe("fail-closed errors", () => {
  it("a full gate ends the run at once in ERROR CAPACITY", async () => {
    const gate = createConcurrencyGate(1)
    expect(gate.tryAcquire()).toBe(true)
    const outcome = await ask("Koji je prag za PDV?", { gate })
    expect(stagesOf(outcome.events)).toEqual(["ERROR:complete"])
    expect(outcome.terminal).toMatchObject({
      outcome: "ERROR",
      code: "CAPACITY",
      correlationId: "req_test",
      retriable: true,
    })
    expect(gate.active).toBe(1)
  })

  it("a stage over its time limit ends in ERROR TIMEOUT naming the stage", async () => {
    let now = Date.parse(NOW)
    const generator = buildAnswerWithReasoning(
      { requestId: "r", question: "Koji je prag za PDV?" },
      { pack: syntheticPack(), clock: () => new Date(now), stageTimeoutMs: 1000 },
    )
    const events: ReasoningEvent[] = []
    for await (const event of generator) {
      events.push(event)
      if (event.stage === "SOURCES" && event.status === "started") now += 5000
    }
    expect(events[events.length - 1]).toMatchObject({
      stage: "ERROR",
      data: { code: "TIMEOUT", failedStage: "SOURCES", correlationId: "r" },
    })
    expect(events.filter((e) => e.stage === "ERROR")).toHaveLength(1)
  })

  it("an answer whose citation lost its quote becomes ERROR VALIDATION_FAILED", async () => {
    const pack = structuredClone(syntheticPack()) as LoadedPack
    for (const evidence of pack.pack.evidence) evidence.quote = ""
    const outcome = await ask("Koji je prag za PDV?", { pack })
    expect(outcome.terminal).toMatchObject({
      outcome: "ERROR",
      code: "VALIDATION_FAILED",
      correlationId: "req_test",
      failedStage: "ANSWER",
    })
  })

  it("an unexpected exception becomes exactly one ERROR INTERNAL after the events already emitted", async () => {
    let calls = 0
    const clock = () => {
      calls += 1
      if (calls === 12) throw new Error("clock failure")
      return new Date(NOW)
    }
    const outcome = await ask("Koji je prag za PDV?", { clock })
    expect(outcome.terminal).toMatchObject({ outcome: "ERROR", code: "INTERNAL" })
    expect(outcome.events.filter((e) => e.stage === "ERROR")).toHaveLength(1)
    outcome.events.forEach((e, i) => expect(e.seq).toBe(i))
  })
})

describe("continueFromRetrieval", () => {
  it("re-runs applicability onwards on a changed context, reusing the stored retrieval", async () => {
    const base = await ask("Moram li ući u sustav PDV-a ako mi je promet 3.000 eura?", { asOf: "2025-03-01" })
    expect(base.terminal).toMatchObject({
      outcome: "ANSWER",
      headline: "SINTETSKO: promet iznad 2.000 EUR znači ulazak u sustav.",
      primaryRuleId: "syn.obveza.iznad",
    })
    const state = retrievalStateFromEvents(base.events, syntheticPack())
    const hypothetical = await drain(
      continueFromRetrieval(
        { requestId: "req_cf", state, context: { ...state.context, counters: { revenueYtd: 1500 } } },
        { pack: syntheticPack(), clock: fixedClock(), counterfactualOf: "req_test" },
      ),
    )
    expect(hypothetical.events[0]).toMatchObject({
      stage: "APPLICABILITY",
      status: "started",
      seq: 0,
      requestId: "req_cf",
      counterfactualOf: "req_test",
    })
    expect(hypothetical.terminal).toMatchObject({
      outcome: "ANSWER",
      headline: "SINTETSKO: promet do 2.000 EUR ne obvezuje na ulazak.",
      primaryRuleId: "syn.obveza.ispod",
    })
  })

  it("with the original context reproduces the original terminal", async () => {
    const base = await ask("Koliki je rok za PDV prijavu?", { asOf: "2025-03-01" })
    const state = retrievalStateFromEvents(base.events, syntheticPack())
    const again = await drain(
      continueFromRetrieval({ requestId: "req_test", state }, { pack: syntheticPack(), clock: fixedClock() }),
    )
    expect(again.terminal).toEqual(base.terminal)
  })

  it("refuses to rebuild a run that never reached retrieval", async () => {
    const refused = await ask("Kako promijeniti lozinku u aplikaciji?")
    expect(() => retrievalStateFromEvents(refused.events, syntheticPack())).toThrow(/did not reach RETRIEVAL/)
  })
})
