import type { Subject } from "../knowledge/pack-schema"
import { COMMON_WORDS, DATE_WORDS } from "../knowledge/common-words"
import { extractFocus, type Focus } from "../knowledge/focus"
import type { FocusIndex } from "../knowledge/focus-index"
import { tokenize } from "../knowledge/text"
import { STOP_WORDS } from "./interpret/text-utils"

// A question cut into the parts a follow-up can change: its subjects (by kind: a tax, a form, an
// item, …), its asked attribute, its date and the legal form it speaks of. Each part is a list of
// the question's written words, so that a part can be replaced in place or shown as written.

/** "condition": a stated figure with its unit, comparator and measured noun ("put dulji od 12 sati"). */
export type PartKey = `subject:${Subject["kind"]}` | "attribute" | "date" | "entity" | "condition"

/** A written word: "PDV-a", "d.o.o.", "2025." — with the folded tokens it holds. */
export interface Word {
  start: number
  end: number
  tokens: number[]
}

export interface QuestionParts {
  text: string
  tokens: string[]
  words: Word[]
  focus: Focus
  /** Part -> indexes into `words`, in question order. */
  parts: Map<PartKey, number[]>
  /** Word -> the broader subject of the pack subject it names ("" for a top-level one). */
  families: Map<number, string>
}

const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}.\-'’/]*[\p{L}\p{N}])?\.?/gu
const YEAR = /^(?:19|20)\d\d$/
const DAY_OR_MONTH = /^\d{1,2}$/
/** Calendar words that date a question (not "dan", "datum": "30 dana" is a period, not a date). */
const CALENDAR = new Set([...DATE_WORDS].filter((w) => !/^(?:dan|dana|danu|datum|datuma|datumu|day|date)$/.test(w)))
const YEAR_WORDS = new Set(["godina", "godine", "godinu", "godini", "year", "godinama"])

/** Legal forms, as folded token sequences (the last word may be a stem ending in "*"). */
const LEGAL_FORMS: readonly string[][] = [
  ["j", "d", "o", "o"], ["d", "o", "o"], ["jdoo"], ["doo"], ["dd"], ["obrt*"], ["pausal*"], ["dohodas*"], ["dobitas*"],
  ["udrug*"], ["udruzi"], ["simple", "limited", "liability", "compan*"], ["limited", "liability", "compan*"], ["llc"],
  ["ltd"], ["sole", "trader*"], ["sole", "proprietor*"], ["association*"], ["ngo"],
]

/**
 * Words that open a follow-up and say nothing of their own ("A za …?", "What about …?", "a kakva je
 * bila u 2021.?"): never an item, so they never take the place of the thread's subject.
 */
const FOLLOW_UP_WORDS: ReadonlySet<string> = new Set([
  "a", "i", "pa", "sto", "ako", "onda", "isto", "tako", "takoder", "and", "what", "about", "how", "also", "then",
  "same", "if", "for", "kakva", "kakav", "kakvo", "kakve", "kakvu", "kakvi", "vrijedila", "vrijedio", "vrijedilo",
  "vrijedili", "tada", "prije", "kind", "earlier", "previously",
])

/**
 * `asFollowUp`: the question is read as a follow-up, whose content words that are no other part
 * name a good or service ("A za plin?"); in a full question only the focus's unknown slot does.
 */
export function questionParts(index: FocusIndex, text: string, asFollowUp: boolean): QuestionParts {
  const { words, tokens } = writtenWords(text)
  const focus = extractFocus(index, tokens)
  const byToken = new Map<number, PartKey>()
  // A legal form is the entity part even where the pack also has it as a regime ("paušalni obrt"):
  // "a za paušalni obrt?" then replaces the d.o.o. of the previous question.
  for (const i of legalFormTokens(tokens)) byToken.set(i, "entity")
  const familyByToken = new Map<number, string>()
  for (const hit of focus.subjectHits) {
    const subject = index.subjects.get(hit.target)
    const kind = subject?.kind ?? "topic"
    const regimeAsForm = kind === "regime" && byToken.get(hit.start) === "entity"
    if (regimeAsForm) continue
    for (let i = hit.start; i < hit.end; i++) byToken.set(i, `subject:${kind}`)
    for (let i = hit.start; i < hit.end; i++) familyByToken.set(i, subject?.within ?? "")
  }
  for (const hit of focus.attributeHits) for (let i = hit.start; i < hit.end; i++) if (!byToken.has(i)) byToken.set(i, "attribute")
  for (const i of dateTokens(tokens)) if (!byToken.has(i)) byToken.set(i, "date")
  for (const i of conditionTokens(tokens, byToken, new Set(focus.unknownTokens))) byToken.set(i, "condition")
  for (const i of unknownItemTokens(tokens, focus, byToken, asFollowUp)) byToken.set(i, "subject:item")
  const parts = new Map<PartKey, number[]>()
  const families = new Map<number, string>()
  words.forEach((word, w) => {
    const key = word.tokens.map((t) => byToken.get(t)).find((k) => k !== undefined)
    if (key !== undefined) parts.set(key, [...(parts.get(key) ?? []), w])
    const family = word.tokens.map((t) => familyByToken.get(t)).find((f) => f !== undefined)
    if (family !== undefined) families.set(w, family)
  })
  return { text, tokens, words, focus, parts, families }
}

function writtenWords(text: string): { words: Word[]; tokens: string[] } {
  const words: Word[] = []
  const tokens: string[] = []
  for (const match of text.matchAll(WORD)) {
    const own = tokenize(match[0])
    if (own.length === 0) continue
    words.push({ start: match.index, end: match.index + match[0].length, tokens: own.map((_, k) => tokens.length + k) })
    tokens.push(...own)
  }
  return { words, tokens }
}

function legalFormTokens(tokens: readonly string[]): number[] {
  const out: number[] = []
  for (let i = 0; i < tokens.length; i++) {
    const form = LEGAL_FORMS.find((words) => words.every((w, k) => matchesWord(tokens[i + k], w)))
    if (form === undefined) continue
    for (let k = 0; k < form.length; k++) out.push(i + k)
    i += form.length - 1
  }
  return out
}

function matchesWord(token: string | undefined, word: string): boolean {
  if (token === undefined) return false
  return word.endsWith("*") ? token.startsWith(word.slice(0, -1)) : token === word
}

/** Years, month names, day and month numbers next to them, and "godine" after a year. */
function dateTokens(tokens: readonly string[]): number[] {
  const anchors = tokens.flatMap((t, i) => (YEAR.test(t) || CALENDAR.has(t) ? [i] : []))
  const out = new Set(anchors)
  for (const at of anchors) {
    for (let i = at - 1; i >= at - 2 && DAY_OR_MONTH.test(tokens[i] ?? ""); i--) out.add(i)
    if (YEAR_WORDS.has(tokens[at + 1] ?? "") && YEAR.test(tokens[at] ?? "")) out.add(at + 1)
  }
  return [...out]
}

/** A figure: "12", "1m", "10h", "60" of "60.000,00". */
const FIGURE = /^\d+[a-z]{0,3}$/
/** Units and currencies written after a figure ("12 sati", "1 milijun eura", "13 %" reads "13"). */
const UNITS: ReadonlySet<string> = new Set([
  "sat", "sata", "sati", "h", "hour", "hours", "dan", "dana", "day", "days", "km", "kilometara", "kilometres", "kilometers",
  "eur", "eura", "euro", "euros", "kn", "kuna", "posto", "percent", "milijun", "milijuna", "mil", "million", "tisuca", "thousand",
])
/** Words that say how a figure bounds what is measured: "dulji od 12 sati", "under EUR 1m". */
const COMPARATORS: ReadonlySet<string> = new Set([
  "od", "do", "of", "preko", "iznad", "ispod", "vise", "manje", "dulji", "duze", "duzi", "dulje", "kraci", "krace", "najvise",
  "najmanje", "under", "over", "above", "below", "more", "less", "than", "longer", "shorter", "up", "to", "exceeding",
])

/** Stems of nouns a figure measures: revenue, receipts, a trip's length, an amount or value. */
const MEASURED_STEMS: readonly string[] = [
  "prihod", "primic", "primit", "promet", "iznos", "vrijednost", "put", "trajanj", "udaljenost", "revenue", "turnover",
  "receipt", "income", "sales", "amount", "value", "trip", "journey", "travel", "duration", "distance",
]

/**
 * Stated conditions: each figure not already a date, with its units, the comparator and currency
 * before it, and the noun it measures ("revenue under EUR 1m"). A follow-up naming another figure
 * ("a za put od 10 sati?") replaces the whole condition, so the old bound never stays beside it.
 * A word the focus holds for an unknown item ("kavu" of "PDV na kavu do 5 eura") stays the item
 * unless it is a noun figures measure: carried as a condition, it would no longer be refused.
 */
function conditionTokens(tokens: readonly string[], claimed: ReadonlyMap<number, PartKey>, unknown: ReadonlySet<string>): number[] {
  const out: number[] = []
  const free = (i: number) => i >= 0 && i < tokens.length && !claimed.has(i)
  for (let i = 0; i < tokens.length; i++) {
    if (!free(i) || !FIGURE.test(tokens[i] ?? "") || out.includes(i)) continue
    let start = i
    let end = i + 1
    while (free(end) && (FIGURE.test(tokens[end] ?? "") || UNITS.has(tokens[end] ?? ""))) end++
    while (free(start - 1) && (COMPARATORS.has(tokens[start - 1] ?? "") || UNITS.has(tokens[start - 1] ?? ""))) start--
    const noun = tokens[start - 1] ?? ""
    const measures = !unknown.has(noun) || MEASURED_STEMS.some((stem) => noun.startsWith(stem))
    const measured = start < i && COMPARATORS.has(tokens[start] ?? "") && free(start - 1) && isContentWord(noun) && measures
    if (measured) start--
    for (let k = start; k < end; k++) out.push(k)
    i = end - 1
  }
  return out
}

/**
 * Words naming a good or service the pack does not know: the focus's unknown slot ("PDV na plin"),
 * and in a follow-up without a slot ("A za plin?") its content words that are no other part.
 */
function unknownItemTokens(
  tokens: readonly string[],
  focus: Focus,
  claimed: ReadonlyMap<number, PartKey>,
  asFollowUp: boolean,
): number[] {
  const unknown = new Set(focus.unknownTokens)
  const contentCounts = asFollowUp && focus.subjectHits.length === 0
  return tokens.flatMap((token, i) => {
    if (claimed.has(i)) return []
    if (unknown.has(token) || (contentCounts && isContentWord(token))) return [i]
    return []
  })
}

function isContentWord(token: string): boolean {
  if (token.length < 3 || !/^[a-z]+$/.test(token)) return false
  return !STOP_WORDS.has(token) && !COMMON_WORDS.has(token) && !FOLLOW_UP_WORDS.has(token)
}
