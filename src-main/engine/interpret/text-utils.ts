// Text preparation for the interpreter: normalisation, tokenisation, stop words, language.
// Everything here is precompiled at module load; the per-call work is a few linear passes.

/** Only the first this-many characters of a question are interpreted (a question is short;
 *  anything longer is pasted text). The cut is recorded in the interpretation's signals. */
export const MAX_PROCESSED_CHARS = 4000

const CONTROL_CHARS = /[\p{Cc}\p{Co}\p{Cs}]/gu
const FORMAT_CHARS = /\p{Cf}/gu
const COMBINING_MARKS = /\p{M}/gu
const WHITESPACE_RUN = /\s+/g
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/
// Letters that NFKD does not decompose but that carry a diacritic or ligature.
const SPECIAL_LETTERS: Record<string, string> = { đ: "d", ł: "l", ø: "o", ß: "ss", æ: "ae", œ: "oe", ı: "i", ħ: "h", ŧ: "t", ð: "d", þ: "th" }
const SPECIAL_LETTER_PATTERN = /[đłøßæœıħŧðþ]/g

export interface PreparedText {
  /** The part of the input that is interpreted (at most MAX_PROCESSED_CHARS). */
  processed: string
  truncated: boolean
  normalized: string
}

/** Cuts the input to the processed length without splitting a surrogate pair. */
export function cutForProcessing(text: string): { processed: string; truncated: boolean } {
  if (text.length <= MAX_PROCESSED_CHARS) return { processed: text, truncated: false }
  let end = MAX_PROCESSED_CHARS
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return { processed: text.slice(0, end), truncated: true }
}

/**
 * Lower-case, diacritics folded (č ć -> c, š -> s, ž -> z, đ -> d; other accents and
 * compatibility forms such as ligatures and full-width digits too), control characters
 * removed, whitespace collapsed. Punctuation, digits and currency signs are kept: amounts and
 * dates are read from the normalised text.
 */
export function normalizeText(text: string): string {
  // Printable ASCII has no control, format or combining characters and NFKD leaves it as it is:
  // only the case and the spaces change (most questions typed without diacritics take this path).
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().replace(WHITESPACE_RUN, " ").trim()
  return text
    .replace(CONTROL_CHARS, " ")
    .replace(FORMAT_CHARS, "")
    .toLowerCase()
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .replace(SPECIAL_LETTER_PATTERN, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .toLowerCase()
    .replace(COMBINING_MARKS, "")
    .replace(WHITESPACE_RUN, " ")
    .trim()
}

export function prepareText(question: string): PreparedText {
  const { processed, truncated } = cutForProcessing(question)
  return { processed, truncated, normalized: normalizeText(processed) }
}

// "PDV-a", "EU-u", "OIB-om": a Croatian case ending hyphenated onto an abbreviation.
const HYPHEN_CASE_ENDING = /([\p{L}\p{N}]+)-(?:a|u|om|e|i|em|ima|ovi|ove|ova|ovima|ovu|ov|ih|im)(?![\p{L}\p{N}])/gu
// "d.o.o.", "j. d. o. o.", "d.d." -> "doo", "jdoo", "dd": dotted single-letter abbreviations.
const DOTTED_ABBREVIATION = /(?<![\p{L}\p{N}])\p{L}\.(?:\s?\p{L}\.)+\p{L}?(?![\p{L}\p{N}])/gu
const TOKEN = /\d+(?:[.,]\d+)*|[\p{L}\p{N}]+/gu

/** Word tokens of normalised text. Numbers keep their separators ("65.000"); dotted
 *  abbreviations are closed up ("d.o.o." -> "doo"); hyphenated case endings are dropped. */
export function tokenize(normalized: string): string[] {
  const joined = normalized
    .replace(DOTTED_ABBREVIATION, (m) => m.replace(/[.\s]/g, ""))
    .replace(HYPHEN_CASE_ENDING, "$1")
  return joined.match(TOKEN) ?? []
}

const CROATIAN_STOP_WORDS = [
  "a", "ali", "ako", "bi", "bih", "bio", "bila", "bilo", "biti", "da", "do", "ga", "i", "ih", "iz", "ja", "je",
  "jer", "jesam", "jesu", "jos", "ju", "k", "kad", "kada", "kako", "kao", "koja", "koje", "koji", "kojeg",
  "kojem", "kojoj", "koju", "kojih", "koliko", "kolika", "koliki", "kolike", "kolikom", "li", "me", "meni", "mi",
  "mene", "mogu", "moj", "moja", "moje", "mojoj", "mojem", "moze", "na", "nad", "nam", "nas", "ne", "nego",
  "neki", "neka", "neko", "ni", "nije", "no", "o", "od", "ona", "one", "oni", "ono", "pa", "po", "pod", "pri",
  "s", "sa", "se", "si", "sam", "smo", "ste", "su", "sve", "ta", "taj", "te", "ti", "tim", "to", "tu", "u",
  "uz", "vam", "vas", "za", "zar", "sto", "gdje", "ce", "cu", "ces", "cemo", "cete", "ili", "kod", "prema",
  "ovo", "ova", "ovaj", "ove", "tom", "toga", "tome", "tako", "vec", "samo", "jel", "jeli", "molim",
]
const ENGLISH_STOP_WORDS = [
  "a", "an", "the", "is", "are", "was", "were", "be", "been", "am", "do", "does", "did", "i", "me", "my", "we",
  "our", "you", "your", "it", "its", "of", "in", "on", "at", "to", "for", "from", "by", "with", "and", "or",
  "but", "if", "what", "which", "who", "whom", "when", "where", "why", "how", "much", "many", "this", "that",
  "these", "those", "there", "here", "as", "so", "than", "then", "can", "could", "should", "would", "will",
  "shall", "may", "might", "have", "has", "had", "about", "into", "not", "no", "any", "some", "all", "up",
  "out", "please", "s", "t", "im", "ive", "dont", "doesnt",
]

export const STOP_WORDS: ReadonlySet<string> = new Set([...CROATIAN_STOP_WORDS, ...ENGLISH_STOP_WORDS])
const HAS_LETTER = /\p{L}/u

/** Tokens minus stop words, numbers and single letters; first occurrence order, no repeats. */
export function extractKeywords(tokens: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const token of tokens) {
    if (token.length < 2 || STOP_WORDS.has(token) || seen.has(token) || !HAS_LETTER.test(token)) continue
    seen.add(token)
    out.push(token)
  }
  return out
}

// Words that tell the two languages apart. Words both languages use ("i", "a", "do", "to")
// are in neither list.
const CROATIAN_MARKERS = new Set([
  "je", "li", "koja", "koji", "koje", "koliko", "kolika", "koliki", "kada", "kako", "sto", "sam", "mi", "moram",
  "mora", "moramo", "trebam", "treba", "ako", "za", "na", "od", "u", "se", "da", "porez", "poreza", "pdv",
  "stopa", "stope", "stopu", "prag", "praga", "promet", "prometa", "eura", "godini", "godine", "godinu", "obrt",
  "moj", "moja", "imam", "jesam", "nisam", "nije", "sustav", "sustavu", "sustava", "ili", "iz", "po", "pri",
  "sa", "s", "uz", "kod", "gdje", "zasto", "mogu", "moze", "rok", "doprinosi", "doprinosa", "placa", "tvrtka",
  "firma", "racun", "hrvatskoj", "hrvatska", "opca", "kn", "kuna", "iznosi", "iznos", "zakon", "prihod",
])
const ENGLISH_MARKERS = new Set([
  "the", "is", "what", "which", "how", "does", "in", "of", "for", "my", "an", "vat", "tax", "threshold", "rate",
  "are", "when", "must", "should", "can", "will", "registration", "and", "or", "with", "from", "by", "on", "it",
  "have", "has", "am", "be", "turnover", "much", "many", "registered", "need", "required", "croatia",
  "deadline", "company", "income", "revenue", "who", "where", "why", "this", "that", "there", "standard",
  "reduced", "system", "pay", "due", "year", "under", "over", "above", "below", "per",
  // Words no Croatian question uses ("to", "i", "a" and "do" are Croatian words too).
  "as", "at", "if", "not", "you", "your", "issue", "issued", "supplies", "supply", "invoice", "invoices", "goods",
  "services",
])
const CROATIAN_LETTERS = /[čćšžđ]/i

/** "hr" or "en"; Croatian written without diacritics is recognised by its words. Ties go to
 *  Croatian, the product's primary language. */
export function detectLanguage(processed: string, tokens: readonly string[]): { language: "hr" | "en"; hr: number; en: number } {
  // Croatian letters weigh two words, not three: an English question naming a Croatian term
  // ("Does a paušalist need to issue an eRačun?") still has more English words than that.
  let hr = CROATIAN_LETTERS.test(processed) ? 2 : 0
  let en = 0
  for (const token of tokens) {
    if (CROATIAN_MARKERS.has(token)) hr += 1
    else if (ENGLISH_MARKERS.has(token)) en += 1
  }
  return { language: en > hr ? "en" : "hr", hr, en }
}

/** Tokens joined by single spaces with a space at each end, so that phrase patterns can be
 *  written as plain words (" u sustavu pdv ") whatever the punctuation of the question was. */
export function toTokenLine(tokens: readonly string[]): string {
  return ` ${tokens.join(" ")} `
}

/** The index of the token whose leading space is at character `at` of a token line. */
export function tokenIndexAt(line: string, at: number): number {
  let spaces = 0
  for (let i = 0; i < at && i < line.length; i++) if (line.charCodeAt(i) === 32) spaces++
  return spaces
}
