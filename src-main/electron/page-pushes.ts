import type { WebContents } from "electron"
import { forwardPushes, type PushSources } from "../ipc/pushes"

// The one sender for main -> window pushes ("runs.event", "exports.progress"), typed by the
// contract's push table. Nothing else in the app calls webContents.send.

export function setupPagePushes(sources: PushSources, contents: WebContents): void {
  const unsubscribe = forwardPushes(sources, (name, payload) => {
    if (!contents.isDestroyed()) contents.send(name, payload)
  })
  contents.once("destroyed", unsubscribe)
}
