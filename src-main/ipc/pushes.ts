import { pushChannels, type PushKey, type PushPayload } from "../../src-shared/ipc/channels"
import type { EventBus } from "../util/event-bus"

// Main -> page pushes, typed by the contract's push table. Each host forwards every push source
// to its pages with one sender (Electron: webContents.send; browser host: a WsPush message), under
// the push's one name ("runs.event", "exports.progress"), which is also its wire name.

export type { PushKey, PushPayload }

/** One bus per push channel; adding a push channel to the contract makes a missing bus a type error. */
export type PushSources = { readonly [K in PushKey]: EventBus<PushPayload<K>> }

/** Subscribes `send` to every push source under the push's name; returns the unsubscribe. */
export function forwardPushes(sources: PushSources, send: (name: PushKey, payload: unknown) => void): () => void {
  const names = Object.keys(pushChannels) as PushKey[]
  const unsubscribes = names.map((name) => {
    const bus: EventBus<unknown> = sources[name]
    return bus.subscribe((payload) => send(name, payload))
  })
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe()
  }
}
