import { describe, expect, test } from "vitest"
import {
  decideJobNotice,
  exportJobEnded,
  shadowJobEnded,
  type JobEnded,
  type NoticeSituation,
} from "../../../src-shared/job-notice"

// When a long job ends, the user hears of it only if they are not looking at the window, by the
// best route the host has, in their language (issue 23).

const EXPORT_DONE: JobEnded = { kind: "export", result: "done", count: 1234 }
const SHADOW_DONE: JobEnded = { kind: "shadow", result: "done", count: 40, changed: 3 }
const ELECTRON: NoticeSituation = {
  windowFocused: false,
  locale: "hr",
  host: { kind: "electron", nativeSupported: true },
}

describe("the background notice of a long job", () => {
  test("nothing while the window is focused: the screen itself shows the end", () => {
    expect(decideJobNotice(EXPORT_DONE, { ...ELECTRON, windowFocused: true })).toBeNull()
    expect(
      decideJobNotice(SHADOW_DONE, {
        windowFocused: true,
        locale: "en",
        host: { kind: "browser", webPermission: "granted" },
      }),
    ).toBeNull()
  })

  test("Electron in the background: a native notification, in Croatian with Croatian numbers", () => {
    expect(decideJobNotice(EXPORT_DONE, ELECTRON)).toEqual({
      via: "native",
      title: "Izvoz za reviziju je dovršen",
      body: "Istraživanja: 1.234. Pojedinosti su u prozoru aplikacije.",
    })
  })

  test("in English, a shadow run says how many answers it checked and how many would change", () => {
    expect(decideJobNotice(SHADOW_DONE, { ...ELECTRON, locale: "en" })).toEqual({
      via: "native",
      title: "The shadow run is complete",
      body: "Answers checked: 40; would change: 3. The details are in the app's window.",
    })
  })

  test("Electron without native notifications on this system: nothing to show it with", () => {
    expect(
      decideJobNotice(EXPORT_DONE, { ...ELECTRON, host: { kind: "electron", nativeSupported: false } }),
    ).toBeNull()
  })

  test("the browser host: the web notification only when allowed, otherwise a message in the page", () => {
    const browser = (webPermission: "granted" | "denied" | "default" | "unsupported"): NoticeSituation => ({
      windowFocused: false,
      locale: "en",
      host: { kind: "browser", webPermission },
    })
    expect(decideJobNotice(EXPORT_DONE, browser("granted"))?.via).toBe("web")
    expect(decideJobNotice(EXPORT_DONE, browser("default"))?.via).toBe("toast")
    expect(decideJobNotice(EXPORT_DONE, browser("denied"))?.via).toBe("toast")
    expect(decideJobNotice(EXPORT_DONE, browser("unsupported"))?.via).toBe("toast")
  })

  test("a failed or stopped job is named as such, without counts it does not have", () => {
    expect(decideJobNotice({ kind: "export", result: "failed" }, ELECTRON)).toMatchObject({
      title: "Izvoz za reviziju nije uspio",
      body: "Pojedinosti su u prozoru aplikacije.",
    })
    expect(
      decideJobNotice({ kind: "shadow", result: "stopped", count: 5, changed: 0 }, ELECTRON),
    ).toMatchObject({
      title: "Probni prolaz je zaustavljen",
      body: "Provjereno odgovora: 5, promijenilo bi se: 0. Pojedinosti su u prozoru aplikacije.",
    })
  })

  test("an export's progress and a shadow run's state end a job only at their end", () => {
    expect(exportJobEnded({ phase: "writing", done: 3 })).toBeNull()
    expect(exportJobEnded({ phase: "done", done: 9 })).toEqual({ kind: "export", result: "done", count: 9 })
    expect(exportJobEnded({ phase: "cancelled", done: 0 })).toEqual({ kind: "export", result: "stopped" })
    expect(exportJobEnded({ phase: "failed", done: 0 })).toEqual({ kind: "export", result: "failed" })
    const progress = { done: 7, changed: 2 }
    expect(shadowJobEnded({ state: "running", progress })).toBeNull()
    expect(shadowJobEnded({ state: "complete", progress })).toEqual({
      kind: "shadow",
      result: "done",
      count: 7,
      changed: 2,
    })
    expect(shadowJobEnded({ state: "failed", progress })).toEqual({ kind: "shadow", result: "failed" })
  })
})
