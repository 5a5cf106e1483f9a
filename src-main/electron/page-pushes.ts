import type { WebContents } from "electron"
import { forwardPushes, type PushSources } from "../ipc/pushes"

// The one sender for main -> window pushes (reasoning events, export progress), typed by the
// contract's push table. Nothing else in the app calls webContents.send.

export function setupPagePushes(sources: PushSources, contents: WebContents): void {
  const unsubscribe = forwardPushes(sources, (wireName, payload) => {
    if (!contents.isDestroyed()) contents.send(wireName, payload)
  })
  contents.once("destroyed", unsubscribe)
}
