// One log record as text: `2026-05-04T09:12:01.123Z INFO  run.end requestId=0196… outcome=ANSWER`.
// Pure, so the privacy rule is tested without a file.
//
// Privacy (the users are accounting firms; the log is meant to be sent to support): a field is
// written only when its name is in OPERATIONAL_FIELDS (ids, codes, outcomes, counts, versions).
// Any other field, such as a question, an answer or a client's profile, is written as
// `name=[redacted]` unless debug logging is on (FISKAI_LOG_DEBUG=1, for a support session).
// Values are escaped and capped so that no value can start a line of its own; an error's stack
// frames follow on indented continuation lines.

export type LogLevel = "debug" | "info" | "warn" | "error"
export type LogValue = string | number | boolean | null | undefined
export type LogFields = Readonly<Record<string, LogValue>>

/** Field names whose values say what the app did, never what a user typed or a client is. */
export const OPERATIONAL_FIELDS: ReadonlySet<string> = new Set([
  "requestId",
  "counterfactualOf",
  "baseRequestId",
  "traceId",
  "jobId",
  "scenarioId",
  "clientId",
  "channel",
  "transport",
  "code",
  "outcome",
  "stage",
  "status",
  "failedStage",
  "seq",
  "events",
  "durationMs",
  "count",
  "reason",
  "exitCode",
  "type",
  "name",
  "origin",
  "context",
  "version",
  "electron",
  "chrome",
  "node",
  "platform",
  "arch",
  "packaged",
  "debug",
  "dir",
  "file",
  "crashDumps",
  "dataDir",
  "port",
  "pid",
  "state",
  // Operational free text: updater messages, captured console warnings, error messages. Callers
  // put nothing there that a user typed (the run log never does; see run-log.ts).
  "detail",
])

const LEVEL_LABEL: Record<LogLevel, string> = { debug: "DEBUG", info: "INFO ", warn: "WARN ", error: "ERROR" }
const MAX_VALUE = 500
const MAX_CONTINUATION_LINES = 40
const MAX_CONTINUATION_LINE = 300
const BARE = /^[\w.:/@+-]{1,200}$/u
// eslint-disable-next-line no-control-regex -- escaping control characters is the point here
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
}

function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text
}

function formatValue(value: LogValue): string {
  if (value === null || value === undefined) return "null"
  if (typeof value === "number" || typeof value === "boolean") return String(value)
  const text = cap(value, MAX_VALUE)
  if (BARE.test(text)) return text
  // JSON quoting escapes quotes, backslashes and line breaks; the rest of the controls too.
  return escapeControls(JSON.stringify(text))
}

function formatKey(key: string): string {
  return /^[A-Za-z][\w.]{0,63}$/.test(key) ? key : formatValue(key)
}

export interface ErrorSummary {
  readonly errorName: string
  readonly errorCode?: string
  readonly detail: string
  readonly frames: readonly string[]
}

/** The parts of an error worth logging: class, code (e.g. SQLITE_CORRUPT), message, stack frames. */
export function summarizeError(error: unknown): ErrorSummary {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    const frames = (error.stack ?? "")
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .map((line) => line.trim())
    return {
      errorName: error.name,
      ...(typeof code === "string" || typeof code === "number" ? { errorCode: String(code) } : {}),
      detail: error.message,
      frames,
    }
  }
  return { errorName: typeof error, detail: String(error), frames: [] }
}

export interface LogRecord {
  readonly time: Date
  readonly level: LogLevel
  /** A dotted name for what happened: run.start, ipc.error, updater … */
  readonly event: string
  readonly fields?: LogFields
  readonly error?: unknown
  /** More text, written on indented lines below the record (e.g. a captured console message). */
  readonly continuation?: string
}

export interface FormatOptions {
  /** Write every field as it is (a support session); otherwise non-operational fields are redacted. */
  readonly debug: boolean
}

/** The record as text: one line, plus indented continuation lines for stacks and long text. */
export function formatLogRecord(record: LogRecord, options: FormatOptions): string {
  const parts = [record.time.toISOString(), LEVEL_LABEL[record.level], formatKey(record.event)]
  for (const [key, value] of Object.entries(record.fields ?? {})) {
    if (value === undefined) continue
    const shown = options.debug || OPERATIONAL_FIELDS.has(key) ? formatValue(value) : "[redacted]"
    parts.push(`${formatKey(key)}=${shown}`)
  }
  const more: string[] = []
  if (record.error !== undefined) {
    const summary = summarizeError(record.error)
    parts.push(`error=${formatValue(summary.errorName)}`)
    if (summary.errorCode !== undefined) parts.push(`errorCode=${formatValue(summary.errorCode)}`)
    parts.push(`detail=${formatValue(summary.detail)}`)
    more.push(...summary.frames)
  }
  if (record.continuation !== undefined) more.push(...record.continuation.split(/\r?\n/))
  const lines = more
    .filter((line) => line.trim() !== "")
    .slice(0, MAX_CONTINUATION_LINES)
    .map((line) => `    ${escapeControls(cap(line.trim(), MAX_CONTINUATION_LINE))}`)
  return [parts.join(" "), ...lines].join("\n")
}
