import type { FiskaiApi } from "../src-shared/ipc/api"
import { buildChannelFunctions, type Invoke } from "./channel-functions"
import { buildPushSubscription, type PushSource } from "./push-subscriptions"

// Everything window.fiskai holds: `<domain>.<fn>(input)` per channel and `on(push, listener)`.

export interface PreloadIpc extends PushSource {
  invoke: Invoke
}

export function buildPreloadApi(ipc: PreloadIpc): FiskaiApi {
  return {
    ...buildChannelFunctions((wireName, input) => ipc.invoke(wireName, input)),
    on: buildPushSubscription(ipc),
  }
}
