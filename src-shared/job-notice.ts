import { z } from "zod"
import type { Locale } from "./events/stages"
import { formatNumber } from "./format/numbers"

// A long job (an audit export, a shadow run of a rule change) that ends while the window is in the
// background is announced (issue 23): the user started it and turned to other work. This module
// decides whether and how, and says it in the user's language; the hosts only show what it returns
// (Electron: a native notification from the main process; browser host: the web Notification API
// when the user allowed it, otherwise a message inside the page, seen on return). Pure.

export const JobEnded = z.object({
  kind: z.enum(["export", "shadow"]),
  /** "stopped": the user stopped it (an export cancelled, a shadow run stopped). */
  result: z.enum(["done", "stopped", "failed"]),
  /** Runs written (export) or answers checked (shadow). */
  count: z.number().int().nonnegative().optional(),
  /** Shadow runs: answers the change would alter. */
  changed: z.number().int().nonnegative().optional(),
})
export type JobEnded = z.infer<typeof JobEnded>

/** How the host can reach the user: Electron's native notifications, or the browser's. */
export type NoticeHost =
  | { kind: "electron"; nativeSupported: boolean }
  | { kind: "browser"; webPermission: "granted" | "denied" | "default" | "unsupported" }

export interface JobNotice {
  via: "native" | "web" | "toast"
  title: string
  body: string
}

export interface NoticeSituation {
  windowFocused: boolean
  locale: Locale
  host: NoticeHost
}

/** Nothing while the user looks at the window (the screen shows the end itself); else the best route. */
export function decideJobNotice(ended: JobEnded, situation: NoticeSituation): JobNotice | null {
  if (situation.windowFocused) return null
  const via = routeFor(situation.host)
  if (via === null) return null
  return { via, ...noticeText(ended, situation.locale) }
}

function routeFor(host: NoticeHost): JobNotice["via"] | null {
  if (host.kind === "electron") return host.nativeSupported ? "native" : null
  return host.webPermission === "granted" ? "web" : "toast"
}

const TITLES: Record<JobEnded["kind"], Record<JobEnded["result"], Record<Locale, string>>> = {
  export: {
    done: { hr: "Izvoz za reviziju je dovršen", en: "The audit export is complete" },
    stopped: { hr: "Izvoz za reviziju je prekinut", en: "The audit export was cancelled" },
    failed: { hr: "Izvoz za reviziju nije uspio", en: "The audit export failed" },
  },
  shadow: {
    done: { hr: "Probni prolaz je dovršen", en: "The shadow run is complete" },
    stopped: { hr: "Probni prolaz je zaustavljen", en: "The shadow run was stopped" },
    failed: { hr: "Probni prolaz nije uspio", en: "The shadow run failed" },
  },
}

const OPEN_WINDOW: Record<Locale, string> = {
  hr: "Pojedinosti su u prozoru aplikacije.",
  en: "The details are in the app's window.",
}

export function noticeText(ended: JobEnded, locale: Locale): { title: string; body: string } {
  const title = TITLES[ended.kind][ended.result][locale]
  return {
    title,
    body: [countLine(ended, locale), OPEN_WINDOW[locale]].filter((line) => line !== "").join(" "),
  }
}

function countLine(ended: JobEnded, locale: Locale): string {
  if (ended.result === "failed" || ended.count === undefined) return ""
  const count = formatNumber(ended.count, locale, 0)
  if (ended.kind === "export")
    return ended.result === "done" ? (locale === "hr" ? `Istraživanja: ${count}.` : `Runs: ${count}.`) : ""
  const changed = formatNumber(ended.changed ?? 0, locale, 0)
  return locale === "hr"
    ? `Provjereno odgovora: ${count}, promijenilo bi se: ${changed}.`
    : `Answers checked: ${count}; would change: ${changed}.`
}

/** An export's end from its progress push (null while it runs). */
export function exportJobEnded(progress: { phase: string; done: number }): JobEnded | null {
  if (progress.phase === "done") return { kind: "export", result: "done", count: progress.done }
  if (progress.phase === "cancelled") return { kind: "export", result: "stopped" }
  if (progress.phase === "failed") return { kind: "export", result: "failed" }
  return null
}

/** A shadow run's end from its job state (null while it runs). */
export function shadowJobEnded(job: {
  state: string
  progress: { done: number; changed: number }
}): JobEnded | null {
  const counts = { count: job.progress.done, changed: job.progress.changed }
  if (job.state === "complete") return { kind: "shadow", result: "done", ...counts }
  if (job.state === "stopped") return { kind: "shadow", result: "stopped", ...counts }
  if (job.state === "failed") return { kind: "shadow", result: "failed" }
  return null
}
