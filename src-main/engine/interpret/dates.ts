import type { AsOfBasis, ImpossibleDate } from "./types"

// Dates and years in Croatian and English notation, and the reference date (asOfDate) a
// question asks about. Numeric dates are read day-first ("1.1.2025.", "01/02/2025"), as written
// in Croatia; ISO dates ("2025-01-01") as ISO. Month names: Croatian genitive ("1. siječnja
// 2026."), with or without diacritics (text is normalised first), and English ("1 January 2026",
// "January 1, 2026"). Nothing here reads a clock: relative phrases ("next year") are only noted.
// A date written in one of these forms that is not on the calendar ("31.02.2025.", "2025-13-01")
// is kept apart as an impossible date: the user meant a specific day, so the caller must ask
// which one rather than fall back to another date.

export interface DateMatch {
  iso: string
  year: number
  start: number
  end: number
}

const HR_MONTHS: Record<string, number> = {
  sijecnja: 1, veljace: 2, ozujka: 3, travnja: 4, svibnja: 5, lipnja: 6, srpnja: 7, kolovoza: 8, rujna: 9,
  listopada: 10, studenoga: 11, studenog: 11, prosinca: 12,
}
const EN_MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6,
  july: 7, jul: 7, august: 8, aug: 8, september: 9, sep: 9, sept: 9, october: 10, oct: 10, november: 11,
  nov: 11, december: 12, dec: 12,
}
const YEAR = String.raw`(?:19|20)\d\d|2100`
const HR_MONTH_NAMES = Object.keys(HR_MONTHS).sort((a, b) => b.length - a.length).join("|")
const EN_MONTH_NAMES = Object.keys(EN_MONTHS).sort((a, b) => b.length - a.length).join("|")

const NUMERIC_DMY = new RegExp(String.raw`(?<![\d.,/])(\d{1,2})([./])\s?(\d{1,2})\2\s?(${YEAR})(?!\d)\.?`, "g")
const ISO_DATE = new RegExp(String.raw`(?<!\d)(${YEAR})-(\d{2})-(\d{2})(?!\d)`, "g")
const HR_TEXT_DATE = new RegExp(String.raw`(?<![\d.])(\d{1,2})\.?\s*(${HR_MONTH_NAMES})\s*,?\s*(${YEAR})(?!\d)\.?`, "g")
const EN_DAY_MONTH = new RegExp(
  String.raw`(?<![\d.])(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${EN_MONTH_NAMES})\b\.?,?\s+(${YEAR})(?!\d)`,
  "g",
)
const EN_MONTH_DAY = new RegExp(String.raw`\b(${EN_MONTH_NAMES})\b\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(${YEAR})(?!\d)`, "g")
const STANDALONE_YEAR = new RegExp(String.raw`(?<![\d.,/-])(${YEAR})(?!\d|[.,]\d|-\d)`, "g")

/** An ISO date for a real calendar day, or undefined ("31.2.2025." is not a date). */
export function isoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined
  const probe = new Date(Date.UTC(year, month - 1, day))
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

function overlaps(found: ReadonlyArray<{ start: number; end: number }>, start: number, end: number): boolean {
  return found.some((d) => start < d.end && end > d.start)
}

export interface ScannedDates {
  /** Real calendar dates, in order of appearance. */
  dates: DateMatch[]
  /** Dates written as dates that do not exist, in order of appearance. */
  impossible: ImpossibleDateMatch[]
}

export interface ImpossibleDateMatch extends ImpossibleDate {
  start: number
  end: number
}

type Ymd = [year: number, month: number, day: number]

function collect(text: string, pattern: RegExp, read: (m: RegExpExecArray) => Ymd | undefined, into: ScannedDates): void {
  pattern.lastIndex = 0
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const ymd = read(m)
    const start = m.index
    const end = start + m[0].length
    if (ymd === undefined || overlaps(into.dates, start, end) || overlaps(into.impossible, start, end)) continue
    const [year, month, day] = ymd
    const iso = isoDate(year, month, day)
    if (iso !== undefined) into.dates.push({ iso, year, start, end })
    else into.impossible.push({ written: writtenForm(m[0]), year, month, day, start, end })
  }
}

// Month names as written, for showing a date back to the user (the normalised text has lost them).
const HR_MONTH_SPELLING: Record<string, string> = { sijecnja: "siječnja", veljace: "veljače", ozujka: "ožujka" }

/** The date as the user wrote it: the normalised match with month names spelt properly again. */
function writtenForm(matched: string): string {
  const trimmed = matched.trim().replace(/\.$/, "")
  return trimmed.replace(/\b[a-z]+\b/g, (word) => {
    if (EN_MONTHS[word] !== undefined) return word.charAt(0).toUpperCase() + word.slice(1)
    return HR_MONTH_SPELLING[word] ?? word
  })
}

/** Every date written in the normalised text: the real ones and the impossible ones. */
export function scanDates(normalized: string): ScannedDates {
  const found: ScannedDates = { dates: [], impossible: [] }
  collect(normalized, ISO_DATE, (m) => [Number(m[1]), Number(m[2]), Number(m[3])], found)
  collect(normalized, NUMERIC_DMY, (m) => [Number(m[4]), Number(m[3]), Number(m[1])], found)
  collect(normalized, HR_TEXT_DATE, (m) => {
    const month = HR_MONTHS[m[2] ?? ""]
    return month === undefined ? undefined : [Number(m[3]), month, Number(m[1])]
  }, found)
  collect(normalized, EN_DAY_MONTH, (m) => {
    const month = EN_MONTHS[m[2] ?? ""]
    return month === undefined ? undefined : [Number(m[3]), month, Number(m[1])]
  }, found)
  collect(normalized, EN_MONTH_DAY, (m) => {
    const month = EN_MONTHS[m[1] ?? ""]
    return month === undefined ? undefined : [Number(m[3]), month, Number(m[2])]
  }, found)
  found.dates.sort((a, b) => a.start - b.start)
  found.impossible.sort((a, b) => a.start - b.start)
  return found
}

// A month named with its year and no day ("u kolovozu 2022.", "za veljaču 2025", "January 2026"):
// Croatian in every case (nominative, genitive, accusative, locative), diacritics folded.
const HR_MONTH_FORMS: Array<[RegExp, number]> = [
  [/sijec(?:anj|nja|nju)/, 1], [/veljac[aeiu]/, 2], [/ozuj(?:ak|ka|ku)/, 3], [/trav(?:anj|nja|nju)/, 4],
  [/svib(?:anj|nja|nju)/, 5], [/lip(?:anj|nja|nju)/, 6], [/srp(?:anj|nja|nju)/, 7], [/kolovoz[au]?/, 8],
  [/ruj(?:an|na|nu)/, 9], [/listopad[au]?/, 10], [/studen(?:oga|ome|og|om|i)/, 11], [/prosin(?:ac|ca|cu)/, 12],
]
const MONTH_YEAR = new RegExp(
  String.raw`\b(${[...HR_MONTH_FORMS.map(([form]) => form.source), EN_MONTH_NAMES].join("|")})\b\.?,?\s+(${YEAR})(?!\d)`,
  "g",
)

export interface MonthMatch {
  year: number
  month: number
  start: number
  end: number
}

/** Months named with a year but no day, outside the dates already read; in order of appearance. */
export function scanMonths(normalized: string, dates: ScannedDates): MonthMatch[] {
  const months: MonthMatch[] = []
  MONTH_YEAR.lastIndex = 0
  for (let m = MONTH_YEAR.exec(normalized); m !== null; m = MONTH_YEAR.exec(normalized)) {
    const start = m.index
    const end = start + m[0].length
    if (overlaps(dates.dates, start, end) || overlaps(dates.impossible, start, end)) continue
    const word = m[1] ?? ""
    const month = EN_MONTHS[word] ?? HR_MONTH_FORMS.find(([form]) => new RegExp(`^${form.source}$`).test(word))?.[1]
    if (month !== undefined) months.push({ year: Number(m[2]), month, start, end })
  }
  return months
}

/** The first day of a month, and of the month after it (a deadline for a period falls after it). */
export function monthStart(year: number, month: number, after = false): string {
  const next = after ? month + 1 : month
  const [y, mo] = next > 12 ? [year + 1, 1] : [year, next]
  return `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-01`
}

/** All calendar dates in the normalised text, in order of appearance. */
export function extractDates(normalized: string): DateMatch[] {
  return scanDates(normalized).dates
}

/** Years mentioned (1990–2100), in dates or on their own, outside money amounts; first-seen order. */
export function extractYears(
  normalized: string,
  dates: readonly DateMatch[],
  amountSpans: ReadonlyArray<{ start: number; end: number }>,
  impossibleDates: ReadonlyArray<{ start: number; end: number }> = [],
): number[] {
  const positioned: Array<{ year: number; at: number }> = dates.map((d) => ({ year: d.year, at: d.start }))
  STANDALONE_YEAR.lastIndex = 0
  for (let m = STANDALONE_YEAR.exec(normalized); m !== null; m = STANDALONE_YEAR.exec(normalized)) {
    const start = m.index
    const end = start + m[0].length
    // The year of an impossible date is not a year on its own ("February 30, 2025" is not "in 2025").
    if (overlaps(dates, start, end) || overlaps(impossibleDates, start, end) || overlaps(amountSpans, start, end)) continue
    positioned.push({ year: Number(m[1]), at: start })
  }
  positioned.sort((a, b) => a.at - b.at)
  const years: number[] = []
  for (const p of positioned) if (p.year >= 1990 && p.year <= 2100 && !years.includes(p.year)) years.push(p.year)
  return years
}

// Words that mark a date as the point in time the question is about ("od 1.1.2025.", "as of").
const REFERENCE_MARKER = /(?:\bod|\bna dan|\bdana|\bs danom|\bsa danom|\bzakljucno sa?|\bstanje na|\bpocevsi od|\bpocev od|\bas of|\bas at|\bfrom|\bsince|\bon|\beffective(?: from)?|\bstarting(?: from)?)\s*$/

export interface AsOf {
  asOfDate?: string
  basis?: AsOfBasis
  note: string
}

/**
 * The reference date, chosen in this order:
 * 1. the first date preceded by a reference word ("od 1.1.2025.", "as of 1 January 2026");
 * 2. the only date in the question;
 * 3. with no date, the only month named with its year ("u kolovozu 2022.") -> its first day
 *    (basis "month"; a deadline question about that month is moved after it by the intake);
 * 4. with no date or month, the only year in the question ("u 2024. godini", "in 2025") -> 1 January of
 *    that year: Croatian annual rules (rates, thresholds, allowances) take effect on 1 January,
 *    so the first day is where "the rules of year X" start. basis "year" lets the caller say so
 *    or ask when a mid-year change matters.
 * Several dates or several years without a marked one leave asOfDate unset.
 */
export function chooseAsOf(
  normalized: string,
  dates: readonly DateMatch[],
  years: readonly number[],
  months: readonly MonthMatch[] = [],
): AsOf {
  for (const d of dates) {
    const before = normalized.slice(Math.max(0, d.start - 24), d.start)
    if (REFERENCE_MARKER.test(before)) return { asOfDate: d.iso, basis: "explicit_date", note: "asof:explicit_date" }
  }
  const distinct = [...new Set(dates.map((d) => d.iso))]
  const [onlyDate] = distinct
  if (distinct.length === 1 && onlyDate !== undefined) return { asOfDate: onlyDate, basis: "single_date", note: "asof:single_date" }
  if (distinct.length > 1) return { note: "asof:ambiguous_dates" }
  const namedMonths = [...new Set(months.map((m) => monthStart(m.year, m.month)))]
  const [onlyMonth] = namedMonths
  if (namedMonths.length === 1 && onlyMonth !== undefined) return { asOfDate: onlyMonth, basis: "month", note: "asof:month_start" }
  if (namedMonths.length > 1) return { note: "asof:ambiguous_months" }
  const [onlyYear] = years
  if (years.length === 1 && onlyYear !== undefined) return { asOfDate: `${onlyYear}-01-01`, basis: "year", note: "asof:year_start" }
  if (years.length > 1) return { note: "asof:ambiguous_years" }
  return { note: "asof:none" }
}

const RELATIVE_TIME: Array<[RegExp, string]> = [
  [/\b(?:sljedec\w* godin\w*|iduc\w* godin\w*|next year)\b/, "relative_time:next_year"],
  [/\b(?:prosl\w* godin\w*|last year|previous year|prior year)\b/, "relative_time:last_year"],
  [/\b(?:ov\w* godin\w*|tekuc\w* godin\w*|this year|current year)\b/, "relative_time:this_year"],
  [/\b(?:danas|trenutno|sada|today|currently|now)\b/, "relative_time:now"],
]

/** Notes for relative time phrases; resolving them needs the run's clock, which the caller has. */
export function relativeTimeNotes(normalized: string): string[] {
  const notes: string[] = []
  for (const [pattern, note] of RELATIVE_TIME) if (pattern.test(normalized)) notes.push(note)
  return notes
}
