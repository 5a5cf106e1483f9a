import type { ProfileContext } from "../../../src-shared/context"
import type { ReasoningEvent, TerminalPayload } from "../../../src-shared/events/event"
import type { Locale } from "../../../src-shared/events/stages"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { Run, type StageGenerator, type StageOutcome } from "../../../src-main/engine/run"
import type { EngineDeps, EngineRequest } from "../../../src-main/engine/types"
import type { LoadedPack } from "../../../src-main/knowledge/loader"
import { syntheticPack } from "../../fixtures/packs"

// Running the engine in tests: a fixed clock, and helpers that drain generators.

export const NOW = "2025-06-01T10:00:00.000Z"
export const fixedClock =
  (iso = NOW) =>
  () =>
    new Date(iso)

export interface Outcome {
  events: ReasoningEvent[]
  terminal: TerminalPayload | undefined
}

export async function drain(generator: AsyncGenerator<ReasoningEvent, TerminalPayload>): Promise<Outcome> {
  const events: ReasoningEvent[] = []
  for (;;) {
    const step = await generator.next()
    if (step.done) return { events, terminal: step.value }
    events.push(step.value)
  }
}

export interface AskOptions extends Partial<EngineDeps> {
  asOf?: string
  profile?: ProfileContext
  locale?: Locale
  requestId?: string
  previousTurn?: EngineRequest["previousTurn"]
}

/** A whole run that must not stop for input (pass answers in `clarifications`). */
export async function ask(question: string, options: AskOptions = {}): Promise<Outcome> {
  const { asOf, profile, locale, requestId, previousTurn, ...deps } = options
  const request = {
    requestId: requestId ?? "req_test",
    question,
    ...(asOf ? { asOfDate: asOf } : {}),
    ...(previousTurn ? { previousTurn } : {}),
    ...(profile ? { profile } : {}),
    ...(locale ? { locale } : {}),
  }
  return drain(buildAnswerWithReasoning(request, { pack: syntheticPack(), clock: fixedClock(), ...deps }))
}

/** Events up to the first awaiting_input (the run is then closed the way a consumer would). */
export async function askUntilInput(question: string, options: AskOptions = {}): Promise<ReasoningEvent[]> {
  const { asOf, profile, locale, ...deps } = options
  const generator = buildAnswerWithReasoning(
    {
      requestId: "req_test",
      question,
      ...(asOf ? { asOfDate: asOf } : {}),
      ...(profile ? { profile } : {}),
      ...(locale ? { locale } : {}),
    },
    { pack: syntheticPack(), clock: fixedClock(), ...deps },
  )
  const events: ReasoningEvent[] = []
  for await (const event of generator) {
    events.push(event)
    if (event.status === "awaiting_input") break
  }
  return events
}

export function testRun(
  pack: LoadedPack = syntheticPack(),
  locale: Locale = "hr",
  deps: Partial<EngineDeps> = {},
): Run {
  return new Run("req_stage", { pack, clock: fixedClock(), ...deps }, locale)
}

/** Drains one stage: its events and what it handed on. */
export async function runStage<T>(
  stage: StageGenerator<T>,
): Promise<{ events: ReasoningEvent[]; outcome: StageOutcome<T> }> {
  const events: ReasoningEvent[] = []
  for (;;) {
    const step = await stage.next()
    if (step.done) return { events, outcome: step.value }
    events.push(step.value)
  }
}

export function terminalOf(outcome: Outcome): ReasoningEvent {
  const last = outcome.events[outcome.events.length - 1]
  if (!last) throw new Error("no events")
  return last
}

export function stagesOf(events: readonly ReasoningEvent[]): string[] {
  return events.map((e) => `${e.stage}:${e.status}`)
}

/** The state after RETRIEVAL of a run of `question` (rebuilt from its events, as a what-if would). */
export async function retrievalState(question: string, options: AskOptions = {}) {
  const { retrievalStateFromEvents } = await import("../../../src-main/engine/replay-state")
  const outcome = await ask(question, options)
  return retrievalStateFromEvents(outcome.events, options.pack ?? syntheticPack())
}

/** A RetrievalState for the given concepts of a pack, as if a run had matched them. */
export async function stateOf(
  slugs: string[],
  context: import("../../../src-shared/context").EvaluationContext,
  options: {
    factSources?: Record<string, import("../../../src-shared/context").FactSource>
    profileGiven?: boolean
    pack?: LoadedPack
    assumedDefaults?: string[]
  } = {},
): Promise<import("../../../src-main/engine/state").RetrievalState> {
  const { candidateRules, summarizeSources } = await import("../../../src-main/engine/stages/sources")
  const run = testRun(options.pack)
  const concepts = slugs.map((slug) => ({ slug, nameHr: slug, nameEn: slug, score: 1, matchedBy: ["test"] }))
  const rules = candidateRules(run, concepts)
  return {
    locale: "hr",
    context,
    factSources: options.factSources ?? {},
    assumedDefaults: options.assumedDefaults ?? [],
    profileGiven: options.profileGiven ?? false,
    concepts,
    rules,
    sources: summarizeSources(run, rules),
  }
}
