import type { IpcResult } from "./channel"
import {
  channels,
  type ChannelDomain,
  type ChannelFn,
  type ChannelInput,
  type ChannelKey,
  type ChannelOutput,
  type PushKey,
  type PushPayload,
} from "./channels"

// What `window.fiskai` is, derived from the contract's tables: one namespace per domain holding
// one function per channel, so the channel "<domain>.<fn>" is `window.fiskai.<domain>.<fn>`, plus
// `on("<push>", listener)` for the pushes. Nothing else.

/** The function that calls the channel K. */
export type ChannelFunction<K extends ChannelKey> = (input: ChannelInput<K>) => Promise<IpcResult<ChannelOutput<K>>>

/** The channel functions, each under its one name (what a fake or a host implements). */
export type ChannelFunctionTable = { [K in ChannelKey]: ChannelFunction<K> }

/** `window.fiskai.<domain>.<fn>`: the channel functions by domain. */
export type ChannelNamespaces = {
  [D in ChannelDomain]: { [F in ChannelFn<D>]: ChannelFunction<Extract<`${D}.${F}`, ChannelKey>> }
}

/** Subscribes to a push by its one name ("runs.event", "exports.progress"); returns the unsubscribe. */
export type PushSubscribe = <K extends PushKey>(push: K, listener: (payload: PushPayload<K>) => void) => () => void

export type FiskaiApi = ChannelNamespaces & {
  /** Subscribe to a push: reasoning events ("runs.event"), audit-export progress of every job
   *  ("exports.progress"; filter by jobId). Returns the unsubscribe function. */
  on: PushSubscribe
}

export const API_GLOBAL = "fiskai" as const

/** The member of FiskaiApi that is not a domain. */
export const SUBSCRIBE_MEMBER = "on" as const

/** Builds the namespaces from the channel table, with `functionFor(key)` as each channel's function. */
export function buildChannelNamespaces(
  functionFor: (key: ChannelKey) => (input: unknown) => Promise<IpcResult<unknown>>,
): ChannelNamespaces {
  const namespaces: Record<string, Record<string, (input: unknown) => Promise<IpcResult<unknown>>>> = {}
  for (const key of Object.keys(channels) as ChannelKey[]) {
    const { domain, fn } = channels[key]
    namespaces[domain] ??= {}
    namespaces[domain][fn] = functionFor(key)
  }
  // Every "<domain>.<fn>" of the table was assigned above with the function for that channel.
  return namespaces as unknown as ChannelNamespaces
}

/** The function of channel `key` in `api` (undefined when a stand-in lacks it). */
export function channelFunction<K extends ChannelKey>(api: FiskaiApi, key: K): ChannelFunction<K> | undefined {
  const { domain, fn } = channels[key]
  const namespace = (api as unknown as Record<string, Record<string, unknown> | undefined>)[domain]
  return namespace?.[fn] as ChannelFunction<K> | undefined
}
