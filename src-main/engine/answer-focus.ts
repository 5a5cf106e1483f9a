import type { ConceptMatch } from "../../src-shared/events/payloads"
import type { Focus } from "../knowledge/focus"
import type { Run } from "./run"
import type { AnswerFocus } from "./state"

/**
 * What the answer must be about once the concepts are settled: the question's narrowest subjects
 * that the researched concepts cover (a clarification may have narrowed "food in a restaurant" to
 * catering), and the asked attribute.
 */
export function answerFocus(run: Run, focus: Focus, concepts: readonly ConceptMatch[], tokens: readonly string[]): AnswerFocus {
  const covered = new Set(concepts.flatMap((c) => run.index.concepts.get(c.slug)?.subjects ?? []))
  const answer: AnswerFocus = { subjects: focus.subjects.filter((s) => covered.has(s)) }
  if (focus.attribute) answer.attribute = focus.attribute
  if (focus.vagueAmount) answer.vagueAmount = true
  if (focus.sinceWhen) answer.sinceWhen = true
  if (focus.paying === true) answer.paying = true
  const numbers = [...new Set(tokens.filter((t) => /^\d{1,3}$/.test(t)))]
  if (numbers.length > 0) answer.numbers = numbers
  return answer
}
