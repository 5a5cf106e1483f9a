import { monthStart } from "./interpret/dates"

// A deadline asked for a tax period named with its year: "Kada se predaje PDV prijava za 1.
// kvartal 2026.?", "When is our VAT return for Q1 2026 due?", "Do kad se predaje PDV prijava za
// razdoblja u 2026.?". The filing rules that apply are those in force once the period has ended
// (a change on 1 February 2026 decides every 2026 period's return), as for a named month
// (question-intake.ts periodAsOf). A year that names no period ("u 2026.", "ako sam ušao 2024.")
// is left alone: the run keeps that year's first day.

const QUARTER_WORDS: ReadonlySet<string> = new Set(["kvartal", "kvartala", "kvartalu", "tromjesecje", "tromjesecja", "tromjesecju", "quarter"])
const ORDINALS: ReadonlyMap<string, number> = new Map([
  ...["prvi", "prvo", "prvog", "prvom", "first", "1st"].map((w) => [w, 1] as const),
  ...["drugi", "drugo", "drugog", "drugom", "second", "2nd"].map((w) => [w, 2] as const),
  ...["treci", "trece", "treceg", "trecem", "third", "3rd"].map((w) => [w, 3] as const),
  ...["cetvrti", "cetvrto", "cetvrtog", "cetvrtom", "fourth", "4th"].map((w) => [w, 4] as const),
])
/** "za 2026.", "for 2026": the year is what is filed for. */
const FOR_WORDS: ReadonlySet<string> = new Set(["za", "for"])
/** "za razdoblja u 2026.", "for the periods of 2026", "za poslovnu godinu 2025". */
const PERIOD_WORDS: ReadonlySet<string> = new Set(["razdoblje", "razdoblja", "razdoblju", "razdobljima", "period", "periods", "godinu", "year"])
/** How far before the year a quarter or "za … razdoblja" is read. */
const WINDOW = 4

/** The first day after the tax period a deadline question names with `year`; undefined when it names none. */
export function periodEndAsOf(tokens: readonly string[], year: number): string | undefined {
  const at = tokens.indexOf(String(year))
  if (at < 0) return undefined
  const quarter = quarterBefore(tokens, at)
  if (quarter !== undefined) return monthStart(year, quarter * 3, true)
  return namesPeriodYear(tokens, at) ? `${year + 1}-01-01` : undefined
}

/** "Q1 2026", "1. kvartal 2026.", "prvi kvartal 2026.", "the first quarter of 2026". */
function quarterBefore(tokens: readonly string[], at: number): number | undefined {
  const short = /^q([1-4])$/.exec(tokens[at - 1] ?? "")
  if (short?.[1] !== undefined) return Number(short[1])
  for (let i = at - 1; i >= Math.max(1, at - WINDOW); i--) {
    if (!QUARTER_WORDS.has(tokens[i] ?? "")) continue
    const before = tokens[i - 1] ?? ""
    const number = /^[1-4]$/.test(before) ? Number(before) : ORDINALS.get(before)
    if (number !== undefined) return number
  }
  return undefined
}

function namesPeriodYear(tokens: readonly string[], at: number): boolean {
  if (FOR_WORDS.has(tokens[at - 1] ?? "")) return true
  const window = tokens.slice(Math.max(0, at - WINDOW), at)
  return window.some((t) => FOR_WORDS.has(t)) && window.some((t) => PERIOD_WORDS.has(t))
}
