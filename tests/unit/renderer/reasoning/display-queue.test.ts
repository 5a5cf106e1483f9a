import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import {
  advanceDisplay,
  DisplayScheduler,
  MIN_STATUS_DISPLAY_MS,
  START_CURSOR,
} from "../../../../src-renderer/reasoning/display-queue"
import { selectSteps } from "../../../../src-renderer/reasoning/selectors"
import { answeredRun, clarificationAwaiting, context, intake, sources, stamp } from "../fixtures/runs"

function firstSourceSeq(events: ReturnType<typeof answeredRun>): number {
  const found = events.find((e) => e.stage === "SOURCES" && e.status === "progress")
  if (!found) throw new Error("fixture lacks a found source")
  return found.seq
}

describe("advanceDisplay", () => {
  it("holds nothing once the run's terminal is among the events", () => {
    const events = answeredRun()
    expect(advanceDisplay(events, { released: 7, openedAt: 1000, holding: true }, 1001)).toEqual({
      cursor: { released: events.length, openedAt: null, holding: true },
      wakeAt: null,
    })
  })

  it("shows intake and context at once, so the first useful stage is never delayed", () => {
    const events = stamp("r", [...intake(), ...context(), ...sources()])
    const first = advanceDisplay(events, START_CURSOR, 1000)
    // intake (2) + context (2) + sources started and its two found lines; the sources completion waits.
    expect(first.cursor.released).toBe(7)
    expect(first.cursor.holding).toBe(true)
    expect(first.wakeAt).toBe(1000 + MIN_STATUS_DISPLAY_MS)
  })

  it("once the first source is shown, holds each completion until its stage was visible 300 ms", () => {
    const events = stamp("r", intake())
    const held = { released: 1, openedAt: 1000, holding: true }
    expect(advanceDisplay(events, held, 1299)).toEqual({ cursor: held, wakeAt: 1300 })
    expect(advanceDisplay(events, held, 1300)).toEqual({
      cursor: { released: 2, openedAt: null, holding: true },
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
    const after = advanceDisplay(events, { released: 1, openedAt: 0, holding: true }, 300)
    expect(after.cursor.released).toBe(3)
    expect(after.cursor.openedAt).toBe(300)
  })

  it("shows an awaiting clarification without delay after context completes", () => {
    const events = stamp("r", [...context(), clarificationAwaiting()])
    const { cursor } = advanceDisplay(events, { released: 1, openedAt: 0, holding: true }, 300)
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

  it("a live run that arrives all at once is shown stage by stage from the sources on, each active at least 300 ms", () => {
    // Everything but the terminal: the run is still live.
    const events = answeredRun().slice(0, -1)
    const released: Array<{ at: number; count: number }> = []
    const scheduler = new DisplayScheduler((count) => released.push({ at: Date.now(), count }))
    scheduler.update(events)
    vi.runAllTimers()
    expect(released[released.length - 1]?.count).toBe(events.length)

    // For every stage, the time between its "active" appearing and its completion appearing.
    const shownAt = (seq: number) => released.find((r) => r.count > seq)?.at ?? Number.NaN
    expect(shownAt(firstSourceSeq(events))).toBe(0)
    for (const stage of ["SOURCES", "RETRIEVAL", "APPLICABILITY", "CONFIDENCE"] as const) {
      const started = events.find((e) => e.stage === stage && e.status === "started")
      const complete = events.find((e) => e.stage === stage && e.status === "complete")
      if (!started || !complete) throw new Error(`fixture lacks ${stage}`)
      expect(shownAt(complete.seq) - shownAt(started.seq)).toBeGreaterThanOrEqual(MIN_STATUS_DISPLAY_MS)
    }
    // Intake and context show at once; the six stages from sources on are each held 300 ms.
    expect(released[released.length - 1]?.at).toBe(6 * MIN_STATUS_DISPLAY_MS)
  })

  it("releases everything at once when the terminal arrives while stages are still held", () => {
    const events = answeredRun()
    const released: number[] = []
    const scheduler = new DisplayScheduler((count) => released.push(count))
    scheduler.update(events.slice(0, -1))
    const whileLive = released.at(-1) ?? 0
    expect(whileLive).toBeLessThan(events.length - 1)
    expect(vi.getTimerCount()).toBe(1)
    scheduler.update(events)
    // No timer had to fire: the ended run is on screen whole, and nothing is left scheduled.
    expect(released.at(-1)).toBe(events.length)
    expect(vi.getTimerCount()).toBe(0)
  })

  it("a run that arrives already ended (terminal included) is shown whole at once", () => {
    const events = answeredRun()
    const released: number[] = []
    const scheduler = new DisplayScheduler((count) => released.push(count))
    scheduler.update(events)
    expect(released).toEqual([events.length])
    expect(vi.getTimerCount()).toBe(0)
  })

  it("midway through a live run, the stepper shows exactly the stages whose time has come", () => {
    const events = answeredRun().slice(0, -1)
    let count = 0
    const scheduler = new DisplayScheduler((c) => (count = c))
    scheduler.update(events)
    vi.advanceTimersByTime(2 * MIN_STATUS_DISPLAY_MS)
    const steps = selectSteps(events.slice(0, count))
    expect(steps.filter((s) => s.status === "done").map((s) => s.stage)).toEqual([
      "QUESTION_INTAKE",
      "CONTEXT_RESOLUTION",
      "SOURCES",
      "RETRIEVAL",
    ])
    expect(steps.find((s) => s.status === "active")?.stage).toBe("APPLICABILITY")
  })

  it("slow stages are not delayed: events that come later than 300 ms apart show as they come", () => {
    const events = stamp("r", sources())
    const released: number[] = []
    const scheduler = new DisplayScheduler((c) => released.push(c))
    scheduler.update(events.slice(0, 1))
    vi.advanceTimersByTime(1000)
    scheduler.update(events)
    expect(released).toEqual([1, 4])
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
