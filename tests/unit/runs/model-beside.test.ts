import { describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { EngineRequest } from "../../../src-main/engine/types"
import type { ModelCompanion, ModelCompanionFactory } from "../../../src-main/model/model-run"
import { besideModel } from "../../../src-main/runs/model-beside"

// Which model a run gets (issue 24): the caller's (the CLI's --model), else the host's provider as
// it is set now, never for a what-if re-run; off, the run's events and audit options are untouched.

const request = { requestId: "r1", question: "Koja je stopa PDV-a?", engineVersion: 5 } as unknown as EngineRequest
const run = { clock: () => new Date("2025-06-01T10:00:00Z") }
const withoutModel = { nextEventReady: () => true }

async function* engine(): AsyncGenerator<ReasoningEvent, unknown> {
  // No events are needed: what is compared is which generator the run reads.
  yield* []
  return undefined
}

function companion(name: string, asked: string[]): ModelCompanionFactory {
  return () => {
    asked.push(name)
    const made: ModelCompanion = { beside: (events) => (async function* () { yield* events })(), trailer: () => [] }
    return made
  }
}

describe("the model beside a run", () => {
  it("off (no caller's model, provider off): the engine's own generator and audit options", () => {
    const generator = engine()
    const asked: string[] = []
    const chosen = besideModel(generator, { given: undefined, provider: () => undefined, hypothetical: false }, request, run, withoutModel)
    expect(chosen.events).toBe(generator)
    expect(chosen.audit).toBe(withoutModel)
    expect(asked).toEqual([])
  })

  it("the host's provider when it is on, with a trailer for the audit sink", () => {
    const generator = engine()
    const asked: string[] = []
    const chosen = besideModel(generator, { given: undefined, provider: () => companion("provider", asked), hypothetical: false }, request, run, withoutModel)
    expect(asked).toEqual(["provider"])
    expect(chosen.events).not.toBe(generator)
    expect(chosen.audit.trailer?.(12)).toEqual([])
  })

  it("the caller's model wins over the provider, which is then not even asked", () => {
    const asked: string[] = []
    let providerAsked = false
    besideModel(engine(), { given: companion("cli", asked), provider: () => ((providerAsked = true), companion("provider", asked)), hypothetical: false }, request, run, withoutModel)
    expect(asked).toEqual(["cli"])
    expect(providerAsked).toBe(false)
  })

  it("a what-if re-run never asks the provider", () => {
    const generator = engine()
    let providerAsked = false
    const chosen = besideModel(generator, { given: undefined, provider: () => ((providerAsked = true), undefined), hypothetical: true }, request, run, withoutModel)
    expect(providerAsked).toBe(false)
    expect(chosen.events).toBe(generator)
  })
})
