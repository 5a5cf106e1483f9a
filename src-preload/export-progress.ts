import type { ExportProgress } from "../src-shared/export"
import { pushChannels } from "../src-shared/ipc/channels"
import type { PushSource } from "./reasoning-events"

// The export-progress subscription: like the reasoning one, listeners receive the progress only,
// never the IpcRendererEvent.

export function buildExportProgressSubscription(source: PushSource) {
  return function onExportProgress(listener: (progress: ExportProgress) => void): () => void {
    const forward = (_event: unknown, payload: unknown) => listener(payload as ExportProgress)
    source.on(pushChannels.exportProgress.name, forward)
    return () => source.removeListener(pushChannels.exportProgress.name, forward)
  }
}
