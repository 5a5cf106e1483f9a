import { useEffect, useRef, useState } from "react"
import { API_GLOBAL } from "../../src-shared/ipc/api"
import { ExportProgress } from "../../src-shared/export"
import { decideJobNotice, exportJobEnded, type JobEnded, type NoticeHost } from "../../src-shared/job-notice"
import { useI18n } from "../i18n/i18n-context"
import { useStores } from "../state/stores"
import { onJobEnded } from "./job-ended-signal"
import "./job-notices.css"

// The browser host's side of the background notices (issue 23): an export or a shadow run that
// ends while the page is not in front is announced by the browser's notification when the user
// allowed it, otherwise by a message in the page that waits, with a close button, until read. Under
// Electron the main process shows a native notification instead (src-main/electron/notify.ts), so
// this renders nothing there.

interface Toast {
  id: number
  title: string
  body: string
}

function webPermission(): Extract<NoticeHost, { kind: "browser" }>["webPermission"] {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission
}

function pageInFront(): boolean {
  return document.visibilityState === "visible" && document.hasFocus()
}

export function JobNotices() {
  const { api } = useStores()
  const { t, locale } = useI18n()
  const [toasts, setToasts] = useState<Toast[]>([])
  const nextId = useRef(1)
  const localeRef = useRef(locale)
  localeRef.current = locale
  const browserHost = typeof window !== "undefined" && window[API_GLOBAL] === undefined

  useEffect(() => {
    if (!browserHost) return
    const announce = (ended: JobEnded) => {
      const host: NoticeHost = { kind: "browser", webPermission: webPermission() }
      const notice = decideJobNotice(ended, { windowFocused: pageInFront(), locale: localeRef.current, host })
      if (notice === null) return
      if (notice.via === "web") new Notification(notice.title, { body: notice.body, lang: localeRef.current })
      else setToasts((list) => [...list, { id: nextId.current++, title: notice.title, body: notice.body }])
    }
    const offExports = api.on("exports.progress", (raw) => {
      const parsed = ExportProgress.safeParse(raw)
      const ended = parsed.success ? exportJobEnded(parsed.data) : null
      if (ended !== null) announce(ended)
    })
    const offSignal = onJobEnded(announce)
    return () => {
      offExports()
      offSignal()
    }
  }, [api, browserHost])

  if (toasts.length === 0) return null
  const close = (id: number) => setToasts((list) => list.filter((toast) => toast.id !== id))
  return (
    <section className="job-notices" aria-label={t("jobNotice.region")} data-testid="job-notices">
      {toasts.map((toast) => (
        <div key={toast.id} className="job-notice" role="status" data-testid="job-notice">
          <p className="job-notice-title">{toast.title}</p>
          <p>{toast.body}</p>
          <div className="job-notice-actions">
            {webPermission() === "default" && (
              <button
                type="button"
                onClick={() => void Notification.requestPermission()}
                data-testid="job-notice-allow"
              >
                {t("jobNotice.allow")}
              </button>
            )}
            <button type="button" onClick={() => close(toast.id)} data-testid="job-notice-close">
              {t("jobNotice.close")}
            </button>
          </div>
        </div>
      ))}
    </section>
  )
}
