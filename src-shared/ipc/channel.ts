import { z } from "zod"

// One typed IPC channel: zod schemas for what goes in and comes out. Channels are grouped by
// domain, and a channel's one name is "<domain>.<fn>": its key in the flat table, its wire name
// (Electron IPC and the browser host's WebSocket), and its path under window.fiskai
// (`window.fiskai.<domain>.<fn>`). The name is derived from where the channel sits in its group,
// so it is never written twice.

export interface ChannelSchemas<I extends z.ZodType, O extends z.ZodType> {
  readonly input: I
  readonly output: O
}

export function defineChannel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): ChannelSchemas<I, O> {
  return { input, output }
}

/** A push (main -> page): the schema of its payload. Named like a channel, "<domain>.<event>". */
export interface PushSchema<P extends z.ZodType> {
  readonly payload: P
}

export function definePush<P extends z.ZodType>(payload: P): PushSchema<P> {
  return { payload }
}

/** Where an entry of a grouped table sits: its one name and the two parts of it. */
export interface Named<N extends string, D extends string, F extends string> {
  /** "<domain>.<fn>": the key, the wire name and the path under window.fiskai. */
  readonly name: N
  readonly domain: D
  readonly fn: F
}

type Groups = Readonly<Record<string, Readonly<Record<string, object>>>>

/** "<domain>.<fn>" for every entry of a grouped table. */
export type DottedName<G extends Groups> = { [D in keyof G & string]: `${D}.${keyof G[D] & string}` }[keyof G & string]

/** A grouped table flattened: one entry per "<domain>.<fn>", carrying its name. */
export type FlatTable<G extends Groups> = {
  readonly [N in DottedName<G>]: N extends `${infer D}.${infer F}`
    ? D extends keyof G
      ? F extends keyof G[D]
        ? G[D][F] & Named<N, D, F>
        : never
      : never
    : never
}

/** Flattens `{ domain: { fn: entry } }` into `{ "domain.fn": { ...entry, name, domain, fn } }`. */
export function flattenGroups<G extends Groups>(groups: G): FlatTable<G> {
  const flat: Record<string, object> = {}
  for (const [domain, entries] of Object.entries(groups)) {
    if (domain.includes(".")) throw new Error(`a domain name cannot contain a dot: ${domain}`)
    for (const [fn, entry] of Object.entries(entries)) {
      if (fn.includes(".")) throw new Error(`a function name cannot contain a dot: ${domain}.${fn}`)
      const name = `${domain}.${fn}`
      flat[name] = Object.freeze({ ...entry, name, domain, fn })
    }
  }
  // Every "<domain>.<fn>" of the groups was assigned above, with the entry and its name.
  return Object.freeze(flat) as FlatTable<G>
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
