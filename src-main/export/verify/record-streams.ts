import type { BundleProblem } from "../../../src-shared/export"
import { TRACE_CSV_COLUMNS, TracesJsonlLine, type TraceCsvColumn } from "../bundle-format"
import { CSV_BOM, CsvReader, CsvSyntaxError, unguardText } from "../csv"
import type { EventLine } from "./chain-check"
import type { CsvRecord } from "./csv-check"

// The three per-trace files read side by side, in the manifest's trace order, one trace at a
// time (flat memory for any bundle size). Records are matched to the manifest by trace id, so a
// deleted, added or moved record is named as such instead of shifting every later comparison.

type Report = (p: BundleProblem) => void

export interface Keyed {
  requestId: string | null
  line: number
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
        ? "a record whose trace cannot be read"
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
}

/** events.jsonl lines grouped into runs of the same trace; an unreadable line joins the run it is in. */
export async function* eventGroups(lines: AsyncIterable<string>): AsyncGenerator<EventGroup> {
  let group: EventGroup | null = null
  let currentId: string | null = null
  let lineNo = 0
  for await (const text of lines) {
    lineNo += 1
    let value: unknown = undefined
    try {
      value = JSON.parse(text)
    } catch {
      // reported by the trace check
    }
    const record = value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {}
    const requestId: string | null = typeof record.requestId === "string" ? record.requestId : currentId
    const seq = typeof record.seq === "number" ? record.seq : null
    if (group !== null && group.requestId !== requestId) {
      yield group
      group = null
    }
    group ??= { requestId, line: lineNo, events: [] }
    currentId = requestId
    group.events.push({ line: lineNo, text, seq, value })
  }
  if (group !== null) yield group
}

export interface JsonlRecord extends Keyed {
  value: TracesJsonlLine | null
}

export async function* jsonlRecords(lines: AsyncIterable<string>, report: Report, file: string): AsyncGenerator<JsonlRecord> {
  let line = 0
  for await (const text of lines) {
    line += 1
    let value: TracesJsonlLine | null = null
    try {
      const parsed = TracesJsonlLine.safeParse(JSON.parse(text))
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
  const reader = new CsvReader()
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
  try {
    for await (const chunk of chunks) {
      reader.feed(chunk, onRecord)
      yield* queue.splice(0)
    }
    reader.end()
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error
    report({ file, requestId: null, seq: null, line: error.line, message: `not valid CSV: ${error.message}` })
  }
  yield* queue.splice(0)
}
