// Years of service ("radni staž") read from normalised text: "za 15 godina staža", "nakon 20
// godina rada", "jubilarna nagrada za 30 godina", "for 15 years of service", "a 15-year
// long-service award". Jubilee-award caps depend on it (one cap per step of five years), so a
// number counts only when a year word follows it AND a service or jubilee word stands beside it:
// "u 2025. godini" is a calendar year, "prije 2 godine" a time ago, and "za 2 godine" time ahead.
// A bound ("više od 35 godina staža"), a range ("15-20 godina staža") or an approximation ("oko
// 15 godina rada") states no count at all: read as one, "više od 35 godina" would pick the
// 35-year cap for someone who may have 37 years, which the pack does not cover.

/** The contract's bounds (src-shared/context.ts): no one has worked for more than 70 years. */
export const MIN_SERVICE_YEARS = 1
export const MAX_SERVICE_YEARS = 70

export interface ServiceYears {
  /** Set only when the question states one exact count of years of service. */
  years?: number
  /** Why no count was taken, or the count taken: for the interpretation's signals. */
  note?: string
}

// An integer of one to three digits, not part of a larger number ("2025", "15.000", "15 000").
const NUMBER = String.raw`(?<![\d.,])(?<num>\d{1,3})(?!\d|[.,]\d|\s\d{3}(?!\d))`
// "godina", "godine", "god.", "years", "yrs", "-godišnji" (folded: "godisnji"), "-year".
const YEAR_WORD = String.raw`(?:godin[a-z]*|god\.|godisnj[a-z]*|years?'?|yrs?)(?![a-z])`
const MENTION = new RegExp(String.raw`${NUMBER}\s?(?:-\s?)?${YEAR_WORD}`, "g")

// What follows the year word when the years are years of service: "staža", "rada", "radnog
// staža", "u službi", "kod poslodavca", "of service", "' service", "with the company", "jubilee".
const SERVICE_AFTER = new RegExp(
  String.raw`^\s?(?:(?:of|in|at|with|the|my|his|her|their|u|na|kod|istog|iste|svog|svoje)\s)*` +
    String.raw`(?:(?:ukupn|neprekid|radn|continuous|total|uninterrupted|unbroken|long)[a-z]*[\s-])*` +
    String.raw`(?:staz|rad|sluzb|poslodav|tvrtk|firm|jubil|service|work|employ|compan|anniversar)`,
)
// A jubilee word before the number, joined to it by "za", "nakon", "for", "after", ...:
// "jubilarna nagrada za 30 godina", "jubilee award for 30 years".
const JUBILEE_BEFORE = /(?:jubil|long[\s-]service|service award)[^.?!;]{0,40}?(?:^|\s)(?:za|nakon|od|s|sa|after|for|of|with)\s$/
// "prije 2 godine", "2 years ago": a point in time, not a length of service.
const AGO_BEFORE = /(?:^|[^a-z])(?:prije|unazad|ago)\s$/
const AGO_AFTER = /^\s?(?:ago|prije|ranije|earlier|unazad)(?![a-z])/
// Words right before the number that make it a bound or an approximation.
const NOT_EXACT_BEFORE = new RegExp(
  String.raw`(?:^|[^a-z])(?:vise|dulj[ea-z]*|duz[ei][a-z]*|preko|iznad|manje|krac[ei][a-z]*|ispod|do|najmanje|najvise|barem|bar|min|max|oko|cca|otprilike|priblizno|gotovo|skoro|` +
    String.raw`more|over|longer|above|exceeding|less|under|shorter|below|up|least|most|about|around|approximately|roughly|nearly|almost|within|than|to|till|until)` +
    String.raw`(?:\s(?:od|than|to))?\s$`,
)
// "15-20 godina", "15 do 20 godina", "between 15 and 20 years": the second number of a range.
const RANGE_BEFORE = /\d\s?(?:-|–|do|to|and|i|ili|or)\s?$/
// "15 ili 20 godina", "15-20 godina": the first number of a range or of a choice.
const RANGE_AFTER = /^\s?(?:-|–|do|to|ili|or|i|and)\s?\d/
// A negative number ("-5 godina") is not a count, and the lookbehind above lets its digits through.
const SIGN_BEFORE = /[-−]\s?$/

type Mention = { kind: "exact"; years: number } | { kind: "inexact" } | { kind: "outOfRange" } | { kind: "other" }

/** What one number followed by a year word says about years of service. */
function readMention(text: string, match: RegExpExecArray): Mention {
  const num = match.groups?.num
  if (num === undefined) return { kind: "other" }
  const start = match.index
  const end = start + match[0].length
  const before = text.slice(Math.max(0, start - 60), start)
  const after = text.slice(end, end + 40)
  // The number just before the year word may be the second of a range ("15-20 godina"), so the
  // range test looks at the number's own surroundings, not only at the year word's.
  const afterNumber = text.slice(start + num.length, start + num.length + 8)
  if (AGO_BEFORE.test(before) || AGO_AFTER.test(after)) return { kind: "other" }
  const aboutService = SERVICE_AFTER.test(after) || JUBILEE_BEFORE.test(before)
  if (!aboutService) return { kind: "other" }
  if (NOT_EXACT_BEFORE.test(before) || RANGE_BEFORE.test(before) || SIGN_BEFORE.test(before)) return { kind: "inexact" }
  if (RANGE_AFTER.test(afterNumber)) return { kind: "inexact" }
  const years = Number(num)
  if (!Number.isInteger(years) || years < MIN_SERVICE_YEARS || years > MAX_SERVICE_YEARS) return { kind: "outOfRange" }
  return { kind: "exact", years }
}

/** The years of service the question states, if it states exactly one count. */
export function extractServiceYears(normalized: string): ServiceYears {
  const exact = new Set<number>()
  let inexact = 0
  let outOfRange = 0
  MENTION.lastIndex = 0
  for (let m = MENTION.exec(normalized); m !== null; m = MENTION.exec(normalized)) {
    const mention = readMention(normalized, m)
    if (mention.kind === "exact") exact.add(mention.years)
    else if (mention.kind === "inexact") inexact += 1
    else if (mention.kind === "outOfRange") outOfRange += 1
  }
  if (exact.size === 0 && inexact === 0 && outOfRange === 0) return {}
  // "80 godina staža" is no one's service; taking 70 instead would answer another question.
  if (outOfRange > 0) return { note: "service_years:out_of_range" }
  // Two different counts, or a count beside a bound: which one is meant is a guess, and a guess
  // must not pick a jubilee cap.
  const [only] = exact
  if (only === undefined || exact.size > 1 || inexact > 0) return { note: "service_years:not_exact" }
  return { years: only, note: `service_years:${only}` }
}
