import type { ReasoningEvent } from "../src-shared/events/event"
import { pushChannels } from "../src-shared/ipc/channels"

// The push subscription. Listeners receive the event only: the IpcRendererEvent (whose `sender`
// is ipcRenderer itself) never crosses into the page.

export interface PushSource {
  on(channel: string, listener: (event: unknown, payload: unknown) => void): void
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): void
}

export function buildReasoningSubscription(source: PushSource) {
  return function onReasoningEvent(listener: (event: ReasoningEvent) => void): () => void {
    const forward = (_event: unknown, payload: unknown) => listener(payload as ReasoningEvent)
    source.on(pushChannels.reasoningEvent.name, forward)
    return () => source.removeListener(pushChannels.reasoningEvent.name, forward)
  }
}
