import { describe, expect, it } from "vitest"
import { extractAmounts } from "../../../../src-main/engine/interpret/amounts"
import { chooseAsOf, extractDates, extractYears, isoDate, monthStart, relativeTimeNotes, scanDates, scanMonths } from "../../../../src-main/engine/interpret/dates"
import { normalizeText } from "../../../../src-main/engine/interpret/text-utils"

function read(text: string) {
  const normalized = normalizeText(text)
  const dates = extractDates(normalized)
  const years = extractYears(normalized, dates, extractAmounts(normalized))
  return { dates: dates.map((d) => d.iso), years, asOf: chooseAsOf(normalized, dates, years) }
}

describe("extractDates", () => {
  it.each([
    ["od 1.1.2025.", "2025-01-01"],
    ["do 01.01.2025", "2025-01-01"],
    ["rok je 15. 3. 2025.", "2025-03-15"],
    ["2025-01-01", "2025-01-01"],
    ["as of 1 January 2026", "2026-01-01"],
    ["on the 31st of March 2026", "2026-03-31"],
    ["from January 1, 2026", "2026-01-01"],
    ["Mar. 5 2024", "2024-03-05"],
    ["od 1. siječnja 2026.", "2026-01-01"],
    ["od 1. sijecnja 2026.", "2026-01-01"],
    ["do 31. ožujka 2027.", "2027-03-31"],
    ["30. studenoga 2025.", "2025-11-30"],
    ["30. studenog 2025", "2025-11-30"],
    ["5. veljače 2024", "2024-02-05"],
    ["01/07/2025", "2025-07-01"],
  ])("%j -> %s", (text, iso) => {
    expect(read(text).dates).toEqual([iso])
  })

  it.each(["31.2.2025.", "30. veljače 2024", "2025-13-01", "1.1.", "15.000,00 eura"])("no date in %j", (text) => {
    expect(read(text).dates).toEqual([])
  })

  it("rejects impossible calendar days", () => {
    expect(isoDate(2024, 2, 29)).toBe("2024-02-29")
    expect(isoDate(2025, 2, 29)).toBeUndefined()
  })
})

describe("scanDates: impossible dates", () => {
  const impossible = (text: string) =>
    scanDates(normalizeText(text)).impossible.map(({ written, year, month, day }) => ({ written, year, month, day }))

  it.each([
    ["Koja je stopa PDV-a na dan 31.02.2025?", { written: "31.02.2025", year: 2025, month: 2, day: 31 }],
    ["rok 30.2.2024.", { written: "30.2.2024", year: 2024, month: 2, day: 30 }],
    ["29.02.2025.", { written: "29.02.2025", year: 2025, month: 2, day: 29 }],
    ["od 32.01.2025.", { written: "32.01.2025", year: 2025, month: 1, day: 32 }],
    ["1.13.2025.", { written: "1.13.2025", year: 2025, month: 13, day: 1 }],
    ["2/13/2025", { written: "2/13/2025", year: 2025, month: 13, day: 2 }],
    ["VAT rate on 2025-02-30", { written: "2025-02-30", year: 2025, month: 2, day: 30 }],
    ["2025-13-01", { written: "2025-13-01", year: 2025, month: 13, day: 1 }],
    ["31. travnja 2025.", { written: "31. travnja 2025", year: 2025, month: 4, day: 31 }],
    ["30. veljače 2024", { written: "30. veljače 2024", year: 2024, month: 2, day: 30 }],
    ["30. veljace 2024", { written: "30. veljače 2024", year: 2024, month: 2, day: 30 }],
    ["on February 30, 2025", { written: "February 30, 2025", year: 2025, month: 2, day: 30 }],
    ["as of 31 June 2026", { written: "31 June 2026", year: 2026, month: 6, day: 31 }],
  ])("%j names an impossible date", (text, expected) => {
    expect(impossible(text)).toEqual([expected])
    expect(read(text).dates).toEqual([])
  })

  it("a real date (29 February of a leap year) or no date at all is not impossible", () => {
    expect(impossible("29.02.2024.")).toEqual([])
    expect(scanDates(normalizeText("29.02.2024.")).dates.map((d) => d.iso)).toEqual(["2024-02-29"])
    expect(impossible("Koja je stopa PDV-a?")).toEqual([])
    expect(impossible("promet 15.000,00 eura u 2025.")).toEqual([])
  })

  it("keeps real and impossible dates of one question apart, in order", () => {
    const scanned = scanDates(normalizeText("od 1.1.2025. do 31.02.2025. i 2025-04-31"))
    expect(scanned.dates.map((d) => d.iso)).toEqual(["2025-01-01"])
    expect(scanned.impossible.map((d) => d.written)).toEqual(["31.02.2025", "2025-04-31"])
  })

  it("the year of an impossible date does not become the question's year (no 1 January fallback)", () => {
    for (const text of ["What is the VAT rate on February 30, 2025?", "Stopa na dan 31.02.2025."]) {
      const normalized = normalizeText(text)
      const scanned = scanDates(normalized)
      const years = extractYears(normalized, scanned.dates, [], scanned.impossible)
      expect(years).toEqual([])
      expect(chooseAsOf(normalized, scanned.dates, years)).toEqual({ note: "asof:none" })
    }
  })
})

describe("extractYears", () => {
  it.each([
    ["u 2024. godini", [2024]],
    ["prag u 2025.", [2025]],
    ["in 2026", [2026]],
    ["usporedi 2024 i 2025", [2024, 2025]],
    ["od 1.1.2025. do 2026.", [2025, 2026]],
    ["promet 2.000 eura", []],
    ["imam 2000 eura", []],
    ["godina 1850", []],
  ])("%j -> %j", (text, years) => {
    expect(read(text).years).toEqual(years)
  })
})

describe("chooseAsOf", () => {
  it.each([
    ["Koja je stopa od 1.1.2025.?", "2025-01-01", "explicit_date"],
    ["What was the threshold as of 1 January 2024?", "2024-01-01", "explicit_date"],
    ["Račun izdan 15.3.2025. i plaćen 1.4.2025. – koja stopa vrijedi od 1.4.2025.?", "2025-04-01", "explicit_date"],
    ["Koja je stopa 15.3.2025.?", "2025-03-15", "single_date"],
    ["Koji je prag u 2024. godini?", "2024-01-01", "year"],
    ["VAT threshold in 2025", "2025-01-01", "year"],
  ])("%j -> %s (%s)", (text, asOfDate, basis) => {
    expect(read(text).asOf).toMatchObject({ asOfDate, basis })
  })

  it.each([
    ["Usporedi prag 2024 i 2025", "asof:ambiguous_years"],
    ["Između 1.1.2024. i 1.1.2025.", "asof:ambiguous_dates"],
    ["Koja je stopa PDV-a?", "asof:none"],
  ])("leaves %j without a date (%s)", (text, note) => {
    const { asOf } = read(text)
    expect(asOf.asOfDate).toBeUndefined()
    expect(asOf.note).toBe(note)
  })
})

describe("relativeTimeNotes", () => {
  it("notes relative time phrases without resolving them", () => {
    expect(relativeTimeNotes(normalizeText("Koji je prag sljedeće godine?"))).toEqual(["relative_time:next_year"])
    expect(relativeTimeNotes(normalizeText("What is the rate this year?"))).toEqual(["relative_time:this_year"])
    expect(relativeTimeNotes(normalizeText("Koja je stopa?"))).toEqual([])
  })
})

describe("a month named with its year", () => {
  const monthAsOf = (text: string) => {
    const normalized = normalizeText(text)
    const scanned = scanDates(normalized)
    const years = extractYears(normalized, scanned.dates, extractAmounts(normalized))
    return chooseAsOf(normalized, scanned.dates, years, scanMonths(normalized, scanned))
  }

  it.each([
    ["PDV na pelete u kolovozu 2022.", "2022-08-01"],
    ["za veljaču 2025", "2025-02-01"],
    ["za veljacu 2025", "2025-02-01"],
    ["u lipnju 2023. godine", "2023-06-01"],
    ["prijava za siječanj 2026.", "2026-01-01"],
    ["tijekom studenoga 2024", "2024-11-01"],
    ["in prosincu 2025", "2025-12-01"],
    ["the VAT return for January 2026", "2026-01-01"],
    ["in December, 2024", "2024-12-01"],
  ])("%j is dated the month's first day", (text, iso) => {
    expect(monthAsOf(text)).toEqual({ asOfDate: iso, basis: "month", note: "asof:month_start" })
  })

  it("leaves a full date to the date readers, and two months undecided", () => {
    expect(monthAsOf("rok 1. siječnja 2026.")).toMatchObject({ asOfDate: "2026-01-01", basis: "single_date" })
    expect(monthAsOf("između ožujka 2024 i svibnja 2025")).toEqual({ note: "asof:ambiguous_months" })
    expect(monthAsOf("u 2024. godini")).toMatchObject({ basis: "year" })
  })

  it("a deadline for a month falls in the month after it, also across a year", () => {
    expect(monthStart(2026, 1, true)).toBe("2026-02-01")
    expect(monthStart(2025, 12, true)).toBe("2026-01-01")
    expect(monthStart(2025, 12)).toBe("2025-12-01")
  })
})
