import { IpcFailure } from "../../src-shared/ipc/channel"
import { BadCursorError } from "../store/history"
import { TraceNotFoundError, TraceStateError } from "../store/runs"

// The store's typed failures, as the caller should see them. Anything else stays INTERNAL.

export function toIpcFailure(error: unknown): unknown {
  if (error instanceof TraceNotFoundError) return new IpcFailure("NOT_FOUND", error.message)
  if (error instanceof TraceStateError) return new IpcFailure("CONFLICT", error.message)
  if (error instanceof BadCursorError) return new IpcFailure("BAD_INPUT", error.message)
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
