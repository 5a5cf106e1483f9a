import { describe, expect, test } from "vitest"
import { dateInputText, missingDayText, parseDateInput } from "../../../../src-renderer/components/date-text"

// Date fields (history's From/To, Ask's as-of date, What-if's date) read dates in the UI language's
// format, and tell text that is not a date from a day the calendar does not have.

describe("date input", () => {
  test("Croatian: day first, with or without the dots' spaces and the final dot", () => {
    for (const typed of ["1. 7. 2025.", "1.7.2025", "01.07.2025.", " 1. 7. 2025 ", "1/7/2025"])
      expect(parseDateInput(typed, "hr")).toEqual({ kind: "date", iso: "2025-07-01" })
  })

  test("English: day and month name, month name first, or ISO; numbers alone are refused", () => {
    for (const typed of ["1 July 2025", "1 Jul 2025", "July 1, 2025", "2025-07-01"])
      expect(parseDateInput(typed, "en")).toEqual({ kind: "date", iso: "2025-07-01" })
    expect(parseDateInput("07/01/2025", "en")).toEqual({ kind: "invalid" })
  })

  test("dates that do not exist, words and empty fields", () => {
    expect(parseDateInput("31. 2. 2025.", "hr")).toEqual({ kind: "missing", year: 2025, month: 2, day: 31, daysInMonth: 28 })
    expect(parseDateInput("2025-02-30", "en")).toEqual({ kind: "missing", year: 2025, month: 2, day: 30, daysInMonth: 28 })
    expect(parseDateInput("29 February 2028", "en")).toEqual({ kind: "date", iso: "2028-02-29" })
    expect(parseDateInput("31 April 2026", "en")).toMatchObject({ kind: "missing", daysInMonth: 30 })
    expect(parseDateInput("31/13/2025", "hr")).toEqual({ kind: "invalid" })
    expect(parseDateInput("1 Foo 2025", "en")).toEqual({ kind: "invalid" })
    expect(parseDateInput("   ", "hr")).toEqual({ kind: "empty" })
  })

  test("a filter's date is shown back in the language's format", () => {
    expect(dateInputText("2025-07-01", "hr")).toBe("1. 7. 2025.")
    expect(dateInputText("2025-07-01", "en")).toBe("1 July 2025")
    expect(parseDateInput(dateInputText("2024-02-29", "en"), "en")).toEqual({ kind: "date", iso: "2024-02-29" })
    expect(dateInputText("", "hr")).toBe("")
  })

  test("a day the month does not have is named back as typed, in the language's format", () => {
    const missing = parseDateInput("31. 2. 2026.", "hr")
    if (missing.kind !== "missing") throw new Error(`expected a missing day, got ${missing.kind}`)
    expect(missingDayText(missing, "hr")).toBe("31. 2. 2026.")
    expect(missingDayText(missing, "en")).toBe("31 February 2026")
  })
})
