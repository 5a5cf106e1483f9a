import type { PushSubscribe } from "../src-shared/ipc/api"
import { isPushKey, type PushKey, type PushPayload } from "../src-shared/ipc/channels"

// `on("<push>", listener)`: subscribes to a push under its one name, which is also its wire name.
// Listeners receive the payload only: the IpcRendererEvent (whose `sender` is ipcRenderer itself)
// never crosses into the page. Payloads are not parsed here; the renderer's stores are the boundary
// that validates them (run-store for reasoning events, features/export for progress).

export interface PushSource {
  on(channel: string, listener: (event: unknown, payload: unknown) => void): void
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): void
}

export function buildPushSubscription(source: PushSource): PushSubscribe {
  return function on<K extends PushKey>(push: K, listener: (payload: PushPayload<K>) => void): () => void {
    if (typeof push !== "string" || !isPushKey(push)) throw new Error(`unknown push: ${String(push).slice(0, 64)}`)
    const forward = (_event: unknown, payload: unknown) => listener(payload as PushPayload<K>)
    source.on(push, forward)
    return () => source.removeListener(push, forward)
  }
}
