import { isModelRecord, ModelRecordEvent } from "../../src-shared/events/model-record"

// Trace format version 2 (src-shared/events/model-record.ts): a chain may end with the local
// model's recording after the engine's terminal. The chain covers every event; the replay makes
// the engine's events only (the model is never called again), so it is compared with those.

/** The stored events the engine made (a version-1 trace: all of them, unchanged). */
export function engineEventsOf<T>(stored: readonly T[]): T[] {
  return stored.some(isModelRecord) ? stored.filter((event) => !isModelRecord(event)) : [...stored]
}

/** The model's recording in a trace, in chain order; records that do not fit the contract are left out. */
export function modelRecordsOf(stored: readonly unknown[]): ModelRecordEvent[] {
  const records: ModelRecordEvent[] = []
  for (const event of stored) {
    if (!isModelRecord(event)) continue
    const parsed = ModelRecordEvent.safeParse(event)
    if (parsed.success) records.push(parsed.data)
  }
  return records
}

/** The trace format a trace's events are written in (2 once the model's recording is in its chain). */
export function traceFormatOf(stored: readonly unknown[]): 1 | 2 {
  return stored.some(isModelRecord) ? 2 : 1
}

/**
 * What is wrong with a trace's model recording, if anything: a record that does not fit the
 * contract, or one that is not after every event the engine made (the recording follows the terminal).
 */
export function modelRecordProblem(stored: readonly unknown[]): { seq: number; reason: string } | null {
  let engineSeen = false
  for (let seq = stored.length - 1; seq >= 0; seq--) {
    const event = stored[seq]
    if (!isModelRecord(event)) {
      engineSeen = true
      continue
    }
    if (engineSeen) return { seq, reason: `event seq ${seq} is a model record before the engine's last event` }
    if (!ModelRecordEvent.safeParse(event).success) return { seq, reason: `event seq ${seq} is a model record that does not fit the record contract` }
  }
  return null
}
