import { IpcFailure } from "../../src-shared/ipc/channel"
import { BadCursorError } from "../store/history"
import { damagedWhileOpenText, isDamageError, StoreDamagedError } from "../store/integrity"
import { TraceNotFoundError, TraceStateError } from "../runs/run-service"

// The store's typed failures, as the caller should see them. Anything else stays INTERNAL.

/**
 * A database found damaged while the app has it open (a page SQLite cannot read): the window says
 * so in both languages (the locale is a setting stored in that database) and how to go on; the
 * file's path and SQLite's words stay in the main process, like every INTERNAL error's.
 */
export const DAMAGED_DATABASE_MESSAGE = `${damagedWhileOpenText("hr")} / ${damagedWhileOpenText("en")}`

export function toIpcFailure(error: unknown): unknown {
  if (error instanceof TraceNotFoundError) return new IpcFailure("NOT_FOUND", error.message)
  if (error instanceof TraceStateError) return new IpcFailure("CONFLICT", error.message)
  if (error instanceof BadCursorError) return new IpcFailure("BAD_INPUT", error.message)
  if (error instanceof StoreDamagedError || isDamageError(error)) {
    // The details are for the log (the window gets the message above).
    console.error("[store] the database is damaged:", error.message)
    return new IpcFailure("UNAVAILABLE", DAMAGED_DATABASE_MESSAGE)
  }
  return error
}

/** Runs a handler body, rethrowing store failures as IpcFailure. */
export async function mapStoreErrors<T>(body: () => T | Promise<T>): Promise<T> {
  try {
    return await body()
  } catch (error) {
    throw toIpcFailure(error)
  }
}
