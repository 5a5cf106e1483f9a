import type { Focus } from "../knowledge/focus"
import { VOCABULARY_PREFIX, type FocusIndex } from "../knowledge/focus-index"
import { COMMON_WORDS } from "../knowledge/common-words"
import { namesCountry } from "./interpret/jurisdiction"
import { STOP_WORDS } from "./interpret/text-utils"

// Words of a question that the concepts about to answer it never use, and that are not ordinary
// words of a question ("zatezna kamata na doprinose", "default interest rate on corporate tax"):
// they may be what the question is really about. A run that found rules for the rest of the
// question confirms with the user before answering, naming these words, rather than answer a
// narrower question silently.

const MIN_LENGTH = 4

export function strangeWords(index: FocusIndex, tokens: readonly string[], focus: Focus, concepts: readonly string[]): string[] {
  const vocabularies = [index.focusWords, ...concepts.flatMap((slug) => index.conceptWords.get(slug) ?? [])]
  const covered = new Set<number>()
  for (const hit of [...focus.subjectHits, ...focus.attributeHits])
    for (let i = hit.start; i < hit.end; i++) covered.add(i)
  const strange: string[] = []
  tokens.forEach((token, i) => {
    if (covered.has(i) || token.length < MIN_LENGTH || !/^[a-z]+$/.test(token)) return
    if (STOP_WORDS.has(token) || COMMON_WORDS.has(token) || (token.startsWith("ne") && COMMON_WORDS.has(token.slice(2)))) return
    if (namesCountry(token)) return
    if (known(vocabularies, token)) return
    if (!strange.includes(token)) strange.push(token)
  })
  return strange
}

/**
 * A word the answer's concepts use, also negated ("neizdavanje" of "izdavanje"), or mistyped in
 * the way fast typing does: a doubled letter typed once or thrice, two letters swapped ("jopd" for
 * "joppd", "porze" for "porez"). A letter left out or typed for another is not forgiven: against
 * the vocabulary's five-letter prefixes "kucu" would pass as "kupcu" and "kamata" as "kampanja".
 */
function known(vocabularies: ReadonlyArray<ReadonlySet<string>>, token: string): boolean {
  const has = (word: string) => vocabularies.some((v) => v.has(word.slice(0, VOCABULARY_PREFIX)))
  if (has(token) || (token.startsWith("ne") && token.length > MIN_LENGTH + 2 && has(token.slice(2)))) return true
  return typingSlips(token).some((word) => word.length >= MIN_LENGTH && has(word))
}

/** The words `token` may have been meant as, undoing one doubled-letter or swapped-letter slip. */
function typingSlips(token: string): string[] {
  const words: string[] = []
  for (let i = 0; i < Math.min(token.length, VOCABULARY_PREFIX); i++) {
    const letter = token[i] ?? ""
    const next = token[i + 1] ?? ""
    words.push(token.slice(0, i + 1) + letter + token.slice(i + 1))
    if (letter === next) words.push(token.slice(0, i) + token.slice(i + 1))
    else if (next !== "") words.push(token.slice(0, i) + next + letter + token.slice(i + 2))
  }
  return words
}

/**
 * The question's own content words: not the asked attribute's words ("do kada", "koliko"), not
 * stop words or everyday words. What "did you mean" suggestions may be drawn from.
 */
export function contentTokens(tokens: readonly string[], focus: Focus): string[] {
  const asking = new Set<number>()
  for (const hit of focus.attributeHits) for (let i = hit.start; i < hit.end; i++) asking.add(i)
  return tokens.filter((token, i) => !asking.has(i) && token.length >= MIN_LENGTH && !STOP_WORDS.has(token) && !COMMON_WORDS.has(token))
}
