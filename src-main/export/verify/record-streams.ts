import type { BundleProblem } from "../../../src-shared/export"
import { TRACE_CSV_COLUMNS, TracesJsonlLine, type TraceCsvColumn } from "../bundle-format"
import { CSV_BOM, CsvReader, CsvSyntaxError, unguardText } from "../csv"
import type { RawLine } from "./bundle-reader"
import type { EventLine } from "./chain-check"
import type { CsvRecord } from "./csv-check"
import { describeBytes, jsonNestsDeeper, MAX_CSV_RECORD_CHARS, MAX_JSON_DEPTH, MAX_TRACE_BYTES, MAX_TRACE_EVENTS } from "./limits"

// The three per-trace files read side by side, in the manifest's trace order, one trace at a
// time (flat memory for any bundle size: a trace's lines are held up to limits.ts's caps, and a
// trace past them is counted, not kept). Records are matched to the manifest by trace id, so a
// deleted, added or moved record is named as such instead of shifting every later comparison.

type Report = (p: BundleProblem) => void

export interface Keyed {
  requestId: string | null
  line: number
  /** Why the record's line could not be read (too long, not UTF-8, nested too deep). */
  unreadable?: string
}

export class AlignedRecords<T extends Keyed> {
  private peeked: T | null | undefined = undefined
  private readonly consumed = new Set<string>()

  constructor(
    private readonly records: AsyncIterator<T>,
    private readonly file: string,
    /** Manifest position of every trace id. */
    private readonly position: ReadonlyMap<string, number>,
    private readonly report: Report,
  ) {}

  private async peek(): Promise<T | null> {
    if (this.peeked === undefined) {
      const next = await this.records.next()
      this.peeked = next.done ? null : next.value
    }
    return this.peeked
  }

  /** The record of the trace at manifest position `index`, or null when the file has none for it. */
  async take(requestId: string, index: number): Promise<T | null> {
    for (;;) {
      const next = await this.peek()
      if (next === null) return null
      if (next.requestId === requestId) {
        this.peeked = undefined
        this.consumed.add(requestId)
        return next
      }
      const at = next.requestId === null ? undefined : this.position.get(next.requestId)
      // A later trace's record: this trace's record is missing here; keep the record for its turn.
      if (at !== undefined && at > index) return null
      this.peeked = undefined
      this.unexpected(next)
    }
  }

  /** Reports whatever is left once every manifest trace has been taken. */
  async finish(): Promise<void> {
    for (let next = await this.peek(); next !== null; this.peeked = undefined, next = await this.peek()) this.unexpected(next)
  }

  private unexpected(record: T): void {
    const id = record.requestId
    const message =
      id === null
        ? record.unreadable === undefined
          ? "a record whose trace cannot be read"
          : `a record whose trace cannot be read: ${record.unreadable}`
        : !this.position.has(id)
          ? `a record of trace ${id}, which the manifest does not list (an added trace)`
          : this.consumed.has(id)
            ? `a second record of trace ${id}`
            : `the record of trace ${id} is out of the manifest's order`
    this.report({ file: this.file, requestId: id, seq: null, line: record.line, message })
  }
}

export interface EventGroup extends Keyed {
  events: EventLine[]
  /** The first line of the run that could not be read, and why: the run is not checked further. */
  unreadableLine: { line: number; message: string } | null
  /** Set once the run passed MAX_TRACE_EVENTS or MAX_TRACE_BYTES: its lines are then only counted. */
  overflow: { lines: number; bytes: number } | null
}

/** Why a line is not parsed as JSON, or null when it can be. */
function unreadableJson(raw: RawLine): string | null {
  if (raw.text === null) return raw.problem
  if (jsonNestsDeeper(raw.text, MAX_JSON_DEPTH)) return `the line nests arrays or objects more than ${MAX_JSON_DEPTH} deep: not read`
  return null
}

/**
 * events.jsonl lines grouped into runs of the same trace; an unreadable line joins the run it is
 * in. A run holds at most MAX_TRACE_EVENTS lines and MAX_TRACE_BYTES: past either, its lines are
 * dropped and only counted until the next trace's line (the trace then fails as too large).
 */
export async function* eventGroups(lines: AsyncIterable<RawLine>): AsyncGenerator<EventGroup> {
  let group: EventGroup | null = null
  let currentId: string | null = null
  let held = 0
  /** `"requestId":"…"` of the run in overflow: a line holding it is counted without being parsed. */
  let overflowKey: string | null = null
  for await (const raw of lines) {
    if (group?.overflow && overflowKey !== null && raw.text?.includes(overflowKey)) {
      // The run already fails as too large; parsing each of its lines would only cost time.
      group.overflow.lines += 1
      group.overflow.bytes += raw.bytes
      continue
    }
    const problem = unreadableJson(raw)
    let value: unknown = undefined
    if (problem === null && raw.text !== null) {
      try {
        value = JSON.parse(raw.text)
      } catch {
        // reported by the trace check
      }
    }
    const record = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {}
    const requestId: string | null = typeof record.requestId === "string" ? record.requestId : currentId
    const seq = typeof record.seq === "number" ? record.seq : null
    if (group !== null && group.requestId !== requestId) {
      yield group
      group = null
    }
    if (group === null) {
      group = { requestId, line: raw.line, events: [], unreadableLine: null, overflow: null }
      held = 0
      if (problem !== null) group.unreadable = problem
    }
    currentId = requestId
    if (group.overflow !== null) {
      group.overflow.lines += 1
      group.overflow.bytes += raw.bytes
      continue
    }
    if (problem !== null || raw.text === null) {
      group.unreadableLine ??= { line: raw.line, message: problem ?? "the line cannot be read" }
      continue
    }
    held += raw.bytes
    if (group.events.length >= MAX_TRACE_EVENTS || held > MAX_TRACE_BYTES) {
      group.overflow = { lines: group.events.length + 1, bytes: held }
      group.events = []
      overflowKey = requestId === null ? null : `"requestId":${JSON.stringify(requestId)}`
      continue
    }
    group.events.push({ line: raw.line, text: raw.text, seq, value })
  }
  if (group !== null) yield group
}

/** What the trace check says about a run over the limits (see eventGroups). */
export function overflowMessage(overflow: { lines: number; bytes: number }): string {
  return `this trace's events are over the verifier's limit of ${MAX_TRACE_EVENTS} events or ${describeBytes(MAX_TRACE_BYTES)} for one trace (${overflow.lines} lines, ${describeBytes(overflow.bytes)}): not checked`
}

export interface JsonlRecord extends Keyed {
  value: TracesJsonlLine | null
}

export async function* jsonlRecords(lines: AsyncIterable<RawLine>, report: Report, file: string): AsyncGenerator<JsonlRecord> {
  for await (const raw of lines) {
    const line = raw.line
    const problem = unreadableJson(raw)
    if (problem !== null || raw.text === null) {
      report({ file, requestId: null, seq: null, line, message: problem ?? "the line cannot be read" })
      yield { requestId: null, line, value: null, unreadable: problem ?? "the line cannot be read" }
      continue
    }
    let value: TracesJsonlLine | null = null
    try {
      const parsed = TracesJsonlLine.safeParse(JSON.parse(raw.text))
      if (parsed.success) value = parsed.data
    } catch {
      // reported below
    }
    if (value === null) report({ file, requestId: null, seq: null, line, message: "the line is not a valid traces.jsonl record" })
    yield { requestId: value?.requestId ?? null, line, value }
  }
}

export interface CsvRow extends Keyed {
  record: CsvRecord
}

/** traces.csv rows after its header; the header must be the BOM and the known columns. */
export async function* csvRows(chunks: AsyncIterable<string>, report: Report, file: string): AsyncGenerator<CsvRow> {
  const reader = new CsvReader({ maxRecordChars: MAX_CSV_RECORD_CHARS })
  const queue: CsvRow[] = []
  let header = true
  const onRecord = (fields: string[], line: number) => {
    if (header) {
      header = false
      const expected: string[] = [...TRACE_CSV_COLUMNS]
      expected[0] = CSV_BOM + TRACE_CSV_COLUMNS[0]
      if (fields.join(",") !== expected.join(","))
        report({ file, requestId: null, seq: null, line, message: "the header is not the UTF-8 byte-order mark followed by the known columns" })
      return
    }
    if (fields.length !== TRACE_CSV_COLUMNS.length)
      report({ file, requestId: null, seq: null, line, message: `the row has ${fields.length} fields, not ${TRACE_CSV_COLUMNS.length}` })
    const map = new Map<TraceCsvColumn, string>()
    TRACE_CSV_COLUMNS.forEach((column, i) => map.set(column, fields[i] ?? ""))
    queue.push({ requestId: fields[0] === undefined ? null : unguardText(fields[0]), line, record: { line, fields: map } })
  }
  const iterator = chunks[Symbol.asyncIterator]()
  try {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      reader.feed(next.value, onRecord)
      yield* queue.splice(0)
    }
    reader.end()
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    report({ file, requestId: null, seq: null, line: error.line, message: `not valid CSV: ${error.message}` })
    yield* queue.splice(0)
    // The rest is not parsed, but still read: the file's hash covers every byte.
    for (let next = await iterator.next(); !next.done; next = await iterator.next());
  }
  yield* queue.splice(0)
}
