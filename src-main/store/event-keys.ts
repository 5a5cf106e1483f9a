// The events table's key (migration 0006): trace id × 2^20 + seq. A trace's events are the keys
// from traceId × 2^20 up to the next trace's first, in chain order; a CHECK ties the low bits to
// seq and a trigger the high bits to the trace, so the key cannot name another trace's event.

export const EVENT_SEQ_BITS = 20
/** The most events one trace can hold (2^20; a run has a few dozen). */
export const MAX_EVENTS_PER_TRACE = 2 ** EVENT_SEQ_BITS

export function eventKey(traceId: number, seq: number): number {
  if (!Number.isInteger(seq) || seq < 0 || seq >= MAX_EVENTS_PER_TRACE) throw new RangeError(`event seq ${seq} is outside 0..${MAX_EVENTS_PER_TRACE - 1}`)
  return traceId * MAX_EVENTS_PER_TRACE + seq
}

/**
 * SQL condition on `events` (aliased `alias`) for the events of the trace whose rowid is the SQL
 * expression `traceIdSql`: a range of the table's own key, so a trace's events are read in seq
 * order straight from the table.
 */
export function eventsOfTraceSql(alias: string, traceIdSql: string): string {
  return `${alias}.id BETWEEN (${traceIdSql}) << ${EVENT_SEQ_BITS} AND ((${traceIdSql}) << ${EVENT_SEQ_BITS}) + ${MAX_EVENTS_PER_TRACE - 1}`
}

/** The same condition for a trace given by request id (bound as the named parameter `param`). */
export function eventsOfRequestSql(alias: string, param: string): string {
  return eventsOfTraceSql(alias, `SELECT id FROM traces WHERE request_id = ${param}`)
}
