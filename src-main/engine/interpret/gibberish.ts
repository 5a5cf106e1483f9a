import { STOP_WORDS } from "./text-utils"

// Gibberish detection (seed 003: vowel/consonant analysis plus a dictionary). The ratio is the
// share of a question's word units that look like keyboard noise. Numbers never count; known
// abbreviations (pdv, oib, oss, nn, jdoo, eur ...) and stop words are never gibberish; words
// of one or two letters are not judged. Words in a non-Latin script count as units the
// interpreter cannot read; so do emoji runs in a question without words (ratio 1).

export const KNOWN_ABBREVIATIONS: ReadonlySet<string> = new Set([
  "pdv", "oib", "oss", "ioss", "nn", "jdoo", "doo", "dd", "eur", "hrk", "kn", "eu", "hr", "rh", "vat", "joppd", "gfi",
  "fina", "vies", "bih", "usa", "uk", "llc", "ltd", "cit", "nkd", "mbs", "pnb", "zpdv", "zpd", "zor", "ztd", "zdop",
  "hzzo", "hzmo", "mf", "pu", "pdf", "csv", "xml", "www", "http", "https", "iban", "bic", "swift", "kpr", "kur",
  "ira", "ura", "posd", "sd", "ppo", "zp", "pz", "tz", "npr", "tj", "itd", "sl", "vs", "mrs", "brt",
])

const VOWELS = new Set(["a", "e", "i", "o", "u", "y"])
const LATIN_WORD = /^[a-z]+$/
const HAS_DIGIT = /\d/
const KEYBOARD_ROWS = ["qwertyuiop", "qwertzuiop", "asdfghjkl", "yxcvbnm", "zxcvbnm"]
const KEYBOARD_TRIGRAMS: ReadonlySet<string> = new Set(
  KEYBOARD_ROWS.flatMap((row) => Array.from({ length: row.length - 2 }, (_, i) => row.slice(i, i + 3))),
)
const TRIPLE_LETTER = /([a-z])\1\1/
const Q_WITHOUT_U = /q(?!u|$)/
const EMOJI_RUN = /\p{Extended_Pictographic}+/gu

function isVowelAt(word: string, i: number): boolean {
  const ch = word.charAt(i)
  if (VOWELS.has(ch)) return true
  // Croatian syllabic r: "krv", "prst", "trg", "smrt" carry their syllable on the r.
  if (ch !== "r") return false
  const prev = word.charAt(i - 1)
  const next = word.charAt(i + 1)
  return (i === 0 || !VOWELS.has(prev)) && next !== "" && !VOWELS.has(next)
}

/** True when a lower-case Latin word looks like keyboard noise. */
export function looksLikeGibberish(word: string): boolean {
  if (word.length <= 2 || STOP_WORDS.has(word) || KNOWN_ABBREVIATIONS.has(word)) return false
  let trueVowels = 0
  let syllabic = 0
  let run = 0
  let longestRun = 0
  for (let i = 0; i < word.length; i++) {
    if (VOWELS.has(word.charAt(i))) trueVowels++
    if (isVowelAt(word, i)) {
      if (!VOWELS.has(word.charAt(i))) syllabic++
      run = 0
    } else {
      run++
      if (run > longestRun) longestRun = run
    }
  }
  if (trueVowels + syllabic === 0) return true
  if (trueVowels === 0 && word.length > 4) return true
  if (longestRun >= 5) return true
  if (word.length >= 5 && trueVowels / word.length > 0.85) return true
  if (TRIPLE_LETTER.test(word) || Q_WITHOUT_U.test(word)) return true
  let keyboard = 0
  for (let i = 0; i + 3 <= word.length; i++) if (KEYBOARD_TRIGRAMS.has(word.slice(i, i + 3))) keyboard++
  return keyboard >= 2
}

export interface GibberishResult {
  ratio: number
  judged: number
  gibberish: number
  unreadable: number
}

/** The gibberish ratio (0..1) of a question, from its tokens and its raw (processed) text. */
export function gibberishRatio(processed: string, tokens: readonly string[]): GibberishResult {
  let judged = 0
  let gibberish = 0
  let unreadable = 0
  for (const token of tokens) {
    if (HAS_DIGIT.test(token)) continue
    if (!LATIN_WORD.test(token)) {
      // A word in another script (Cyrillic, Greek, CJK ...): the interpreter cannot read it.
      judged++
      unreadable++
      continue
    }
    if (token.length <= 2) continue
    judged++
    if (looksLikeGibberish(token)) gibberish++
  }
  if (judged === 0) {
    // Emoji only count when there are no words: decoration on a real question is harmless.
    const emojiRuns = processed.match(EMOJI_RUN)?.length ?? 0
    judged += emojiRuns
    unreadable += emojiRuns
  }
  let ratio: number
  if (judged > 0) ratio = (gibberish + unreadable) / judged
  else ratio = tokens.length === 0 && /\S/u.test(processed) ? 1 : 0
  return { ratio: Math.round(ratio * 1000) / 1000, judged, gibberish, unreadable }
}
