import { useCallback, useEffect, useState } from "react"
import { FirmView } from "../../src-shared/firm"
import { call } from "../api/client"
import { formatDateTime } from "../format/dates"
import type { Translate } from "../i18n/translate"
import type { Locale } from "../../src-shared/events/stages"
import { useStores } from "../state/stores"

// The firm connection's state as the window knows it (issue 25): loaded once, then kept current
// by the "firm.changed" push (syncing, up to date, offline) and re-read every few seconds, since
// the count of items waiting grows with every finished answer and no push says so.

const REFRESH_MS = 10_000

export interface FirmViewState {
  view: FirmView | null
  /** Replaces the view with one a channel answered (link, unlink, sync now). */
  set(view: FirmView): void
}

export function useFirmView(): FirmViewState {
  const { api } = useStores()
  const [view, setView] = useState<FirmView | null>(null)
  useEffect(() => {
    let live = true
    const load = () => {
      call("firm.status", {}, api).then(
        (next) => live && setView(next),
        // The next push or refresh tries again; the item keeps what it showed.
        () => undefined,
      )
    }
    load()
    const timer = setInterval(load, REFRESH_MS)
    const unsubscribe = api.on("firm.changed", (raw) => {
      const parsed = FirmView.safeParse(raw)
      if (parsed.success && live) setView(parsed.data)
    })
    return () => {
      live = false
      clearInterval(timer)
      unsubscribe()
    }
  }, [api])
  const set = useCallback((next: FirmView) => setView(next), [])
  return { view, set }
}

/** The state in a few words: off, syncing, up to date, N waiting, offline, failed. */
export function syncHeadline(view: FirmView, t: Translate): string {
  if (view.state === "not-connected") return t("sync.off")
  if (view.state === "syncing") return t("sync.syncing")
  if (view.state === "offline") return t("sync.offline")
  if (view.state === "failed") return t("sync.failed")
  return view.waitingTotal === 0
    ? t("sync.upToDate")
    : t("sync.waiting", { count: String(view.waitingTotal) })
}

/** When it last worked, for offline and failed states ("last worked 5. 3. 2025. 14:30"). */
export function lastWorked(view: FirmView, t: Translate, locale: Locale): string {
  return view.lastSyncAt === null
    ? t("sync.never")
    : t("sync.lastWorked", { when: formatDateTime(view.lastSyncAt, locale) })
}
