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
}

/** How a question in a thread is read: on its own, or as a follow-up of the previous turn. */
export function readQuestion(index: FocusIndex, typed: string, previous: PreviousTurn | undefined): ReadQuestion {
  if (previous === undefined) return { question: typed }
  const now = questionParts(index, typed, true)
  if (!isFollowUp(now)) return { question: typed }
  const before = questionParts(index, previous.question, false)
  const composed = compose(before, now, new Set(previous.dropped ?? []))
  return {
    question: composed.text,
    followUp: { of: previous.requestId, effectiveQuestion: composed.text, inherited: composed.inherited },
  }
}

/** A question with a subject and an attribute of its own is a new question, not a follow-up. */
function isFollowUp(now: QuestionParts): boolean {
  if (now.tokens.length === 0 || now.tokens.length > MAX_FOLLOW_UP_TOKENS) return false
  return !(now.focus.subjects.length > 0 && now.focus.attribute !== undefined)
}

interface Composed {
  text: string
  inherited: FollowUp["inherited"]
}

interface Edit {
  start: number
  end: number
  text: string
}

/**
 * The previous question with each part the follow-up names replaced by the follow-up's words for
 * it (in place, so "na kruh" becomes "na knjige"), dropped parts removed, and the follow-up's parts
 * that had no counterpart appended with their preposition.
 */
function compose(before: QuestionParts, now: QuestionParts, dropped: ReadonlySet<InheritedPart>): Composed {
  const edits: Edit[] = []
  const appended: string[] = []
  const inherited: FollowUp["inherited"] = []
  for (const key of new Set<PartKey>([...before.parts.keys(), ...now.parts.keys()])) {
    const old = before.parts.get(key) ?? []
    const fresh = now.parts.get(key) ?? []
    const part: InheritedPart = key.startsWith("subject:") ? "subject" : (key as InheritedPart)
    if (fresh.length > 0 && old.length === 0) appended.push(phrase(now, fresh, true))
    else if (fresh.length > 0) edits.push(...replace(before, old, phrase(now, fresh, false)))
    else if (dropped.has(part)) edits.push(...replace(before, old, ""))
    else if (old.length > 0) inherited.push({ part, text: phrase(before, old, false) })
  }
  let text = before.text
  for (const edit of edits.sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end)
  text = text.replace(/\s{2,}/gu, " ").replace(/\s+([?.!,])/gu, "$1").trim()
  if (appended.length > 0) text = `${text.replace(/[?.!\s]+$/u, "")} ${appended.join(" ")}?`
  return { text, inherited }
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
  return from && to ? parts.text.slice(from.start, to.end).replace(/[?.!]+$/u, "") : ""
}
