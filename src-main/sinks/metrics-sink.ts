import type { ReasoningEvent } from "../../src-shared/events/event"
import type { ReasoningStage, TerminalOutcome } from "../../src-shared/events/stages"
import { isTerminalStage } from "../../src-shared/events/stages"
import type { ReasoningSink } from "./types"

// Per-run timing: how long each stage took, and the time to first useful stage (TTFUS, seed 001
// §11: submit -> context resolved and the first source visible), i.e. the first SOURCES progress
// event after CONTEXT_RESOLUTION complete, measured from the run's first event (waits for a
// clarification answer left out).

/**
 * A run's clock: fed (event, time in ms), it knows the TTFUS and the run's active time. Time spent
 * waiting for a clarification answer (awaiting_input -> CLARIFICATION complete) is the user's,
 * not the pipeline's, and is left out of both.
 */
export class RunTiming {
  private startMs: number | null = null
  private pausedMs = 0
  private awaitingSince: number | null = null
  private contextResolved = false
  private ttfus: number | null = null

  observe(event: ReasoningEvent, atMs: number): void {
    if (this.startMs === null) this.startMs = atMs
    if (event.status === "awaiting_input") this.awaitingSince = atMs
    else if (event.stage === "CLARIFICATION" && event.status === "complete" && this.awaitingSince !== null) {
      this.pausedMs += Math.max(0, atMs - this.awaitingSince)
      this.awaitingSince = null
    }
    if (event.stage === "CONTEXT_RESOLUTION" && event.status === "complete") this.contextResolved = true
    else if (this.ttfus === null && this.contextResolved && event.stage === "SOURCES" && event.status === "progress")
      this.ttfus = this.activeMs(atMs)
  }

  /** Time since the first event, without the time spent waiting for answers. */
  activeMs(atMs: number): number {
    return this.startMs === null ? 0 : Math.max(0, atMs - this.startMs - this.pausedMs)
  }

  get ttfusMs(): number | null {
    return this.ttfus
  }
}

export interface RunMetrics {
  requestId: string | null
  /** Started -> complete per stage; CLARIFICATION is awaiting_input -> complete (the user's time). */
  stageDurationsMs: Partial<Record<ReasoningStage, number>>
  ttfusMs: number | null
  /** First event -> terminal, without the time spent waiting for clarification answers. */
  totalMs: number | null
  eventCount: number
  outcome: TerminalOutcome | null
}

export class MetricsSink implements ReasoningSink {
  readonly mode = "nonBlocking" as const
  private readonly timing = new RunTiming()
  private readonly stageStarts = new Map<ReasoningStage, number>()
  private readonly durations: Partial<Record<ReasoningStage, number>> = {}
  private totalMs: number | null = null
  private requestId: string | null = null
  private eventCount = 0
  private outcome: TerminalOutcome | null = null

  constructor(private readonly now: () => number = () => performance.now()) {}

  write(event: ReasoningEvent): void {
    const at = this.now()
    this.eventCount += 1
    this.requestId ??= event.requestId
    this.timing.observe(event, at)
    if (event.status === "started" || event.status === "awaiting_input") this.stageStarts.set(event.stage, at)
    if (event.status === "complete") {
      const start = this.stageStarts.get(event.stage)
      if (start !== undefined) this.durations[event.stage] = at - start
    }
    if (isTerminalStage(event.stage)) {
      this.outcome = event.stage
      this.totalMs = this.timing.activeMs(at)
    }
  }

  snapshot(): RunMetrics {
    return {
      requestId: this.requestId,
      stageDurationsMs: { ...this.durations },
      ttfusMs: this.timing.ttfusMs,
      totalMs: this.totalMs,
      eventCount: this.eventCount,
      outcome: this.outcome,
    }
  }
}
