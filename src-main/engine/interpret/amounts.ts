import type { FoundAmount } from "./types"

// Money amounts in Croatian and English notation, read from normalised text.
// Croatian writes "65.000,00" (dot thousands, comma decimals), English "65,000.00"; both may
// group with spaces ("500 000"). A number is an amount when a currency stands before or after
// it, or (currency assumed EUR, the Croatian currency since 2023) when it directly follows a
// turnover word ("promet 65.000"). HRK amounts are kept in HRK: the interpreter never converts.

export interface AmountMatch extends FoundAmount {
  start: number
  end: number
  /** True when no currency was written and EUR was assumed from a turnover word. */
  currencyAssumed: boolean
}

const NUMBER = String.raw`\d{1,3}(?:[ .]\d{3})+(?:,\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?`
const PREFIX = String.raw`€|\beur(?:o|a)?\b|\bhrk\b|\bkn\b`
const MULTIPLIER = String.raw`k|tis\.?|tisuca|tisuce|tisucu|thousand|m|mil\.?|mln\.?|mio\.?|milijun|milijuna|milijona|milion|miliona|million|millions|bn|billion|milijarda|milijarde|milijardi`
const SUFFIX = String.raw`€|eur(?:a|o|e|os|ima)?|hrk|kn|kuna|kune|kunama`
const AMOUNT_PATTERN = new RegExp(
  String.raw`(?:(?<pre>${PREFIX})\s?)?(?<![\d.,])(?<num>${NUMBER})(?!\d|[.,]\d)` +
    String.raw`(?:\s?(?<mult>${MULTIPLIER})(?![\p{L}\d]))?(?:\s?(?<post>${SUFFIX})(?![\p{L}\d]))?`,
  "gu",
)

const THOUSANDS_DOT = /^\d{1,3}(?:\.\d{3})+$/
const THOUSANDS_COMMA = /^\d{1,3}(?:,\d{3})+$/

/** Reads "39.816,84", "15,000", "1.5", "500 000" as numbers (see the notation note above). */
export function parseNumber(raw: string, hasMultiplier = false): number {
  const s = raw.replace(/ /g, "")
  const dot = s.lastIndexOf(".")
  const comma = s.lastIndexOf(",")
  let plain: string
  if (dot >= 0 && comma >= 0) {
    plain = dot > comma ? s.replace(/,/g, "") : s.replace(/\./g, "").replace(",", ".")
  } else if (comma >= 0) {
    // "15,000" is English thousands, "1,5" a Croatian decimal; "1,500 milijuna" reads as 1.5.
    plain = THOUSANDS_COMMA.test(s) && !(hasMultiplier && s.split(",").length === 2) ? s.replace(/,/g, "") : s.replace(",", ".")
  } else if (dot >= 0) {
    plain = THOUSANDS_DOT.test(s) && !(hasMultiplier && s.split(".").length === 2) ? s.replace(/\./g, "") : s
  } else {
    plain = s
  }
  return Number(plain)
}

function multiplierValue(mult: string | undefined): number {
  if (mult === undefined) return 1
  const m = mult.replace(/\.$/, "")
  if (m === "k" || m.startsWith("tis") || m === "thousand") return 1_000
  if (m === "bn" || m.startsWith("billion") || m.startsWith("milijard")) return 1_000_000_000
  return 1_000_000
}

function currencyOf(marker: string | undefined): "EUR" | "HRK" | undefined {
  if (marker === undefined) return undefined
  if (marker === "€" || marker.startsWith("eur")) return "EUR"
  return "HRK"
}

const TURNOVER_WORDS = /\b(?:promet\w*|prihod\w*|primic\w*|primit\w*|turnover|revenues?|receipts?|income|dohod\w*|sales)\b/g
const TRANSACTION_WORDS = /\b(?:racun\w*|faktur\w*|transakcij\w*|placanj\w*|uplat\w*|isplat\w*|invoices?|payments?|transactions?|gotovin\w*|cash|kupnj\w*|purchases?)\b/g
// A bare number right after a turnover word ("promet 65.000", "turnover of 65,000").
const TURNOVER_BEFORE_BARE_NUMBER = /(?:promet\w*|prihod\w*|primic\w*|turnover|revenues?|income)(?:\s+(?:mi|je|mi je|od|iznosi|of|is|was|will be|oko|about|approximately|cca|do|up to|preko|over|above|ispod|below|under))*\s+$/
// A count of hours is a duration, however it is written: "10 sati", "10 h", "10 hrs", "10-satni", "10-hour";
// so is a count of years ("15-year jubilee", "15-godišnji staž").
const NOT_MONEY_AFTER = /^\s?(?:%|posto|percent|godin|god\.|yrs?(?![a-z])|dan|mjesec|month|year|day|sat|hour|h(?![a-z])|hrs?(?![a-z])|-\s?(?:sat|hour|h(?![a-z])|godin|godisnj|year)|radnik|zaposlen|employee|m2|km)/

/** Distance from the amount to the nearest match of `words` within the window, or Infinity. */
function nearestDistance(text: string, words: RegExp, start: number, end: number): number {
  const from = Math.max(0, start - 40)
  const windowText = text.slice(from, Math.min(text.length, end + 25))
  let best = Infinity
  words.lastIndex = 0
  for (let m = words.exec(windowText); m !== null; m = words.exec(windowText)) {
    const s = from + m.index
    const e = s + m[0].length
    const distance = e <= start ? start - e : s >= end ? s - end : 0
    if (distance < best) best = distance
  }
  return best
}

function roleOf(text: string, start: number, end: number): FoundAmount["role"] {
  const turnover = nearestDistance(text, TURNOVER_WORDS, start, end)
  const transaction = nearestDistance(text, TRANSACTION_WORDS, start, end)
  if (turnover === Infinity && transaction === Infinity) return "unknown"
  return turnover <= transaction ? "turnover" : "transaction"
}

const YEAR_LIKE = /^(?:19\d\d|20\d\d|2100)$/

/** The contract's bound on money (src-shared/context.ts); a larger figure is not a real amount. */
export const MAX_AMOUNT = 1e13

/** "-5 eura" or "10^300 eura": a sign or an exponent beside the digits means this is not a plain amount. */
function signedOrExponent(text: string, numStart: number, numEnd: number): boolean {
  const before = text.charAt(numStart - 1)
  const after = text.charAt(numEnd)
  return before === "^" || after === "^" || before === "-" || before === "\u2212"
}

/** All amounts in the normalised text, in order of appearance. */
export function extractAmounts(normalized: string): AmountMatch[] {
  const out: AmountMatch[] = []
  AMOUNT_PATTERN.lastIndex = 0
  for (let m = AMOUNT_PATTERN.exec(normalized); m !== null; m = AMOUNT_PATTERN.exec(normalized)) {
    if (m[0].length === 0) {
      AMOUNT_PATTERN.lastIndex += 1
      continue
    }
    const groups = m.groups ?? {}
    const num = groups.num
    if (num === undefined) continue
    const numStart = m.index + m[0].indexOf(num)
    if (signedOrExponent(normalized, numStart, numStart + num.length)) continue
    const written = currencyOf(groups.pre) ?? currencyOf(groups.post)
    let currency = written
    let start = m.index
    let end = m.index + m[0].length
    if (currency === undefined) {
      // Without a currency only a bare number after a turnover word counts (a year never does).
      const before = normalized.slice(Math.max(0, numStart - 60), numStart)
      const single = groups.mult !== undefined && groups.mult.length === 1
      if (single || YEAR_LIKE.test(num) || !TURNOVER_BEFORE_BARE_NUMBER.test(before)) continue
      if (NOT_MONEY_AFTER.test(normalized.slice(numStart + num.length, numStart + num.length + 12))) continue
      currency = "EUR"
      start = numStart
      end = numStart + m[0].length - m[0].indexOf(num)
    }
    const value = parseNumber(num, groups.mult !== undefined) * multiplierValue(groups.mult)
    if (!Number.isFinite(value) || value > MAX_AMOUNT) continue
    out.push({
      value: Math.round(value * 100) / 100,
      currency,
      raw: normalized.slice(start, end).trim(),
      role: roleOf(normalized, start, end),
      start,
      end,
      currencyAssumed: written === undefined,
    })
  }
  return out
}
