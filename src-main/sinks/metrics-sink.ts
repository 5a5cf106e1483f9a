import type { ReasoningEvent } from "../../src-shared/events/event"
import type { ReasoningStage, TerminalOutcome } from "../../src-shared/events/stages"
import { isTerminalStage } from "../../src-shared/events/stages"
import { RunTiming } from "../store/run-timing"
import type { ReasoningSink } from "./types"

// Per-run timing: how long each stage took, and the time to first useful stage (TTFUS, seed 001
// §11: submit -> context resolved and the first source visible), i.e. the first SOURCES progress
// event after CONTEXT_RESOLUTION complete, measured from the run's first event (waits for a
// clarification answer left out).

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
