import { Notification, type BrowserWindow } from "electron"
import type { Locale } from "../../src-shared/events/stages"
import { decideJobNotice, type JobEnded } from "../../src-shared/job-notice"
import type { EventBus } from "../util/event-bus"

// The Electron side of the background notices (issue 23): when an export or a shadow run ends
// while the window is not focused (or closed on macOS), a native notification says so; clicking it
// brings the window back. What to say and whether is decided in src-shared/job-notice.ts.

export interface JobNoticeDeps {
  ended: EventBus<JobEnded>
  getWindow(): BrowserWindow | null
  locale(): Locale
}

/** Returns the unsubscribe. */
export function setupJobNotices(deps: JobNoticeDeps): () => void {
  return deps.ended.subscribe((ended) => {
    const window = deps.getWindow()
    const live = window !== null && !window.isDestroyed() ? window : null
    const notice = decideJobNotice(ended, {
      windowFocused: live?.isFocused() ?? false,
      locale: deps.locale(),
      host: { kind: "electron", nativeSupported: Notification.isSupported() },
    })
    if (notice === null) return
    const shown = new Notification({ title: notice.title, body: notice.body })
    shown.on("click", () => {
      if (live === null || live.isDestroyed()) return
      if (live.isMinimized()) live.restore()
      live.focus()
    })
    shown.show()
  })
}
