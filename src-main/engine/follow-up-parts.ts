import type { Subject } from "../knowledge/pack-schema"
import { COMMON_WORDS, DATE_WORDS } from "../knowledge/common-words"
import { extractFocus, type Focus } from "../knowledge/focus"
import type { FocusIndex } from "../knowledge/focus-index"
import { tokenize } from "../knowledge/text"
import { STOP_WORDS } from "./interpret/text-utils"

// A question cut into the parts a follow-up can change: its subjects (by kind: a tax, a form, an
// item, …), its asked attribute, its date and the legal form it speaks of. Each part is a list of
// the question's written words, so that a part can be replaced in place or shown as written.

export type PartKey = `subject:${Subject["kind"]}` | "attribute" | "date" | "entity"

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

/** Words that open a follow-up and say nothing of their own ("A za …?", "What about …?"). */
const FOLLOW_UP_WORDS: ReadonlySet<string> = new Set([
  "a", "i", "pa", "sto", "ako", "onda", "isto", "tako", "takoder", "and", "what", "about", "how", "also", "then",
  "same", "if", "for",
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
  for (const hit of focus.subjectHits) {
    const kind = index.subjects.get(hit.target)?.kind ?? "topic"
    const regimeAsForm = kind === "regime" && byToken.get(hit.start) === "entity"
    if (!regimeAsForm) for (let i = hit.start; i < hit.end; i++) byToken.set(i, `subject:${kind}`)
  }
  for (const hit of focus.attributeHits) for (let i = hit.start; i < hit.end; i++) if (!byToken.has(i)) byToken.set(i, "attribute")
  for (const i of dateTokens(tokens)) if (!byToken.has(i)) byToken.set(i, "date")
  for (const i of unknownItemTokens(tokens, focus, byToken, asFollowUp)) byToken.set(i, "subject:item")
  const parts = new Map<PartKey, number[]>()
  words.forEach((word, w) => {
    const key = word.tokens.map((t) => byToken.get(t)).find((k) => k !== undefined)
    if (key !== undefined) parts.set(key, [...(parts.get(key) ?? []), w])
  })
  return { text, tokens, words, focus, parts }
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
