import { join } from "node:path"
import { expect } from "vitest"
import { eventId, isTerminal, ReasoningEvent, type TerminalEvent } from "../../../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../../../src-main/engine/pipeline"
import type { EngineRequest } from "../../../../src-main/engine/types"
import { loadPackFile, type LoadedPack } from "../../../../src-main/knowledge/loader"

// What every run must look like, whatever it was asked: events the contract accepts, seq 0..n-1
// with matching ids, exactly one terminal and it is the last event, and never ERROR INTERNAL
// (the engine's catch-all for a crash inside a stage).

export const REPO_ROOT = join(import.meta.dirname, "..", "..", "..", "..")
export const FIXED_NOW = new Date("2025-06-01T09:00:00Z")

let pack: LoadedPack | null = null

/** The shipped Croatian rule pack, loaded once per test file. */
export function shippedPack(): LoadedPack {
  pack ??= loadPackFile(join(REPO_ROOT, "resources", "packs", "hr-core.json"))
  return pack
}

/** Runs the engine to its end; a clarification gate is answered with `clarifications` in order. */
export async function runEngine(request: Omit<EngineRequest, "requestId">, clarifications: readonly string[] = ["confirm", "confirm"]): Promise<ReasoningEvent[]> {
  const events: ReasoningEvent[] = []
  const generator = buildAnswerWithReasoning({ requestId: "req_hostile", ...request }, { pack: shippedPack(), clock: () => FIXED_NOW, clarifications })
  for await (const event of generator) events.push(event)
  return events
}

export function terminalOf(events: readonly ReasoningEvent[]): TerminalEvent {
  const terminal = events.at(-1)
  if (!terminal || !isTerminal(terminal)) throw new Error(`the run did not end in a terminal event (last: ${terminal?.stage ?? "none"})`)
  return terminal
}

export function expectWellFormedRun(events: readonly ReasoningEvent[]): TerminalEvent {
  expect(events.length).toBeGreaterThan(0)
  events.forEach((event, index) => {
    const parsed = ReasoningEvent.safeParse(event)
    expect(parsed.success, `event ${index} (${event.stage} ${event.status}) is outside the contract`).toBe(true)
    expect(event.seq).toBe(index)
    expect(event.id).toBe(eventId(event.requestId, index))
  })
  expect(events.filter(isTerminal)).toHaveLength(1)
  const terminal = terminalOf(events)
  if (terminal.stage === "ERROR") expect(terminal.data.code, `the engine crashed: ${terminal.data.message}`).not.toBe("INTERNAL")
  return terminal
}
