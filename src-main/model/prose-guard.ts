import type { TerminalEvent } from "../../src-shared/events/event"
import type { Locale } from "../../src-shared/events/stages"
import { canonicalJson } from "../util/canonical-json"
import { splitSentences } from "./sanitize"
import { foldWord } from "./segment"

// The guard over the model's draft of the answer's prose (issue 24, point 2). The draft may only
// restate the engine's result and the cited evidence: every number (amounts, percentages, dates,
// article numbers), every rule id and every act it names must be found in them, and it may not
// add an obligation the engine's answer does not state. Conservative by design: a draft it cannot
// vouch for is discarded and the engine's own text is shown; that loses nothing.

export interface GuardVerdict {
  accepted: boolean
  problems: string[]
}

/** The answers a draft may be written for (a refusal or an error is the engine's alone). */
export type DraftableTerminal = Extract<TerminalEvent, { stage: "ANSWER" | "QUALIFIED_ANSWER" | "CONDITIONAL_ANSWER" }>

export function isDraftable(event: TerminalEvent): event is DraftableTerminal {
  return event.stage === "ANSWER" || event.stage === "QUALIFIED_ANSWER" || event.stage === "CONDITIONAL_ANSWER"
}

export const MAX_DRAFT_CHARS = 2000

/** The evidence a draft is checked against: the engine's terminal payload (result, citations, quotes). */
export function evidenceText(terminal: DraftableTerminal): string {
  return canonicalJson(terminal.data)
}

/** What the engine's answer itself says (its obligations are the only ones a draft may state). */
function answerText(terminal: DraftableTerminal): string {
  const { data } = terminal
  return [data.headline, data.answerHr, data.answerEn ?? "", ...(data.structured?.obligations ?? []), ...(data.structured?.actions ?? [])].join("\n")
}

const NUMBER = /\d{1,3}(?:[.,\u00a0\u202f ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?/gu

/** The values a written number may stand for (Croatian 40.000,00 and English 40,000.00 alike). */
export function numberValues(token: string): Set<string> {
  const compact = token.replace(/[\u00a0\u202f ]/gu, "")
  const values = new Set<string>()
  const add = (text: string) => {
    const value = Number(text)
    if (Number.isFinite(value)) values.add(String(value))
  }
  add(compact.replaceAll(",", "")) // English grouping
  add(compact.replaceAll(".", "").replace(",", ".")) // Croatian grouping
  add(compact.replace(",", ".")) // a lone decimal comma
  return values
}

function numbersIn(text: string): Set<string> {
  const all = new Set<string>()
  for (const token of text.match(NUMBER) ?? []) for (const value of numberValues(token)) all.add(value)
  return all
}

// Rule ids look like "vat.registration" or "pit.flat_rate.2025": lower case, dotted.
const RULE_ID = /\b[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+\b/gu
// Acts named in prose: "Zakon o porezu na dodanu vrijednost", "Pravilnik o …", "the Act on …".
const ACT = /\b(?:zakon\w*|pravilnik\w*|uredb\w*|naredb\w*)\s+o\s+(\p{L}+(?:\s+\p{L}+){0,2})|\b(?:act|regulation|ordinance)\s+on\s+(\p{L}+(?:\s+\p{L}+){0,2})/giu

const OBLIGATION =
  /\b(?:mora\w*|obvez\w*|duž\w*|treba\w*|potrebno|nužno|must|shall|required|obliged|obligated|(?:have|has|need|needs)\s+to)\b/iu

export function guardDraft(draft: string, terminal: DraftableTerminal, locale: Locale): GuardVerdict {
  const problems: string[] = []
  const text = draft.trim()
  if (text === "") return { accepted: false, problems: [say(locale, "prazan prijedlog", "an empty draft")] }
  if (text.length > MAX_DRAFT_CHARS) problems.push(say(locale, "predug prijedlog", "a draft that is too long"))
  const evidence = evidenceText(terminal)
  const evidenceNumbers = numbersIn(evidence)
  for (const token of new Set(text.match(NUMBER) ?? [])) {
    const values = numberValues(token)
    if (![...values].some((v) => evidenceNumbers.has(v))) problems.push(say(locale, `broj ${token} nije u citiranim pravilima`, `the number ${token} is not in the cited rules`))
  }
  const foldedEvidence = foldWord(evidence)
  for (const id of new Set(text.match(RULE_ID) ?? [])) {
    if (!evidence.includes(id)) problems.push(say(locale, `pravilo ${id} nije citirano`, `the rule ${id} is not cited`))
  }
  for (const match of text.matchAll(ACT)) {
    const name = foldWord(match[1] ?? match[2] ?? "")
    if (name !== "" && !foldedEvidence.includes(name)) problems.push(say(locale, `propis „${match[0].trim()}” nije citiran`, `the act "${match[0].trim()}" is not cited`))
  }
  problems.push(...addedObligations(text, answerText(terminal), locale))
  return { accepted: problems.length === 0, problems }
}

/**
 * Obligations the draft states that the engine's answer does not: a sentence with an obligation
 * word must share a significant word with one of the answer's own obligation sentences.
 */
function addedObligations(draft: string, answer: string, locale: Locale): string[] {
  const answerObligations = splitSentences(answer).filter((s) => OBLIGATION.test(s)).map(significantWords)
  const problems: string[] = []
  for (const sentence of splitSentences(draft)) {
    if (!OBLIGATION.test(sentence)) continue
    const words = significantWords(sentence)
    const backed = answerObligations.some((known) => [...words].some((w) => known.has(w)))
    if (!backed) problems.push(say(locale, `dodaje obvezu: „${sentence.trim().slice(0, 80)}”`, `adds an obligation: "${sentence.trim().slice(0, 80)}"`))
  }
  return problems
}

function significantWords(sentence: string): Set<string> {
  const words = foldWord(sentence).match(/\p{L}{5,}/gu) ?? []
  return new Set(words.filter((w) => !OBLIGATION.test(w)))
}

function say(locale: Locale, hr: string, en: string): string {
  return locale === "hr" ? hr : en
}
