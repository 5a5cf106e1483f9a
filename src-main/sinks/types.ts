import type { ReasoningEvent } from "../../src-shared/events/event"

// Sinks consume the engine's events (seed 001 §4, seed 003 "Sink Architecture"):
//  - nonBlocking:   fire-and-forget (window, metrics); a failure never stops the run.
//  - buffered:      collects events and writes them in batches (audit store); flushed at the
//                   terminal and at awaiting_input. A failure stops the run: an unrecorded run
//                   must not pass for a recorded one.
//  - criticalAwait: awaited for critical-severity events only (alerts).

export type SinkMode = "nonBlocking" | "buffered" | "criticalAwait"

export interface ReasoningSink {
  readonly mode: SinkMode
  write(event: ReasoningEvent): void | Promise<void>
  flush?(): Promise<void>
}

export type AwaitingEvent = Extract<ReasoningEvent, { status: "awaiting_input" }>
