import type { ReasoningEvent } from "../../src-shared/events/event"

// A run's timing as the trace store records it (ttfus_ms, duration_ms): the metrics sink, the
// audit sink and the crash recovery (which settles interrupted runs from their events) share it.
// TTFUS (seed 001 §11: submit -> context resolved and the first source visible) is the first
// SOURCES progress event after CONTEXT_RESOLUTION complete, measured from the run's first event.

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
