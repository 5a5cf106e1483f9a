import type { FollowUp, InheritedPart } from "../../src-shared/events/payloads"
import type { FocusIndex } from "../knowledge/focus-index"
import { questionParts, type PartKey, type QuestionParts, type Word } from "./follow-up-parts"
import type { PreviousTurn } from "./types"

// Follow-ups in a thread (seed 002, issue 22): "A za 2023?", "i za knjige?", "What about for an
// obrt?" name only what changes. The engine reads such a question as the previous turn's question
// with the changed parts put in place of the old ones, and records the parts it kept as inherited,
// so the user sees them (and can clear them) and the trace says what the answer rests on.
//
// Working on the words of the previous question, not on a structured focus, keeps one path: the
// composed question goes through the same intake, matching and fail-closed checks as a typed one.
// "A za plin?" after bread becomes "… PDV-a na plin?", which the pack does not cover and refuses,
// rather than keeping bread and answering its rate.

/** Longer questions are read on their own, whatever they lack. */
const MAX_FOLLOW_UP_TOKENS = 10

/** Words that introduce a part appended to the previous question ("za 2023", "for an obrt"). */
const PREPOSITIONS: ReadonlySet<string> = new Set(["za", "na", "u", "kod", "od", "for", "in", "on", "of", "to", "at", "as"])

export interface ReadQuestion {
  /** The question the engine reads: the typed one, or the composed one of a follow-up. */
  question: string
  followUp?: FollowUp
  /**
   * Folded words of the conditions carried from the previous turn ("revenue under EUR 1m"): the
   * previous turn stated them as a bound, so the composed question never reads them as a subject.
   */
  carried?: string[]
}

/** How a question in a thread is read: on its own, or as a follow-up of the previous turn. */
export function readQuestion(index: FocusIndex, typed: string, previous: PreviousTurn | undefined): ReadQuestion {
  if (previous === undefined) return { question: typed }
  const now = questionParts(index, typed, true)
  if (!isFollowUp(index, now)) return { question: typed }
  const before = questionParts(index, previous.question, false)
  const composed = compose(before, now, new Set(previous.dropped ?? []))
  const read: ReadQuestion = {
    question: composed.text,
    followUp: { of: previous.requestId, effectiveQuestion: composed.text, inherited: composed.inherited },
  }
  const carried = composed.carriedConditions.flatMap((w) => (before.words[w]?.tokens ?? []).map((t) => before.tokens[t] ?? ""))
  return carried.length > 0 ? { ...read, carried } : read
}

/**
 * A question with a subject and an attribute of its own is a new question, not a follow-up. A
 * subject that only qualifies an asked attribute ("se plaćaju" of "a do kad se plaćaju?", the
 * pack's `onlyWith` subjects) names no subject of its own: the thread's subject carries.
 */
function isFollowUp(index: FocusIndex, now: QuestionParts): boolean {
  if (now.tokens.length === 0 || now.tokens.length > MAX_FOLLOW_UP_TOKENS) return false
  const own = now.focus.subjects.filter((id) => index.subjects.get(id)?.onlyWith === undefined)
  return !(own.length > 0 && now.focus.attribute !== undefined)
}

interface Composed {
  text: string
  inherited: FollowUp["inherited"]
  /** Words of the previous question's conditions kept as they were. */
  carriedConditions: number[]
}

interface Edit {
  start: number
  end: number
  text: string
}

/**
 * The previous question with each part the follow-up names replaced by the follow-up's words for
 * it (in place, so "na kruh" becomes "na knjige", "dulji od 12 sati" becomes "od 10 sati"), dropped
 * parts removed, and the follow-up's parts that had no counterpart, or name a subject beside the
 * old one (an export after eRačuni), appended with their preposition or their situation.
 */
function compose(before: QuestionParts, now: QuestionParts, dropped: ReadonlySet<InheritedPart>): Composed {
  const edits: Edit[] = []
  const appended: number[][] = []
  const inherited: FollowUp["inherited"] = []
  const carriedConditions: number[] = []
  for (const key of new Set<PartKey>([...before.parts.keys(), ...now.parts.keys()])) {
    const old = before.parts.get(key) ?? []
    const fresh = (now.parts.get(key) ?? []).filter((w) => old.length > 0 || !repeats(before, now, w))
    const part = inheritedPart(key)
    const replaces = fresh.length > 0 && old.length > 0 && alternatives(key, before, old, now, fresh)
    if (replaces) edits.push(...replace(before, old, phrase(now, fresh, false)))
    else if (fresh.length > 0) appended.push(fresh)
    if (replaces || old.length === 0) continue
    if (dropped.has(part)) edits.push(...replace(before, old, ""))
    else inherited.push({ part, text: phrase(before, old, false) })
    if (key === "condition" && !dropped.has(part)) carriedConditions.push(...old)
  }
  let text = before.text
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end)
  text = text.replace(/\s{2,}/gu, " ").replace(/\s+([?.!,])/gu, "$1").trim()
  const added = addedText(now, appended)
  if (added !== "") text = `${text.replace(/[?.!\s]+$/u, "")} ${added}?`
  return { text, inherited, carriedConditions }
}

/**
 * A condition is shown and cleared with the subject it measures ("put dulji od 12 sati"): the
 * thread's chips (InheritedPart) name subjects, attributes, dates and entities.
 */
function inheritedPart(key: PartKey): InheritedPart {
  if (key.startsWith("subject:") || key === "condition") return "subject"
  return key as InheritedPart
}

/**
 * Whether the follow-up's subject stands in place of the previous one ("knjige" for "kruh", a
 * foreign per diem for a domestic one): both name subjects of one broader subject, or the new one
 * is a word the pack does not know (then the old one must go, so the run refuses rather than
 * answering for it). An export after eRačuni is another family: the eRačun stays and the export is
 * added, since the follow-up asks about the eRačun of an export. Two taxes or two forms are
 * alternatives; two top-level topics (fiscalisation, cross-border trade) are not.
 */
function alternatives(key: PartKey, before: QuestionParts, old: readonly number[], now: QuestionParts, fresh: readonly number[]): boolean {
  return fresh.some((w) => {
    const family = now.families.get(w)
    if (family === undefined) return true
    return (family !== "" || key !== "subject:topic") && old.some((o) => before.families.get(o) === family)
  })
}

/** A follow-up's word that the previous question already has ("put" in "a za put od 10 sati?") adds nothing. */
function repeats(before: QuestionParts, now: QuestionParts, w: number): boolean {
  const tokens = now.words[w]?.tokens ?? []
  return tokens.length > 0 && tokens.every((t) => before.tokens.includes(now.tokens[t] ?? ""))
}

/** Words that open a situation the follow-up adds ("what if the buyer is …", "a ako je kupac …"). */
const SITUATION_OPENERS: ReadonlySet<string> = new Set(["ako", "kad", "kada", "if", "when", "where"])

/**
 * The follow-up's new parts, each with its preposition; a part inside a situation the follow-up
 * states ("what if the buyer is an EU company?") brings the whole situation, so the engine's focus
 * reads the party and its place, not a lone "buyer".
 */
function addedText(now: QuestionParts, appended: readonly (readonly number[])[]): string {
  if (appended.length === 0) return ""
  const first = Math.min(...appended.map((words) => words[0] ?? 0))
  const inParts = new Set([...now.parts.values()].flat())
  const opens = (word: Word, w: number) => !inParts.has(w) && word.tokens.some((t) => SITUATION_OPENERS.has(now.tokens[t] ?? ""))
  // "kad" of an asked "do kad" is the attribute, not a situation.
  const opener = now.words.findIndex((word, w) => w < first && opens(word, w))
  if (opener < 0) return appended.map((words) => phrase(now, words, true)).join(" ")
  return phrase(now, Array.from({ length: now.words.length - opener }, (_, k) => opener + k), false)
}

/**
 * The written words of a part: the first takes the new text, the others go. A part removed
 * without a replacement takes its preposition with it ("… u 2024." loses "u 2024.").
 */
function replace(parts: QuestionParts, words: readonly number[], text: string): Edit[] {
  const edits = words.flatMap((w, k) => {
    const word = parts.words[w]
    return word ? [{ start: word.start, end: word.end, text: k === 0 ? text : "" }] : []
  })
  const preposition = prepositionBefore(parts, words[0] ?? 0)
  if (text === "" && preposition) edits.push({ start: preposition.start, end: preposition.end, text: "" })
  return edits
}

function prepositionBefore(parts: QuestionParts, first: number): Word | undefined {
  const before = parts.words[first - 1]
  const token = before?.tokens.length === 1 ? parts.tokens[before.tokens[0] ?? -1] : undefined
  return token !== undefined && PREPOSITIONS.has(token) ? before : undefined
}

/** A part as written, from its first to its last word; appended, with the preposition before it. */
function phrase(parts: QuestionParts, words: readonly number[], withPreposition: boolean): string {
  const first = words[0] ?? 0
  const last = words[words.length - 1] ?? first
  const from = (withPreposition ? prepositionBefore(parts, first) : undefined) ?? parts.words[first]
  const to = parts.words[last]
  // A year's dot ("2024.") ends the sentence in the composed question; "d.o.o." keeps its own.
  return from && to ? parts.text.slice(from.start, to.end).replace(/[?!]+$/u, "").replace(/(\d)\.+$/u, "$1") : ""
}
