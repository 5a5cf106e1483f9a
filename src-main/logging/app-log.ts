import { join } from "node:path"
import { format } from "node:util"
import { formatLogRecord, type LogFields, type LogLevel } from "./log-format"
import { openRotatingFile, type RotatingFile } from "./rotating-file"

// The app's log: what a user can send to support when something went wrong. One file per host in
// the data folder's logs/ (main.log for the Electron app, host.log for the browser host), rotated
// at 5 MB with 3 files kept. Records name runs by their request id and never carry question text
// or client data (log-format.ts says how that is enforced) unless debug logging is on.

export const LOG_DIR_NAME = "logs"
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024
export const DEFAULT_MAX_FILES = 3
/** Set to 1 (or true) to log debug records and every field as it is, for a support session. */
export const DEBUG_LOG_ENV = "FISKAI_LOG_DEBUG"

/** The log folder of a data folder (the one the database is in). */
export function logDirFor(dataDir: string): string {
  return join(dataDir, LOG_DIR_NAME)
}

export function debugLoggingFromEnv(env: NodeJS.ProcessEnv): boolean {
  const value = env[DEBUG_LOG_ENV]?.trim().toLowerCase()
  return value === "1" || value === "true" || value === "yes"
}

export interface RecordOptions {
  /** Also print the record to the echo target (default: errors are echoed). */
  readonly echo?: boolean
  /** Indented text below the record. */
  readonly continuation?: string
}

export interface AppLog {
  /** The folder the log files are in. */
  readonly dir: string
  /** The current file. */
  readonly file: string
  readonly debugEnabled: boolean
  record(level: LogLevel, event: string, fields?: LogFields, error?: unknown, options?: RecordOptions): void
  /** Written only when debug logging is on. */
  debug(event: string, fields?: LogFields): void
  info(event: string, fields?: LogFields): void
  warn(event: string, fields?: LogFields, error?: unknown): void
  error(event: string, fields?: LogFields, error?: unknown): void
}

export interface AppLogOptions {
  readonly dir: string
  readonly fileName: string
  readonly debug?: boolean
  readonly maxBytes?: number
  readonly maxFiles?: number
  readonly clock?: () => Date
  /** Where errors are also printed (e.g. stderr), as the console printed them before; none by default. */
  readonly echo?: (text: string) => void
}

function makeLog(
  dir: string,
  target: RotatingFile | null,
  debug: boolean,
  clock: () => Date,
  echo: ((text: string) => void) | undefined,
): AppLog {
  const record: AppLog["record"] = (level, event, fields, error, options = {}) => {
    if (level === "debug" && !debug) return
    const text = formatLogRecord(
      {
        time: clock(),
        level,
        event,
        ...(fields === undefined ? {} : { fields }),
        ...(error === undefined ? {} : { error }),
        ...(options.continuation === undefined ? {} : { continuation: options.continuation }),
      },
      { debug },
    )
    // A log that cannot be written must never take the app down with it.
    try {
      target?.write(text)
    } catch {
      // electron-log reports write failures itself; nothing more to do here.
    }
    if (echo && (options.echo ?? level === "error")) echo(text)
  }
  return {
    dir,
    file: target?.path ?? "",
    debugEnabled: debug,
    record,
    debug: (event, fields) => record("debug", event, fields),
    info: (event, fields) => record("info", event, fields),
    warn: (event, fields, error) => record("warn", event, fields, error),
    error: (event, fields, error) => record("error", event, fields, error),
  }
}

export function createAppLog(options: AppLogOptions): AppLog {
  const file = openRotatingFile({
    dir: options.dir,
    fileName: options.fileName,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxFiles: options.maxFiles ?? DEFAULT_MAX_FILES,
  })
  return makeLog(options.dir, file, options.debug ?? false, options.clock ?? (() => new Date()), options.echo)
}

/** A log that writes nothing (tests, tools that have no log). */
export const NO_LOG: AppLog = makeLog("", null, false, () => new Date(), undefined)

/**
 * Copies console.warn and console.error into the log (they still print as before), so that the
 * warnings other modules print, e.g. about a damaged database, reach the file a user sends.
 * console.log and console.info are not copied: the browser host prints its token-bearing URL
 * with console.log. Returns the function that restores the console.
 */
export function captureConsoleProblems(
  log: AppLog,
  target: Pick<Console, "warn" | "error"> = console,
): () => void {
  const original = { warn: target.warn, error: target.error }
  let inside = false
  const copy =
    (level: "warn" | "error") =>
    (...args: unknown[]): void => {
      original[level].apply(target, args)
      if (inside) return
      inside = true
      try {
        const [first = "", ...rest] = format(...args).split("\n")
        log.record(level, `console.${level}`, { detail: first }, undefined, {
          echo: false,
          ...(rest.length === 0 ? {} : { continuation: rest.join("\n") }),
        })
      } finally {
        inside = false
      }
    }
  target.warn = copy("warn")
  target.error = copy("error")
  return () => {
    target.warn = original.warn
    target.error = original.error
  }
}

/**
 * Logs an exception nothing caught, without changing what the process does about it (the
 * monitor event leaves Node's and Electron's own handling in place).
 */
export function logUncaughtExceptions(log: AppLog, target: NodeJS.Process = process): () => void {
  const listener = (error: Error, origin: string) => log.error("process.uncaught", { origin }, error)
  target.on("uncaughtExceptionMonitor", listener)
  return () => target.off("uncaughtExceptionMonitor", listener)
}

/** Reports for the services' background failures (runs, exports, what-if runs). */
export function backgroundErrorLogger(log: AppLog): (context: string, error: unknown) => void {
  return (context, error) => log.error("background.error", { context }, error)
}
