import type { ReasoningEvent } from "../../src-shared/events/event"
import { isTerminalStage } from "../../src-shared/events/stages"
import type { AppLog } from "./app-log"
import type { LogFields } from "./log-format"

// Each run in the log: when it started (or was resumed), when it stopped for a clarification and
// how it ended, by request id, with the outcome and its code and the time it took. Read from the
// event bus every host already forwards to its windows, so every road a run takes (ask, resume,
// cancel, what-if) is logged the same way.
//
// What is logged is chosen field by field from the event's envelope and codes: never its
// message, its data or anything else that could hold the question or the client's facts. Only
// with debug logging on is each event's stage message written as well.

/** Runs being followed at once; beyond this the oldest is forgotten (its end is still logged). */
const MAX_TRACKED = 1000

export interface RunLogOptions {
  /** Milliseconds now (tests pass a fake clock). */
  readonly now?: () => number
}

function endFields(event: ReasoningEvent): LogFields {
  if (event.stage === "ERROR" && event.status === "complete")
    return { code: event.data.code, failedStage: event.data.failedStage }
  if (event.stage === "REFUSAL" && event.status === "complete") return { code: event.data.reason }
  return {}
}

/** Subscribes the log to a bus of reasoning events; returns the unsubscribe function. */
export function logRuns(
  bus: { subscribe(listener: (event: ReasoningEvent) => void): () => void },
  log: AppLog,
  options: RunLogOptions = {},
): () => void {
  const now = options.now ?? (() => Date.now())
  const started = new Map<string, number>()

  const track = (requestId: string) => {
    if (started.size >= MAX_TRACKED) {
      const oldest = started.keys().next()
      if (!oldest.done) started.delete(oldest.value)
    }
    started.set(requestId, now())
  }
  const elapsed = (requestId: string): number | undefined => {
    const since = started.get(requestId)
    return since === undefined ? undefined : Math.max(0, Math.round(now() - since))
  }

  return bus.subscribe((event) => {
    const { requestId } = event
    const ids: LogFields = { requestId, counterfactualOf: event.counterfactualOf }
    if (!started.has(requestId)) {
      track(requestId)
      if (event.stage === "QUESTION_INTAKE" && event.status === "started") log.info("run.start", ids)
      else log.info("run.resume", { ...ids, stage: event.stage, seq: event.seq })
    }
    log.debug("run.event", {
      requestId,
      seq: event.seq,
      stage: event.stage,
      status: event.status,
      message: event.message,
    })
    if (event.status === "awaiting_input") {
      log.info("run.awaiting_input", {
        ...ids,
        stage: event.stage,
        events: event.seq + 1,
        durationMs: elapsed(requestId),
      })
      started.delete(requestId)
      return
    }
    if (event.status === "complete" && isTerminalStage(event.stage)) {
      const fields: LogFields = {
        ...ids,
        outcome: event.stage,
        ...endFields(event),
        events: event.seq + 1,
        durationMs: elapsed(requestId),
      }
      if (event.stage === "ERROR") log.warn("run.end", fields)
      else log.info("run.end", fields)
      started.delete(requestId)
    }
  })
}
