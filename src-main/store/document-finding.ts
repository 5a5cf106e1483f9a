import type { Completion, SnippetPart, StoredDocument } from "./documents-model"

// How a client document is found by words (documents-repo.ts): text folded the way the indexes
// fold it (migration 0010), a query's words as prefixes, an @-mention's typed name ranked against
// titles and invoice numbers (with near misses), and the passage around a full-text match.

/**
 * Lower case, diacritics off, đ as d: how the indexes see text (migration 0010). One character
 * in, one out, so positions in the folded text are positions in the original.
 */
export function fold(text: string): string {
  let out = ""
  for (const ch of text.toLowerCase()) {
    if (ch === "đ") out += "d"
    else {
      const base = ch.normalize("NFD").replace(/\p{M}+/gu, "")
      out += base.length === ch.length ? base : ch
    }
  }
  return out
}

/**
 * The query's words, folded, as prefixes; FTS5 syntax in them cannot survive (only letters and
 * digits do). Croatian words change their endings ("plaća", "plaće", "plaću"), so, as the history
 * search does, a word is cut to six characters, and a word of five or six that ends in a vowel
 * loses it ("placa" finds "plaće"). Numbers stay whole.
 */
export function searchWords(text: string): string[] {
  const words = fold(text).match(/[\p{L}\p{N}]+/gu) ?? []
  return words.slice(0, 16).map((word) => {
    if (/\p{N}/u.test(word)) return word
    const cut = [...word].slice(0, 6).join("")
    return cut.length >= 5 && /[aeiou]$/.test(cut) ? cut.slice(0, -1) : cut
  })
}

export function quote(text: string): string {
  return `"${text.replaceAll('"', '""')}"`
}

export function trigrams(text: string): string[] {
  const chars = [...text]
  const grams = new Set<string>()
  for (let i = 0; i + 3 <= chars.length; i += 1) grams.add(chars.slice(i, i + 3).join(""))
  return [...grams]
}

/** How well a document's number or title matches what was typed (folded); null when it does not. */
export function rankCompletion(document: StoredDocument, typed: string): Completion | null {
  const number = fold(document.invoiceNumber ?? "")
  const title = fold(document.title)
  const scored: Array<[number, "number" | "title"]> = [
    [number === typed ? 1000 : 0, "number"],
    [number.startsWith(typed) && number !== "" ? 900 : 0, "number"],
    [title === typed ? 850 : 0, "title"],
    [title.startsWith(typed) ? 800 : 0, "title"],
    [title.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(typed)) ? 700 : 0, "title"],
    [number.includes(typed) && number !== "" ? 600 : 0, "number"],
    [title.includes(typed) ? 500 : 0, "title"],
    // Near misses in titles only: a number with a typo is another number.
    [Math.round(400 * similarity(typed, title)), "title"],
  ]
  const [score, matchedOn] = scored.reduce((best, next) => (next[0] > best[0] ? next : best))
  // A near miss counts when half the typed text's trigrams are in the title (one typo in a word
  // of about six letters removes three of them).
  return score >= 200 ? { document, matchedOn, score } : null
}

/** The share of the typed text's trigrams that occur in the candidate. */
function similarity(typed: string, candidate: string): number {
  const grams = trigrams(typed)
  if (grams.length === 0 || candidate === "") return 0
  return grams.filter((g) => candidate.includes(g)).length / grams.length
}

const SNIPPET_BEFORE = 60
const SNIPPET_LENGTH = 220

/** A passage around the first word that begins with a query word, those words marked. */
export function snippetOf(text: string, words: readonly string[]): SnippetPart[] {
  const folded = fold(text)
  const matches = [...folded.matchAll(/[\p{L}\p{N}]+/gu)].filter((m) => words.some((w) => m[0].startsWith(w)))
  const first = matches[0]?.index ?? 0
  let start = Math.max(0, first - SNIPPET_BEFORE)
  while (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1] ?? "")) start -= 1
  const end = Math.min(text.length, start + SNIPPET_LENGTH)
  const parts: SnippetPart[] = start > 0 ? [{ text: "…", hit: false }] : []
  let at = start
  for (const m of matches) {
    const from = m.index
    if (from < at) continue
    if (from >= end) break
    if (from > at) parts.push({ text: text.slice(at, from).replace(/\s+/g, " "), hit: false })
    parts.push({ text: text.slice(from, from + m[0].length), hit: true })
    at = from + m[0].length
  }
  if (at < end) parts.push({ text: text.slice(at, end).replace(/\s+/g, " "), hit: false })
  if (end < text.length) parts.push({ text: "…", hit: false })
  return parts
}
