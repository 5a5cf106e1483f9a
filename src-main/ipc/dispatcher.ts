import type { IpcResult } from "../../src-shared/ipc/channel"
import { channels, isChannelKey, type ChannelKey, type ChannelOutput } from "../../src-shared/ipc/channels"
import { badInput, toIpcError, unreadableInput } from "./errors"
import type { ChannelHandler, HandlerInput, HandlerTable } from "./handler-table"

// The one wrapper around every channel, shared by Electron IPC and the browser host's WebSocket:
// sender check -> input parsed with the channel's schema -> handler -> output checked against the
// contract -> IpcResult. Nothing throws across the boundary, and a rejected call never reaches a
// handler, so a bad payload changes nothing.

export interface Caller {
  readonly transport: "electron" | "websocket"
  /** The calling frame's URL (Electron) or the page's Origin (WebSocket); null when unknown. */
  readonly url: string | null
}

export interface DispatcherOptions {
  /** The sender check: an untrusted caller gets FORBIDDEN before its input is even parsed. */
  isTrustedCaller(caller: Caller): boolean
  /** Check each handler's output against the channel schema (fail closed). Default true. */
  validateOutput?: boolean
  /** Receives handler failures that are not IpcFailure (they reach the caller only as INTERNAL). */
  onUnexpectedError?(channel: string, error: unknown): void
}

/** `channel` is the channel's one name, "<domain>.<fn>" (its key and its wire name). */
export type Dispatch = (channel: string, rawInput: unknown, caller: Caller) => Promise<IpcResult<unknown>>

export function createDispatcher(handlers: HandlerTable, options: DispatcherOptions): Dispatch {
  const validateOutput = options.validateOutput ?? true

  async function call<K extends ChannelKey>(key: K, rawInput: unknown): Promise<IpcResult<ChannelOutput<K>>> {
    const parsed = safeParseInput(key, rawInput)
    if ("unreadable" in parsed) return { ok: false, error: unreadableInput() }
    if (!parsed.success) return { ok: false, error: badInput(parsed.error) }
    const handler: ChannelHandler<K> = handlers[key]
    let value: ChannelOutput<K>
    try {
      value = await handler(parsed.data as HandlerInput<K>)
    } catch (error) {
      const ipcError = toIpcError(error)
      if (ipcError.code === "INTERNAL") options.onUnexpectedError?.(key, error)
      return { ok: false, error: ipcError }
    }
    if (!validateOutput) return { ok: true, value }
    const checked = channels[key].output.safeParse(value)
    if (!checked.success) {
      options.onUnexpectedError?.(key, checked.error)
      return { ok: false, error: { code: "INTERNAL", message: `the ${key} handler returned data outside the contract` } }
    }
    return { ok: true, value: checked.data as ChannelOutput<K> }
  }

  return async (channel, rawInput, caller) => {
    if (!options.isTrustedCaller(caller)) {
      return { ok: false, error: { code: "FORBIDDEN", message: "calls are only accepted from the application's own pages" } }
    }
    if (!isChannelKey(channel)) {
      return { ok: false, error: { code: "NOT_FOUND", message: `unknown channel: ${channel.slice(0, 64)}` } }
    }
    try {
      return await call(channel, rawInput)
    } catch (error) {
      // Defensive: parsing itself should never throw, but nothing may escape the boundary.
      options.onUnexpectedError?.(channel, error)
      return { ok: false, error: toIpcError(error) }
    }
  }
}

/**
 * The channel's schema over the raw input. A hostile payload can make the schema library itself
 * throw (an object whose `length` is an array holding an object without a usable `toString`
 * fails inside zod's length check); that is the input's fault, so it is BAD_INPUT, never INTERNAL.
 */
function safeParseInput<K extends ChannelKey>(key: K, rawInput: unknown): ReturnType<(typeof channels)[K]["input"]["safeParse"]> | { unreadable: true } {
  try {
    return channels[key].input.safeParse(rawInput) as ReturnType<(typeof channels)[K]["input"]["safeParse"]>
  } catch {
    return { unreadable: true }
  }
}
