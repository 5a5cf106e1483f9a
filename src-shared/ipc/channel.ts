import { z } from "zod"

// One typed IPC channel: a name on the wire, and zod schemas for what goes in and comes out.

export interface ChannelDef<I extends z.ZodType, O extends z.ZodType> {
  readonly name: string
  readonly input: I
  readonly output: O
}

export function defineChannel<I extends z.ZodType, O extends z.ZodType>(name: string, input: I, output: O): ChannelDef<I, O> {
  return { name, input, output }
}

export const IpcErrorCode = z.enum(["BAD_INPUT", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNAVAILABLE", "INTERNAL"])

export const IpcError = z.object({
  code: IpcErrorCode,
  message: z.string(),
  /** For BAD_INPUT: which field, and what was wrong with it. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})

/** Every handler answers with this; nothing throws across the boundary. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

export type IpcErrorCode = z.infer<typeof IpcErrorCode>
export type IpcError = z.infer<typeof IpcError>

/** A typed failure a handler may throw; the wrapper turns it into `{ ok: false, error }`. */
export class IpcFailure extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
  ) {
    super(message)
  }
}
