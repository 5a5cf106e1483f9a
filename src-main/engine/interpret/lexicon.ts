// A word list with Croatian-friendly prefix matching, built once at module load.
// Croatian inflects heavily ("porez", "poreza", "porezu", "poreznog"), so most entries are
// stems matched as token prefixes; short or colliding words are listed as exact words.

const BUCKET = 3

export class Lexicon {
  private readonly words: ReadonlySet<string>
  private readonly stemsByBucket: ReadonlyMap<string, readonly string[]>
  /** The same buckets keyed by the code units of their three letters: no substring per lookup. */
  private readonly stemsByCode: ReadonlyMap<number, readonly string[]>

  constructor(words: readonly string[], stems: readonly string[] = []) {
    this.words = new Set(words)
    const buckets = new Map<string, string[]>()
    for (const stem of stems) {
      if (stem.length < BUCKET) throw new Error(`lexicon stem too short: ${stem}`)
      const key = stem.slice(0, BUCKET)
      const list = buckets.get(key) ?? []
      list.push(stem)
      buckets.set(key, list)
    }
    this.stemsByBucket = buckets
    this.stemsByCode = new Map([...buckets].map(([key, list]) => [bucketCode(key), list]))
  }

  /** The entry a token matches (itself for an exact word, the stem otherwise), or undefined. */
  match(token: string): string | undefined {
    if (this.words.has(token)) return token
    if (token.length < BUCKET) return undefined
    const stems = this.stemsByCode.get(bucketCode(token))
    if (stems === undefined) return undefined
    for (const stem of stems) if (token.startsWith(stem)) return stem
    return undefined
  }

  /** Tokens that match, in order (repeats included). */
  hits(tokens: readonly string[]): string[] {
    const out: string[] = []
    for (const token of tokens) if (this.match(token) !== undefined) out.push(token)
    return out
  }

  /** Every exact word and stem, for building the gibberish dictionary. */
  entries(): { words: readonly string[]; stems: readonly string[] } {
    return { words: [...this.words], stems: [...this.stemsByBucket.values()].flat() }
  }
}

/** The first BUCKET (three) code units of `text` as one exact number: each is below 2^16. */
function bucketCode(text: string): number {
  return (text.charCodeAt(0) * 0x10000 + text.charCodeAt(1)) * 0x10000 + text.charCodeAt(2)
}

/** How many times a global pattern matches a token line (" a b c "). Patterns start and end
 *  with a space, so the space between two adjacent phrases is shared. */
export function countMatches(line: string, pattern: RegExp): number {
  pattern.lastIndex = 0
  let count = 0
  for (let m = pattern.exec(line); m !== null; m = pattern.exec(line)) {
    count++
    if (m[0].length === 0) pattern.lastIndex++
    else pattern.lastIndex = m.index + m[0].length - 1 // keep the trailing space for the next match
  }
  return count
}
