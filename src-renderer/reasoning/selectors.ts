import { isTerminal, type ReasoningEvent, type TerminalEvent } from "../../src-shared/events/event"
import type { ClarificationPayload, ErrorPayload, SourceSummary } from "../../src-shared/events/payloads"
import { ReasoningStage, STEPPER_STAGES, type RiskTier } from "../../src-shared/events/stages"
import type { TraceStatus } from "../../src-shared/traces"

// Pure views over a run's events (seed 001 §6 ReasoningSelectors, plus stepper state).
// Everything the stepper, the cards and the answer show is derived here from events alone.

export interface ReasoningSelectors {
  byStage: Record<ReasoningStage, ReasoningEvent[]>
  latestByStage: Record<ReasoningStage, ReasoningEvent | undefined>
  terminal?: TerminalEvent
}

export type StepStatus = "pending" | "active" | "done" | "failed" | "awaiting" | "skipped"

export type StreamState = "idle" | "streaming" | "awaiting_input" | "ended" | "stalled" | "interrupted"

export interface StepView {
  stage: ReasoningStage
  status: StepStatus
  /** Live lines of the stage: event messages, sources found, analysis checkpoints. */
  messages: string[]
  /** The one-line summary of a completed stage. */
  summary: string | null
  /** From started to complete, by the events' own timestamps. */
  durationMs: number | null
  /** Set on the stage an ERROR terminal names (or the one it interrupted). */
  error: ErrorPayload | null
}

/** No event for this long while streaming shows the run as stalled, with retry. */
export const STALL_AFTER_MS = 30_000

export type EventOf<
  S extends ReasoningStage,
  T extends ReasoningEvent["status"] = ReasoningEvent["status"],
> = Extract<ReasoningEvent, { stage: S; status: T }>

export function selectReasoning(events: readonly ReasoningEvent[]): ReasoningSelectors {
  const byStage = Object.fromEntries(
    ReasoningStage.options.map((s) => [s, [] as ReasoningEvent[]]),
  ) as Record<ReasoningStage, ReasoningEvent[]>
  const latestByStage = Object.fromEntries(ReasoningStage.options.map((s) => [s, undefined])) as Record<
    ReasoningStage,
    ReasoningEvent | undefined
  >
  let terminal: TerminalEvent | undefined
  for (const event of events) {
    byStage[event.stage].push(event)
    latestByStage[event.stage] = event
    if (!terminal && isTerminal(event)) terminal = event
  }
  return terminal ? { byStage, latestByStage, terminal } : { byStage, latestByStage }
}

/** The first event of a stage with the given status, typed by what it is. */
export function findEvent<S extends ReasoningStage, T extends ReasoningEvent["status"]>(
  events: readonly ReasoningEvent[],
  stage: S,
  status: T,
): EventOf<S, T> | undefined {
  return events.find((e): e is EventOf<S, T> => e.stage === stage && e.status === status)
}

export function selectTerminal(events: readonly ReasoningEvent[]): TerminalEvent | undefined {
  return events.find(isTerminal)
}

/** The risk tier CONTEXT_RESOLUTION assigned; null until it completes. */
export function selectRiskTier(events: readonly ReasoningEvent[]): RiskTier | null {
  return findEvent(events, "CONTEXT_RESOLUTION", "complete")?.data.riskTier ?? null
}

/** Sources as they were found (SOURCES progress), or the final list once SOURCES completed. */
export function selectSources(events: readonly ReasoningEvent[]): SourceSummary[] {
  const complete = findEvent(events, "SOURCES", "complete")
  if (complete) return complete.data.sources
  const found: SourceSummary[] = []
  for (const event of events) {
    if (
      event.stage === "SOURCES" &&
      event.status === "progress" &&
      !found.some((s) => s.id === event.data.source.id)
    ) {
      found.push(event.data.source)
    }
  }
  return found
}

/** The open clarification question, if the run is waiting for the user. */
export function selectPendingClarification(events: readonly ReasoningEvent[]): ClarificationPayload | null {
  if (selectTerminal(events)) return null
  let pending: ClarificationPayload | null = null
  for (const event of events) {
    if (event.stage !== "CLARIFICATION") continue
    pending = event.status === "awaiting_input" ? event.data : null
  }
  return pending
}

/** The stages a stepper lists: STEPPER_STAGES, with CLARIFICATION after context when the gate closed. */
export function stepperStagesFor(events: readonly ReasoningEvent[]): ReasoningStage[] {
  const stages: ReasoningStage[] = [...STEPPER_STAGES]
  if (events.some((e) => e.stage === "CLARIFICATION"))
    stages.splice(stages.indexOf("CONTEXT_RESOLUTION") + 1, 0, "CLARIFICATION")
  return stages
}

function lineOf(event: ReasoningEvent): string | null {
  if (event.message) return event.message
  if (event.stage === "SOURCES" && event.status === "progress") return event.data.source.name
  if (event.stage === "ANALYSIS" && event.status === "checkpoint") return event.data.detail
  return null
}

/** A done stage's one line; CLARIFICATION joins what each of its rounds confirmed. */
function summaryOf(completes: readonly ReasoningEvent[]): string | null {
  const lines: string[] = []
  for (const event of completes) {
    if (event.status !== "complete" || isTerminal(event)) continue
    lines.push(event.stage === "CLARIFICATION" ? event.data.confirmedContext : event.data.summary)
  }
  return lines.length > 0 ? lines.join(" · ") : null
}

function elapsed(from: ReasoningEvent | undefined, to: ReasoningEvent | undefined): number | null {
  if (!from || !to) return null
  const ms = Date.parse(to.ts) - Date.parse(from.ts)
  return Number.isFinite(ms) && ms >= 0 ? ms : null
}

export interface StepOptions {
  /** The stored run was cut off (host stopped) and will not continue by itself. */
  interrupted?: boolean
}

/** Stepper state per stage, from the events shown so far. */
export function selectSteps(events: readonly ReasoningEvent[], options: StepOptions = {}): StepView[] {
  const terminal = selectTerminal(events)
  const error = terminal?.stage === "ERROR" ? terminal.data : null
  const ended = terminal !== undefined || options.interrupted === true
  const stages = stepperStagesFor(events)
  // Where an ERROR points: the stage it names, else the one it interrupted.
  const failedStage =
    error?.failedStage ??
    (error
      ? stages.find(
          (s) =>
            events.some((e) => e.stage === s) &&
            !events.some((e) => e.stage === s && e.status === "complete"),
        )
      : undefined)

  return stages.map((stage): StepView => {
    const own = events.filter((e) => e.stage === stage)
    const started = own.find((e) => e.status === "started") ?? own[0]
    const completes = own.filter((e) => e.status === "complete")
    // A later clarification round reopens the stage: it waits again until that one is answered.
    const awaiting = own.at(-1)?.status === "awaiting_input"
    const complete = awaiting ? undefined : completes.at(-1)
    const messages = own.map(lineOf).filter((line): line is string => line !== null)
    let status: StepStatus
    if (error && failedStage === stage) status = "failed"
    else if (complete) status = "done"
    else if (ended) status = "skipped"
    else if (awaiting) status = "awaiting"
    else if (own.length > 0) status = "active"
    else status = "pending"
    return {
      stage,
      status,
      messages,
      summary: complete ? summaryOf(completes) : null,
      durationMs: elapsed(started, complete),
      error: status === "failed" ? error : null,
    }
  })
}

/** The stage the user's attention belongs on: awaiting, failed or active; null when none is. */
export function selectCurrentStage(steps: readonly StepView[]): ReasoningStage | null {
  const focus = steps.find((s) => s.status === "awaiting" || s.status === "failed" || s.status === "active")
  return focus?.stage ?? null
}

export interface StreamInput {
  /** The events shown so far (after the display queue). */
  events: readonly ReasoningEvent[]
  /** Local ms of the latest activity (event or submit); null when nothing happened yet. */
  lastActivityAt: number | null
  storedStatus?: TraceStatus | null
  now: number
  stallAfterMs?: number
}

export function selectStreamState(input: StreamInput): StreamState {
  const { events, lastActivityAt, now } = input
  if (selectTerminal(events)) return "ended"
  if (selectPendingClarification(events)) return "awaiting_input"
  // Also a run stopped before its first event (its trace row is written as the run starts).
  if (input.storedStatus === "interrupted") return "interrupted"
  if (events.length === 0 && lastActivityAt === null) return "idle"
  if (lastActivityAt !== null && now - lastActivityAt >= (input.stallAfterMs ?? STALL_AFTER_MS))
    return "stalled"
  return "streaming"
}

/** Milliseconds since the latest activity, for "Last updated 2.1 s ago". */
export function selectSinceLastUpdate(lastActivityAt: number | null, now: number): number | null {
  return lastActivityAt === null ? null : Math.max(0, now - lastActivityAt)
}
