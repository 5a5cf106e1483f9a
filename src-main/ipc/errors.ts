import type { z } from "zod"
import { IpcFailure, type IpcError } from "../../src-shared/ipc/channel"
import { printable } from "../util/printable"

// Turning anything a handler throws into the IpcError the renderer sees. Only IpcFailure carries
// a message across the boundary verbatim; anything else is INTERNAL with a generic message, so
// stack traces, file paths and SQL never reach the window.

/** A hostile payload can produce thousands of issues or huge keys; the error stays small. */
const MAX_ISSUES = 20

export function badInput(error: z.ZodError): IpcError {
  const issues = error.issues.slice(0, MAX_ISSUES).map((issue) => ({
    path: printable(issue.path.map(String).join(".") || "(input)", 120),
    message: printable(issue.message, 300),
  }))
  const first = issues[0]
  const message = first ? `invalid input at ${first.path}: ${first.message}` : "invalid input"
  return { code: "BAD_INPUT", message, issues }
}

/** The input broke the schema check itself (see the dispatcher): refused like any bad input. */
export function unreadableInput(): IpcError {
  return { code: "BAD_INPUT", message: "invalid input: its shape could not be read", issues: [{ path: "(input)", message: "its shape could not be read" }] }
}

export function toIpcError(error: unknown): IpcError {
  if (error instanceof IpcFailure) return { code: error.code, message: error.message }
  return { code: "INTERNAL", message: "internal error; see the application log" }
}
