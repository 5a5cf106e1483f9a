// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react"
import { useState } from "react"
import { afterEach, describe, expect, it } from "vitest"
import type { Locale } from "../../../../src-shared/events/stages"
import { DateInput } from "../../../../src-renderer/components/DateInput"
import { I18nProvider } from "../../../../src-renderer/i18n/i18n-context"
import { ANY_FILTER, type ExportFilter } from "../../../../src-renderer/features/export/export-selection"
import { SelectionFilterFields } from "../../../../src-renderer/features/export/SelectionFilterFields"

// The one date field of Ask and What-if: typed in the app's format in each language (not the
// browser's), handing the caller the ISO day; a clear error when the text is not a date or the day
// does not exist, and the caller never gets a stale good date for a wrong one.

function Harness({ locale, start = "" }: { locale: Locale; start?: string }) {
  const [value, setValue] = useState(start)
  return (
    <I18nProvider locale={locale}>
      <label>
        Datum
        <DateInput value={value} onChange={setValue} testId="d" />
      </label>
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue("")}>
        clear
      </button>
    </I18nProvider>
  )
}

const field = () => screen.getByTestId("d") as HTMLInputElement
const value = () => screen.getByTestId("value").textContent

function type(text: string) {
  fireEvent.change(field(), { target: { value: text } })
}

afterEach(cleanup)

describe("DateInput", () => {
  it("Croatian: shows the day as 26. 11. 2026. and hands over the ISO day", () => {
    render(<Harness locale="hr" start="2026-11-26" />)
    expect(field().value).toBe("26. 11. 2026.")
    expect(field().placeholder).toBe("npr. 26. 11. 2026.")
    type("1.7.2025")
    expect(value()).toBe("2025-07-01")
    fireEvent.blur(field())
    expect(field().value).toBe("1. 7. 2025.")
    expect(field().getAttribute("aria-invalid")).toBe("false")
  })

  it("typing is never rewritten under the cursor: the day is written the language's way on leaving", () => {
    render(<Harness locale="hr" />)
    type("1. 7. 2025")
    expect(value()).toBe("2025-07-01")
    expect(field().value).toBe("1. 7. 2025")
    type("1. 7. 2025.")
    expect(field().value).toBe("1. 7. 2025.")
    type("1.7.2025")
    fireEvent.blur(field())
    expect(field().value).toBe("1. 7. 2025.")
  })

  it("English: shows 26 November 2026 and reads a month's name either side of the day", () => {
    render(<Harness locale="en" start="2026-11-26" />)
    expect(field().value).toBe("26 November 2026")
    type("July 1, 2025")
    expect(value()).toBe("2025-07-01")
    fireEvent.keyDown(field(), { key: "Enter" })
    expect(field().value).toBe("1 July 2025")
  })

  it("a day the month does not have: named in the error, in each language, and never handed over as a day", () => {
    render(<Harness locale="hr" start="2026-02-01" />)
    type("31. 2. 2026.")
    expect(value()).toBe("31. 2. 2026.")
    expect(screen.queryByTestId("d-error")).toBeNull()
    fireEvent.blur(field())
    expect(screen.getByTestId("d-error").textContent).toBe(
      "Datum 31. 2. 2026. ne postoji: posljednji dan tog mjeseca je 28.",
    )
    expect(field().getAttribute("aria-invalid")).toBe("true")
    expect(field().getAttribute("aria-describedby")).toBe(screen.getByTestId("d-error").id)
    type("28. 2. 2026.")
    expect(screen.queryByTestId("d-error")).toBeNull()
    expect(value()).toBe("2026-02-28")
  })

  it("English: text that is not a date, and US-style numbers, say how to write the date", () => {
    render(<Harness locale="en" />)
    type("02/30/2026")
    fireEvent.blur(field())
    expect(screen.getByTestId("d-error").textContent).toBe(
      "This date was not recognised. Type it as 26 November 2026.",
    )
    type("30 February 2026")
    expect(screen.getByTestId("d-error").textContent).toBe(
      "30 February 2026 does not exist: that month ends on day 28.",
    )
  })

  it("cleared by the form, the field empties", async () => {
    render(<Harness locale="hr" start="2025-07-01" />)
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "clear" })))
    expect(field().value).toBe("")
    expect(value()).toBe("")
  })
})

describe("every date field of the app is the one date field", () => {
  it("the export selection shows its days in the UI's format in both languages, and hands over ISO days", () => {
    for (const [locale, shown] of [["hr", "1. 6. 2025."], ["en", "1 June 2025"]] as const) {
      let changed: ExportFilter | null = null
      render(
        <I18nProvider locale={locale}>
          <SelectionFilterFields value={{ ...ANY_FILTER, since: "2025-06-01" }} clients={[]} disabled={false} onChange={(next) => (changed = next)} />
        </I18nProvider>,
      )
      expect((screen.getByTestId("export-filter-since") as HTMLInputElement).value).toBe(shown)
      fireEvent.change(screen.getByTestId("export-filter-until"), { target: { value: locale === "hr" ? "30. 6. 2025." : "30 June 2025" } })
      expect(changed).toMatchObject({ since: "2025-06-01", until: "2025-06-30" })
      cleanup()
    }
  })
})
