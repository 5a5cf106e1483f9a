// Text normalisation shared by the concept matcher and the pack index: lower-case, Croatian
// diacritics folded (č ć -> c, š -> s, ž -> z, đ -> d), split into word tokens.

const COMBINING_MARKS = /[\u0300-\u036f]/g
const NON_WORD = /[^a-z0-9]+/

export function foldDiacritics(text: string): string {
  // ASCII has no đ and no marks, and NFD leaves it as it is: only the case changes. Most words
  // folded per run (question words, pack terms) take this path.
  if (isAscii(text)) return text.toLowerCase()
  return text.toLowerCase().replace(/đ/g, "d").normalize("NFD").replace(COMBINING_MARKS, "")
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false
  return true
}

/**
 * A question's tokens: as `tokenize`, with "%" read as the word "posto", so that a stated rate
 * ("Ide li na kavu 13 %?") asks about a rate as "13 posto" does: the pack names rates in words.
 */
export function questionTokens(text: string): string[] {
  return tokenize(text.replace(/%/g, " posto "))
}

/** Folded word tokens; hyphens and punctuation separate words ("PDV-a" -> ["pdv", "a"]). */
export function tokenize(text: string): string[] {
  const folded = foldDiacritics(text)
  const out: string[] = []
  for (const part of folded.split(NON_WORD)) if (part.length > 0) out.push(part)
  return out
}

/**
 * Croatian inflects nouns ("prag", "praga", "pragom"), so a question token also matches a keyword
 * it extends by a short case ending. Returns the token and its shorter stems worth looking up.
 */
export function lookupForms(token: string): string[] {
  const forms = [token]
  for (let cut = 1; cut <= 3; cut++) {
    const stem = token.slice(0, token.length - cut)
    // Case endings are letters: "pojam61" is not an inflection of "pojam6".
    if (stem.length < 3 || !/^[a-z]+$/.test(token.slice(stem.length))) break
    forms.push(stem)
  }
  return forms
}

/** The keys a pack keyword is indexed under: itself and, for longer words, without a final vowel
 *  ("stopa" -> "stop") so that "stope" and "stopu" find it through lookupForms. */
export function indexKeys(word: string): string[] {
  const key = foldDiacritics(word)
  if (key.length >= 5 && /[aeiou]$/.test(key)) return [key, key.slice(0, -1)]
  return [key]
}
