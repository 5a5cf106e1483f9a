import type { LoadedPack } from "./loader"
import type { Attribute, Concept, Rule, RulePack, Subject } from "./pack-schema"
import { tokenize } from "./text"

// The pack's focus vocabulary, built once per loaded pack: which words name which subject, which
// words ask for which attribute, and which concepts are about which subject. The question's focus
// (focus.ts) is read with it; nothing here scans the whole pack per question.

/** One way to name a subject or attribute: a word, a stem ("knjig*") or a phrase of words. */
export interface FocusTerm<T> {
  target: T
  /** Folded words of the term; the last one is a stem when `stem` is set. */
  words: string[]
  stem: boolean
  notAfter: ReadonlySet<string>
  notBefore: ReadonlySet<string>
}

export interface FocusIndex {
  readonly subjects: ReadonlyMap<string, Subject>
  /** Subject terms by their first folded word (stems by their first four letters). */
  readonly subjectTerms: ReadonlyMap<string, readonly FocusTerm<string>[]>
  readonly attributeTerms: ReadonlyMap<string, readonly FocusTerm<Attribute>[]>
  /** Subject id -> concepts that list it. */
  readonly conceptsBySubject: ReadonlyMap<string, readonly Concept[]>
  /** Concept slug -> the attributes its published rules answer. */
  readonly conceptAttributes: ReadonlyMap<string, ReadonlySet<Attribute>>
  /** The words of the focus vocabulary itself (subject and attribute terms), by their first
   *  VOCABULARY_PREFIX letters so that inflections agree. */
  readonly focusWords: ReadonlySet<string>
  /** Concept slug -> the words its names, keywords, aliases and rules use (same prefixes): what
   *  an answer from that concept can be said to speak of. */
  readonly conceptWords: ReadonlyMap<string, ReadonlySet<string>>
}

export const VOCABULARY_PREFIX = 5

const STEM_KEY = 4
const cache = new WeakMap<LoadedPack, FocusIndex>()

export function focusIndex(loaded: LoadedPack): FocusIndex {
  let index = cache.get(loaded)
  if (!index) {
    index = buildFocusIndex(loaded)
    cache.set(loaded, index)
  }
  return index
}

/** The attribute a rule's value answers; packs before 2.0 say it only through `kind`. */
export function ruleAttribute(rule: Rule): Attribute | undefined {
  if (rule.attribute) return rule.attribute
  switch (rule.kind) {
    case "rate":
      return "rate"
    case "deadline":
      return "deadline"
    case "threshold":
      return "threshold"
    case "obligation":
      return "obligation"
    case "fact":
      return undefined
  }
}

/** Where a term is filed: its first word, or a stem's first four letters. */
export function termKey(word: string, stem: boolean): string {
  return stem ? word.slice(0, STEM_KEY) : word
}

function parseTerm<T>(raw: string, target: T, notAfter: string[] = [], notBefore: string[] = []): FocusTerm<T> | undefined {
  const stem = raw.endsWith("*")
  const words = tokenize(stem ? raw.slice(0, -1) : raw)
  const last = words[words.length - 1]
  // A stem ends a term: "knjig*" alone needs four letters, the last word of a phrase three ("e-invoic*").
  if (last === undefined || (stem && last.length < (words.length > 1 ? 3 : STEM_KEY))) return undefined
  return {
    target,
    words,
    stem,
    notAfter: new Set(notAfter.flatMap((w) => tokenize(w))),
    notBefore: new Set(notBefore.flatMap((w) => tokenize(w))),
  }
}

function file<T>(map: Map<string, FocusTerm<T>[]>, term: FocusTerm<T> | undefined): void {
  const first = term?.words[0]
  if (!term || first === undefined) return
  const key = termKey(first, term.stem && term.words.length === 1)
  const list = map.get(key)
  if (list) list.push(term)
  else map.set(key, [term])
}

function buildFocusIndex(loaded: LoadedPack): FocusIndex {
  const { pack } = loaded
  const subjectTerms = new Map<string, FocusTerm<string>[]>()
  for (const subject of pack.subjects ?? [])
    for (const raw of subject.terms) file(subjectTerms, parseTerm(raw, subject.id, subject.notAfter, subject.notBefore))
  const attributeTerms = new Map<string, FocusTerm<Attribute>[]>()
  for (const entry of pack.attributeTerms ?? [])
    for (const raw of entry.terms) file(attributeTerms, parseTerm(raw, entry.attribute))
  // Longest terms first, so that a phrase wins over the word it starts with.
  for (const map of [subjectTerms, attributeTerms] as const)
    for (const list of map.values()) list.sort((a, b) => b.words.length - a.words.length)

  const conceptsBySubject = new Map<string, Concept[]>()
  for (const concept of pack.concepts)
    for (const id of concept.subjects ?? []) {
      const list = conceptsBySubject.get(id)
      if (list) list.push(concept)
      else conceptsBySubject.set(id, [concept])
    }
  const conceptAttributes = new Map<string, Set<Attribute>>()
  for (const rule of pack.rules) {
    const attribute = rule.status === "PUBLISHED" ? ruleAttribute(rule) : undefined
    if (!attribute) continue
    const set = conceptAttributes.get(rule.conceptSlug) ?? new Set<Attribute>()
    set.add(attribute)
    conceptAttributes.set(rule.conceptSlug, set)
  }
  return {
    ...focusVocabulary(loaded),
    subjects: new Map((pack.subjects ?? []).map((s) => [s.id, s])),
    subjectTerms,
    attributeTerms,
    conceptsBySubject,
    conceptAttributes,
  }
}

type FocusVocabulary = Pick<FocusIndex, "focusWords" | "conceptWords">
const vocabularyCache = new WeakMap<LoadedPack, FocusVocabulary>()

/**
 * The focus vocabulary alone, cached per pack: the larger part of building the focus index (every
 * rule's texts folded), so that a thread warming a new pack (pack-warm.ts) builds it as a step of
 * its own and a question waiting behind the warm-up waits for half as long.
 */
export function focusVocabulary(loaded: LoadedPack): FocusVocabulary {
  let vocabulary = vocabularyCache.get(loaded)
  if (!vocabulary) {
    vocabulary = vocabularies(loaded.pack)
    vocabularyCache.set(loaded, vocabulary)
  }
  return vocabulary
}

function vocabularies(pack: RulePack): FocusVocabulary {
  const add = (into: Set<string>, text: string) => {
    for (const word of tokenize(text)) into.add(word.slice(0, VOCABULARY_PREFIX))
  }
  const focusWords = new Set<string>()
  for (const subject of pack.subjects ?? []) subject.terms.forEach((t) => add(focusWords, t.replace(/\*$/, "")))
  for (const entry of pack.attributeTerms ?? []) entry.terms.forEach((t) => add(focusWords, t))
  const conceptWords = new Map<string, Set<string>>()
  for (const concept of pack.concepts) {
    const words = new Set<string>()
    for (const text of [...concept.keywords, ...concept.aliases, concept.nameHr, concept.nameEn]) add(words, text)
    for (const id of concept.subjects ?? []) {
      const subject = pack.subjects?.find((s) => s.id === id)
      if (subject) [subject.nameHr, subject.nameEn].forEach((t) => add(words, t))
    }
    conceptWords.set(concept.slug, words)
  }
  for (const rule of pack.rules) {
    const words = conceptWords.get(rule.conceptSlug)
    if (!words) continue
    for (const text of [rule.titleHr, rule.titleEn, rule.statement.hr, rule.statement.en]) add(words, text)
    for (const obligation of rule.obligations) [obligation.hr, obligation.en].forEach((t) => add(words, t))
  }
  return { focusWords, conceptWords }
}

/** Where a term of the index stands in a question's tokens. */
export interface TermHit<T> {
  target: T
  start: number
  /** One past the last token of the hit. */
  end: number
}

/** Is `narrow` (transitively) within `broad`? */
export function isWithin(index: FocusIndex, narrow: string, broad: string): boolean {
  let at = index.subjects.get(narrow)?.within
  for (let hops = 0; at !== undefined && hops < 16; hops++) {
    if (at === broad) return true
    at = index.subjects.get(at)?.within
  }
  return false
}
