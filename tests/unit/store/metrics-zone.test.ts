import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { isoDayIn, isoWeekMonday, localMidnightUtc, shiftIsoDay } from "../../../src-main/store/metrics-zone"

// Calendar days in the desk's time zone: where a Zagreb day begins in UTC, across both DST changes
// of 2026 (Sunday 29 March: 23 hours; Sunday 25 October: 25 hours).

const ZAGREB = "Europe/Zagreb"

describe("days in a time zone", () => {
  test("a winter day in Zagreb begins at 23:00 UTC the day before, a summer day at 22:00", () => {
    expect(localMidnightUtc("2026-01-15", ZAGREB)).toBe("2026-01-14T23:00:00.000Z")
    expect(localMidnightUtc("2026-07-15", ZAGREB)).toBe("2026-07-14T22:00:00.000Z")
  })

  test("the last Sunday of March is 23 hours long, the last Sunday of October 25", () => {
    const hours = (day: string) =>
      (Date.parse(localMidnightUtc(shiftIsoDay(day, 1), ZAGREB)) -
        Date.parse(localMidnightUtc(day, ZAGREB))) /
      3_600_000
    expect(localMidnightUtc("2026-03-29", ZAGREB)).toBe("2026-03-28T23:00:00.000Z")
    expect(localMidnightUtc("2026-03-30", ZAGREB)).toBe("2026-03-29T22:00:00.000Z")
    expect(hours("2026-03-29")).toBe(23)
    expect(localMidnightUtc("2026-10-25", ZAGREB)).toBe("2026-10-24T22:00:00.000Z")
    expect(localMidnightUtc("2026-10-26", ZAGREB)).toBe("2026-10-25T23:00:00.000Z")
    expect(hours("2026-10-25")).toBe(25)
    expect(hours("2026-10-26")).toBe(24)
  })

  test("00:30 in Zagreb is that day, not the UTC day before", () => {
    expect(isoDayIn(Date.parse("2026-11-25T23:30:00.000Z"), ZAGREB)).toBe("2026-11-26")
    expect(isoDayIn(Date.parse("2026-11-25T23:30:00.000Z"), "UTC")).toBe("2026-11-25")
    // The hour that repeats at the October change (02:00–03:00 twice) stays on the 25th.
    expect(isoDayIn(Date.parse("2026-10-25T00:30:00.000Z"), ZAGREB)).toBe("2026-10-25")
    expect(isoDayIn(Date.parse("2026-10-25T01:30:00.000Z"), ZAGREB)).toBe("2026-10-25")
  })

  test("every instant lies within the local day it is said to fall on", () => {
    const from = Date.parse("2025-01-01T00:00:00Z")
    const to = Date.parse("2028-01-01T00:00:00Z")
    fc.assert(
      fc.property(
        fc.integer({ min: from, max: to }),
        fc.constantFrom(ZAGREB, "UTC", "America/New_York", "Asia/Kolkata"),
        (ms, zone) => {
          const day = isoDayIn(ms, zone)
          expect(Date.parse(localMidnightUtc(day, zone))).toBeLessThanOrEqual(ms)
          expect(Date.parse(localMidnightUtc(shiftIsoDay(day, 1), zone))).toBeGreaterThan(ms)
        },
      ),
    )
  })

  test("weeks start on Monday", () => {
    expect(isoWeekMonday("2026-03-29")).toBe("2026-03-23")
    expect(isoWeekMonday("2026-03-30")).toBe("2026-03-30")
  })

  test("a zone the system does not know is refused by name", () => {
    expect(() => localMidnightUtc("2026-03-01", "Europe/Atlantis")).toThrow(/Atlantis/)
  })
})
