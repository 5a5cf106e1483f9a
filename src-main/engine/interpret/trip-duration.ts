// How long a trip lasted, in hours, read from normalised text ("put od 10 sati", "10-satni put",
// "a 10-hour trip", "10 h 30 min"). Per-diem rules depend on it (more than 8 and less than 12
// hours, more than 12 hours). A number counts only when an hour word follows it. An exact figure
// is a duration; a bound ("više od 12 sati", "at least 10 hours") is kept as a bound, which settles
// a per-diem band only where every duration it allows falls on one side of it (knowledge/
// fact-bounds.ts): read as a figure, "dulje od 12 sati" would be exactly 12 hours, which no band
// covers. A range ("8-12 sati"), a time of day ("u 10 sati"), an approximation ("oko 10 sati") or
// "do 12 sati" (up to a duration, or until a clock time?) states neither.

import type { FactBound } from "../../../src-shared/context"

/** The contract's ceiling (src-shared/context.ts): a trip of more than a leap year is not a trip. */
export const MAX_TRIP_HOURS = 24 * 366

export interface TripDuration {
  /** Set only when the question states one exact duration, and names a trip or a per diem. */
  hours?: number
  /** Set instead when the question states one bound and no duration, and names a trip or a per diem. */
  bound?: FactBound
  /** Why no duration was taken, or the duration taken: for the interpretation's signals. */
  note?: string
}

const NUMBER = String.raw`\d{1,4}(?:[.,]\d{1,2})?`
// "sati", "sata", "sat", "h", "hr", "hrs", "hour(s)", "-satni"/"-satnog"/..., "-hour".
const HOUR_WORD = String.raw`(?:sat[ia]?|satn[a-z]*|h|hrs?|hours?)`
const MINUTES = String.raw`(?:\s?(?:i|and|,)?\s?(?<min>\d{1,2})\s?(?:minut[a-z]*|mins?|m)(?![a-z]))?`
const MENTION = new RegExp(
  String.raw`(?<![\d.,:])(?<num>${NUMBER})(?![\d])\s?(?:-\s?)?${HOUR_WORD}(?![a-z])${MINUTES}`,
  "g",
)

// Words right before the number that make it a bound, an approximation or a clock time.
const NOT_EXACT_BEFORE = new RegExp(
  String.raw`(?:^|[^a-z])(?:vise|dulj[ea-z]*|duz[ei][a-z]*|preko|iznad|manje|krac[ei][a-z]*|ispod|do|najmanje|najvise|barem|bar|min|max|oko|cca|otprilike|priblizno|gotovo|skoro|u|` +
    String.raw`more|over|longer|above|exceeding|less|under|shorter|below|up|at|least|most|about|around|approximately|roughly|nearly|almost|within|than|to|till|until)` +
    String.raw`(?:\s(?:od|than|to))?\s$`,
)
// "8-12 sati", "8 do 12 sati", "between 8 and 12 hours": the second number of a range.
const RANGE_BEFORE = /\d\s?(?:-|–|do|to|and|i|ili|or)\s?$/
// "od 8 sati do 16 sati", "10 h - 12 h": the first end of a range or of a span of clock times.
const RANGE_AFTER = /^\s?(?:-|–|do|to|until|till|ili|or)\s?\d/
// A negative number ("-5 sati") is not a duration, and the lookbehind above lets its digits through.
const SIGN_BEFORE = /[-−]\s?$/
const TRAVEL_WORDS = /\b(?:put|puta|putu|putem|putovanj[a-z]*|putni[a-z]*|dnevnic[a-z]*|trips?|travel[a-z]*|journeys?|diems?)\b/

// A bound's words right before the number, in normalised text (no diacritics).
const BOUND_BEFORE: ReadonlyArray<readonly [RegExp, FactBound["operator"]]> = [
  [/(?:^|[^a-z])(?:vise|dulj[a-z]*|duz[ei][a-z]*|preko|iznad|more|over|longer|above|exceeding)(?:\s(?:od|than))?\s$/, "gt"],
  [/(?:^|[^a-z])(?:najmanje|barem|at least|minimum)(?:\s(?:od))?\s$/, "gte"],
  [/(?:^|[^a-z])(?:manje|krac[ei][a-z]*|ispod|less|under|shorter|below|fewer)(?:\s(?:od|than))?\s$/, "lt"],
  [/(?:^|[^a-z])(?:najvise|at most|up to|maximum)\s$/, "lte"],
]

type Mention = { hours: number } | { bound: FactBound } | "inexact"

/** What one mention states: an exact duration, a bound, or neither. */
function readMention(text: string, match: RegExpExecArray): Mention {
  const num = match.groups?.num
  if (num === undefined) return "inexact"
  const before = text.slice(Math.max(0, match.index - 30), match.index)
  const after = text.slice(match.index + match[0].length, match.index + match[0].length + 8)
  if (RANGE_BEFORE.test(before) || SIGN_BEFORE.test(before) || RANGE_AFTER.test(after)) return "inexact"
  const minutes = match.groups?.min === undefined ? 0 : Number(match.groups.min)
  if (minutes >= 60) return "inexact"
  const hours = Number(num.replace(",", ".")) + minutes / 60
  if (!Number.isFinite(hours) || hours < 0 || hours > MAX_TRIP_HOURS) return "inexact"
  const value = Math.round(hours * 100) / 100
  const bound = BOUND_BEFORE.find(([words]) => words.test(before))
  if (bound !== undefined) return { bound: { operator: bound[1], value } }
  return NOT_EXACT_BEFORE.test(before) ? "inexact" : { hours: value }
}

/** The trip's duration the question states, if it states exactly one, or else its one bound. */
export function extractTripDuration(normalized: string): TripDuration {
  const mentions: Mention[] = []
  MENTION.lastIndex = 0
  for (let m = MENTION.exec(normalized); m !== null; m = MENTION.exec(normalized)) mentions.push(readMention(normalized, m))
  if (mentions.length === 0) return {}
  // Two different figures, or a figure beside a bound or a clock time: which one is the trip's
  // is a guess, and a guess must not pick a per-diem band.
  const distinct = [...new Set(mentions.map((m) => JSON.stringify(m)))]
  const [only] = mentions
  if (only === undefined || only === "inexact" || distinct.length > 1) return { note: "trip_hours:not_exact" }
  if (!TRAVEL_WORDS.test(normalized)) return { note: "trip_hours:no_trip" }
  if ("bound" in only) return { bound: only.bound, note: `trip_hours:${only.bound.operator}:${only.bound.value}` }
  return { hours: only.hours, note: `trip_hours:${only.hours}` }
}
