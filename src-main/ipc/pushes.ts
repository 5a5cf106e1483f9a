import type { z } from "zod"
import { pushChannels } from "../../src-shared/ipc/channels"
import type { EventBus } from "./event-bus"

// Main -> page pushes, typed by the contract's push table. Each host forwards every push source
// to its pages with one sender (Electron: webContents.send; browser host: a WsPush message).

export type PushKey = keyof typeof pushChannels
export type PushPayload<K extends PushKey> = z.output<(typeof pushChannels)[K]["payload"]>

/** One bus per push channel; adding a push channel to the contract makes a missing bus a type error. */
export type PushSources = { readonly [K in PushKey]: EventBus<PushPayload<K>> }

/** Subscribes `send` to every push source under the channel's wire name; returns the unsubscribe. */
export function forwardPushes(sources: PushSources, send: (wireName: string, payload: unknown) => void): () => void {
  const keys = Object.keys(pushChannels) as PushKey[]
  const unsubscribes = keys.map((key) => {
    const bus: EventBus<unknown> = sources[key]
    const wireName = pushChannels[key].name
    return bus.subscribe((payload) => send(wireName, payload))
  })
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe()
  }
}
