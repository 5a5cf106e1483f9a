import type { RuleValue } from "./pack-schema"
import { foldDiacritics } from "./text"

// Does a quote state a rule's value? Numbers are compared in every common written form: Croatian
// "60.000,00", English "60,000.00", spaced "60 000", plain "60000", trailing zero decimals ("5,0"),
// and "1 milijun" / "50 tisuća". A number matches only as a whole number: 5 is not found in 15,
// 25, 5,5 or 5.000. Used by the pack lint (pack-lint.ts); pure.

/** true: the quote states the value; false: it does not; null: not checked (booleans, texts without numbers). */
export function quoteStatesValue(quote: string, value: RuleValue): boolean | null {
  switch (value.type) {
    case "percentage":
      return new RegExp(`${numberPattern(value.value)}${PERCENT_AFTER}`, "iu").test(quote)
    case "currency":
      return amountPatterns(value.value).some((p) => new RegExp(p, "iu").test(quote))
    case "date":
      return datePatterns(value.value).some((p) => p.test(foldDiacritics(quote)))
    case "deadline":
    case "text":
      return textNumbersInQuote(`${value.text.hr} ${value.text.en}`, quote)
    case "boolean":
      return null
  }
}

const GROUP_SEPARATORS = [".", ",", " ", "\u00a0", "\u202f"]
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Digits with thousands grouped by `separator` ("60000", "." -> "60.000"). */
function grouped(integer: string, separator: string): string {
  let out = ""
  for (let i = 0; i < integer.length; i++) {
    if (i > 0 && (integer.length - i) % 3 === 0) out += separator
    out += integer[i]
  }
  return out
}

/** Not preceded by a digit or a digit and a separator; not followed by a separator and a digit. */
const BEFORE = String.raw`(?<!\d)(?<!\d[.,])(?<!\d[ \u00a0\u202f])`
const AFTER = String.raw`(?![.,]\d)(?!\d)(?![ \u00a0\u202f]\d{3}(?!\d))`

/** A regex source matching `value` as a whole number in any of the usual forms. */
export function numberPattern(value: number): string {
  const [integer = "0", fraction] = String(Math.abs(value)).split(".")
  const integers = new Set([integer, ...GROUP_SEPARATORS.map((s) => grouped(integer, s))])
  const integerPart = `(?:${[...integers].map(escape).join("|")})`
  // An integer may be written with zero decimals ("5,0 %", "60.000,00"); a fraction with trailing zeros ("0,50").
  const fractionPart = fraction === undefined ? "(?:[.,]0{1,2})?" : `[.,]${fraction}0*`
  return `${BEFORE}${integerPart}${fractionPart}${AFTER}`
}

/** After a percentage: a percent word, possibly after more numbers of a list ("5 i 13 %", "5, 13 or 25%"). */
const PERCENT_AFTER = String.raw`(?=(?:\s*(?:,|i|ili|and|or|do|to|-|–)\s*\d+(?:[.,]\d+)?)*\s*-?\s*(?:%|posto|percent|per cent))`

/** An amount as digits, or as a count of thousands or millions in words ("1 milijun", "50 thousand"). */
function amountPatterns(value: number): string[] {
  const patterns = [numberPattern(value)]
  if (value >= 1_000_000 && value % 10_000 === 0)
    patterns.push(`${numberPattern(value / 1_000_000)}\\s*(?:milijun|million|mil\\b|mln)`)
  if (value >= 1_000 && value % 1_000 === 0) patterns.push(`${numberPattern(value / 1_000)}\\s*(?:tisu[cć]|thousand)`)
  return patterns
}

const MONTHS_EN = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
/** Croatian month names in the genitive, diacritics folded ("1. siječnja 2026" -> "1. sijecnja 2026"). */
const MONTHS_HR = ["sijecnja", "veljace", "ozujka", "travnja", "svibnja", "lipnja", "srpnja", "kolovoza", "rujna", "listopada", "studenoga?", "prosinca"]

/** Patterns for an ISO date in the usual written forms, to test against a folded (lower-case) quote. */
function datePatterns(iso: string): RegExp[] {
  const [y = "", m = "", d = ""] = iso.split("-")
  const day = `0?${Number(d)}`
  const month = `0?${Number(m)}`
  const name = MONTHS_EN[Number(m) - 1]
  const croatian = MONTHS_HR[Number(m) - 1]
  if (name === undefined || croatian === undefined) return []
  const english = `(?:${name}|${name.slice(0, 3)}\\.?)`
  const ordinal = "(?:st|nd|rd|th)?"
  return [
    `(?<!\\d)${day}\\.\\s*${month}\\.\\s*${y}(?!\\d)`,
    `(?<!\\d)${day}/${month}/${y}(?!\\d)`,
    `(?<!\\d)${y}-${m}-${d}(?!\\d)`,
    `(?<!\\d)${day}${ordinal}\\s+(?:of\\s+)?${english},?\\s+${y}(?!\\d)`,
    `${english}\\s+${day}${ordinal},?\\s+${y}(?!\\d)`,
    `(?<!\\d)${day}\\.?\\s*${croatian}\\s+${y}(?!\\d)`,
  ].map((p) => new RegExp(p, "u"))
}

/**
 * Numbers written as words, folded: Croatian cardinals and ordinal stems (with their case
 * endings), English cardinals and ordinals. Left out as too common in other senses: "jedan"/"one"
 * and "drugi" (also "other").
 */
const SPELLED: ReadonlyArray<[number, string[], string[]]> = [
  [1, ["first"], ["prv"]],
  [2, ["dva", "dvije", "two", "second"], []],
  [3, ["tri", "three", "third"], ["trec"]],
  [4, ["cetiri", "four", "fourth"], ["cetvrt"]],
  [5, ["pet", "five", "fifth"], ["pet"]],
  [6, ["sest", "six", "sixth"], ["sest"]],
  [7, ["sedam", "seven", "seventh"], ["sedm"]],
  [8, ["osam", "eight", "eighth"], ["osm"]],
  [9, ["devet", "nine", "ninth"], ["devet"]],
  [10, ["deset", "ten", "tenth"], ["deset"]],
  [11, ["jedanaest", "eleven", "eleventh"], ["jedanaest"]],
  [12, ["dvanaest", "twelve", "twelfth"], ["dvanaest"]],
  [15, ["petnaest", "fifteen", "fifteenth"], ["petnaest"]],
  [20, ["dvadeset", "twenty", "twentieth"], ["dvadeset"]],
  [30, ["trideset", "thirty", "thirtieth"], ["trideset"]],
]
const DAY_WORDS: ReadonlyArray<[number, RegExp]> = SPELLED.map(([n, words, stems]) => [
  n,
  new RegExp(`^(${[...words, ...stems.map((stem) => `${stem}(i|a|e|o|og|oga|om|oj|u|ih|im)`)].join("|")})$`),
])

/** The "last day" words: a value saying "posljednji dan" is found in a quote saying "last" or "kraj". */
const LAST_DAY = /^(posljednj\w*|zadnj\w*|last|end|kraj\w*)$/

interface TextMarks {
  numbers: Set<number>
  lastDay: boolean
}

function marksOf(text: string): TextMarks {
  const folded = foldDiacritics(text)
  const numbers = numbersIn(folded)
  const words = folded.split(/[^a-z0-9]+/)
  for (const [n, pattern] of DAY_WORDS) if (words.some((w) => pattern.test(w))) numbers.add(n)
  return { numbers, lastDay: words.some((w) => LAST_DAY.test(w)) }
}

const DATE_IN_TEXT = /(?<!\d)(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})(?!\d)/g
const NUMBER_IN_TEXT = /(?<![\d.,])(?:\d{1,3}(?:([.,\u00a0\u202f ])\d{3}(?!\d))(?:\1\d{3}(?!\d))*(?:[.,]\d+)?|\d+(?:[.,]\d+)?)/g

/**
 * The numbers a text writes: dates "1. 7. 2025." as their day, month and year; "30.000,00",
 * "1,300.00" and "60 000" as one amount; "23,6" and "0.5" as decimals.
 */
export function numbersIn(text: string): Set<number> {
  const numbers = new Set<number>()
  const rest = text.replace(DATE_IN_TEXT, (_date, d: string, m: string, y: string) => {
    for (const part of [d, m, y]) numbers.add(Number(part))
    return " "
  })
  for (const match of rest.matchAll(NUMBER_IN_TEXT)) numbers.add(parseWritten(match[0], match[1]))
  return numbers
}

/** A written number: `group` is its thousands separator when it has one. */
function parseWritten(written: string, group: string | undefined): number {
  if (group !== undefined && !written.startsWith(`0${group}`)) {
    const digits = written.split(group).join("")
    return Number(digits.replace(",", "."))
  }
  // One separator: three digits after it mean thousands ("60.000"), except after a zero ("0,125").
  const single = /^(\d+)[.,](\d+)$/.exec(written)
  if (single && single[2]?.length === 3 && single[1] !== "0") return Number(`${single[1]}${single[2]}`)
  return Number(written.replace(",", "."))
}

/** At least one number or day word of the value's text appears in the quote; null when the text has none. */
function textNumbersInQuote(valueText: string, quote: string): boolean | null {
  const wanted = marksOf(valueText)
  if (wanted.numbers.size === 0 && !wanted.lastDay) return null
  if (wanted.lastDay && marksOf(quote).lastDay) return true
  const spelled = marksOf(quote.replace(/\d+/g, " ")).numbers
  return [...wanted.numbers].some((n) => spelled.has(n) || new RegExp(numberPattern(n), "u").test(quote))
}
