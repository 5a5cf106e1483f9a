// Matching a thread's title against a search the way the history index matches a run (history.ts
// toFtsQuery, FTS5 unicode61 with remove_diacritics 2): every word of the search must begin a word
// of the title, case and diacritics folded ("porez" finds "Porezi", "placa" finds "Plaća"), words
// of one letter dropped. Titles are few and short, so they are matched here rather than indexed.

/** Letters FTS5's diacritic folding maps that Unicode decomposition does not (đ is no d + mark). */
const EXTRA_FOLDS: Readonly<Record<string, string>> = { đ: "d", ø: "o", ł: "l", ß: "ss", æ: "ae", œ: "oe" }

function fold(word: string): string {
  return word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/[đøłßæœ]/gu, (letter) => EXTRA_FOLDS[letter] ?? letter)
}

/** The words of a search (or a title), folded; one-letter words dropped. */
export function foldForSearch(text: string): string[] {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .map(fold)
    .filter((word) => Array.from(word).length >= 2)
}

/** Whether every search word begins some word of the title. */
export function titleMatches(title: string, searchWords: readonly string[]): boolean {
  if (searchWords.length === 0) return false
  const titleWords = title.split(/[^\p{L}\p{N}]+/u).map(fold)
  return searchWords.every((word) => titleWords.some((candidate) => candidate.startsWith(word)))
}
