import type { Dispatch } from "../ipc/dispatcher"
import type { AppLog } from "./app-log"

// IPC in the log: every call that failed, by channel, transport and error code. The input and the
// error's message are not written (a BAD_INPUT message can quote what was typed); a handler's
// unexpected failure (INTERNAL) is logged with its error by ipcErrorLogger, which both hosts give
// the dispatcher as onUnexpectedError. With debug logging on, every call is logged with its time.

const QUIET_CODES = new Set(["NOT_FOUND", "CONFLICT"])

export function withIpcLog(
  dispatch: Dispatch,
  log: AppLog,
  now: () => number = () => performance.now(),
): Dispatch {
  return async (channel, input, caller) => {
    const start = now()
    const result = await dispatch(channel, input, caller)
    const fields = { channel, transport: caller.transport, durationMs: Math.round(now() - start) }
    if (result.ok) log.debug("ipc.call", fields)
    else if (QUIET_CODES.has(result.error.code)) log.info("ipc.fail", { ...fields, code: result.error.code })
    else log.warn("ipc.fail", { ...fields, code: result.error.code })
    return result
  }
}

/** The dispatcher's onUnexpectedError: a handler threw something that is not an IpcFailure. */
export function ipcErrorLogger(log: AppLog): (channel: string, error: unknown) => void {
  return (channel, error) => log.error("ipc.error", { channel }, error)
}

/** electron-updater's logger interface, writing into the app's log. */
export interface UpdaterLogSink {
  info(message?: unknown): void
  warn(message?: unknown): void
  error(message?: unknown): void
}

export function updaterLog(log: AppLog): UpdaterLogSink {
  const text = (message: unknown) => (message instanceof Error ? message.message : String(message))
  return {
    info: (message) => log.info("updater", { detail: text(message) }),
    warn: (message) => log.warn("updater", { detail: text(message) }),
    error: (message) =>
      message instanceof Error
        ? log.error("updater", {}, message)
        : log.error("updater", { detail: text(message) }),
  }
}
