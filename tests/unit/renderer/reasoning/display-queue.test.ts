import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import {
  advanceDisplay,
  DisplayScheduler,
  MIN_STATUS_DISPLAY_MS,
  START_CURSOR,
} from "../../../../src-renderer/reasoning/display-queue"
import { selectSteps } from "../../../../src-renderer/reasoning/selectors"
import { answeredRun, clarificationAwaiting, context, intake, sources, stamp } from "../fixtures/runs"

describe("advanceDisplay", () => {
  it("shows a stage's start at once but holds its completion until it was visible 300 ms", () => {
    const events = stamp("r", intake())
    const first = advanceDisplay(events, START_CURSOR, 1000)
    expect(first.cursor.released).toBe(1)
    expect(first.wakeAt).toBe(1000 + MIN_STATUS_DISPLAY_MS)
    expect(advanceDisplay(events, first.cursor, 1299).cursor.released).toBe(1)
    expect(advanceDisplay(events, first.cursor, 1300)).toEqual({
      cursor: { released: 2, openedAt: null },
      wakeAt: null,
    })
  })

  it("lets live lines (sources found) through immediately while a stage is open", () => {
    const events = stamp("r", sources())
    const { cursor, wakeAt } = advanceDisplay(events, START_CURSOR, 0)
    // started + two progress lines are shown; the completion waits.
    expect(cursor.released).toBe(3)
    expect(wakeAt).toBe(MIN_STATUS_DISPLAY_MS)
  })

  it("shows the next stage's start right after the previous one completes", () => {
    const events = stamp("r", [...intake(), ...context()])
    const after = advanceDisplay(events, { released: 1, openedAt: 0 }, 300)
    expect(after.cursor.released).toBe(3)
    expect(after.cursor.openedAt).toBe(300)
  })

  it("shows an awaiting clarification without delay after context completes", () => {
    const events = stamp("r", [...context(), clarificationAwaiting()])
    const { cursor } = advanceDisplay(events, { released: 1, openedAt: 0 }, 300)
    expect(cursor.released).toBe(3)
  })
})

describe("DisplayScheduler with fake timers", () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(0)
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("a run that arrives all at once is shown stage by stage, each active at least 300 ms", () => {
    const events = answeredRun()
    const released: Array<{ at: number; count: number }> = []
    const scheduler = new DisplayScheduler((count) => released.push({ at: Date.now(), count }))
    scheduler.update(events)
    vi.runAllTimers()
    expect(released[released.length - 1]?.count).toBe(events.length)

    // For every stage, the time between its "active" appearing and its completion appearing.
    const shownAt = (seq: number) => released.find((r) => r.count > seq)?.at ?? Number.NaN
    for (const stage of ["QUESTION_INTAKE", "SOURCES", "APPLICABILITY", "CONFIDENCE"] as const) {
      const started = events.find((e) => e.stage === stage && e.status === "started")
      const complete = events.find((e) => e.stage === stage && e.status === "complete")
      if (!started || !complete) throw new Error(`fixture lacks ${stage}`)
      expect(shownAt(complete.seq) - shownAt(started.seq)).toBeGreaterThanOrEqual(MIN_STATUS_DISPLAY_MS)
    }
    // Eight stages, each held 300 ms: the whole display takes 8 x 300 ms.
    expect(released[released.length - 1]?.at).toBe(8 * MIN_STATUS_DISPLAY_MS)
  })

  it("midway, the stepper shows exactly the stages whose time has come", () => {
    const events = answeredRun()
    let count = 0
    const scheduler = new DisplayScheduler((c) => (count = c))
    scheduler.update(events)
    vi.advanceTimersByTime(2 * MIN_STATUS_DISPLAY_MS)
    const steps = selectSteps(events.slice(0, count))
    expect(steps.filter((s) => s.status === "done").map((s) => s.stage)).toEqual([
      "QUESTION_INTAKE",
      "CONTEXT_RESOLUTION",
    ])
    expect(steps.find((s) => s.status === "active")?.stage).toBe("SOURCES")
  })

  it("slow stages are not delayed: events that come later than 300 ms apart show as they come", () => {
    const events = stamp("r", intake())
    const released: number[] = []
    const scheduler = new DisplayScheduler((c) => released.push(c))
    scheduler.update(events.slice(0, 1))
    vi.advanceTimersByTime(1000)
    scheduler.update(events)
    expect(released).toEqual([1, 2])
  })

  it("flush shows everything at once and cancels the timer", () => {
    const events = answeredRun()
    const released: number[] = []
    const scheduler = new DisplayScheduler((c) => released.push(c))
    scheduler.update(events)
    scheduler.flush()
    expect(released[released.length - 1]).toBe(events.length)
    expect(vi.getTimerCount()).toBe(0)
  })

  it("a scheduler that starts after stored events only queues what comes next", () => {
    const events = answeredRun()
    const released: number[] = []
    const scheduler = new DisplayScheduler((c) => released.push(c), undefined, undefined, 5)
    expect(scheduler.released).toBe(5)
    scheduler.update(events.slice(0, 5))
    expect(released).toEqual([])
  })
})
