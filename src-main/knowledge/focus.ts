import type { Attribute, Subject } from "./pack-schema"
import type { FocusIndex, FocusTerm, TermHit } from "./focus-index"
import { isWithin, termKey } from "./focus-index"
import { unknownSlot } from "./focus-slots"

// The question's focus (issue 17): which subjects of the pack it names, which attribute it asks
// for, and whether it names, in a subject's place, something the pack has no subject for. Pure:
// folded tokens in, focus out. The vocabulary is the pack's (subjects and attribute terms).

export interface Focus {
  /** Every subject named, in question order, each once. */
  named: string[]
  /** The narrowest of them: a subject is dropped when a narrower one `within` it is named too. */
  subjects: string[]
  attribute?: Attribute
  /** "Koliko …?", "how much …?": an amount asked only by a question word, which a rate or a
   *  threshold answers as well as an amount does. */
  vagueAmount: boolean
  /** "Od kada …?", "from when …?": the start of a duty is asked, which its rule states. */
  sinceWhen: boolean
  /** "Koliko paušalist plaća …?", "how much does … pay": the amount asked is a charge someone
   *  pays, which no limit answers (a receipts limit is not what a paušalist pays). */
  paying?: boolean
  /** Folded tokens standing where a subject should be, naming none the pack knows. */
  unknownTokens: string[]
  /** Subjects the question is not about: ruled out by a named one's `rulesOut` ("predaje" -> the payment). */
  ruledOut: string[]
  subjectHits: TermHit<string>[]
  attributeHits: TermHit<Attribute>[]
}

/** Verbs of paying a charge ("plaća", "uplaćuje", "pays"); paying out ("isplatiti") is not one. */
const PAY_WORDS: ReadonlySet<string> = new Set([
  "placa", "placam", "placas", "placamo", "placaju", "placati", "platiti", "platim", "plati", "platio", "platila",
  "uplacuje", "uplacujem", "uplacuju", "uplatiti", "uplatim", "pay", "pays", "paid", "paying",
])

/** When a question uses words of several attributes, the most specific one is what it asks. */
const ATTRIBUTE_PRIORITY: readonly Attribute[] = ["penalty", "deadline", "threshold", "rate", "procedure", "amount", "obligation"]

function termMatches<T>(term: FocusTerm<T>, tokens: readonly string[], at: number): boolean {
  for (let k = 0; k < term.words.length; k++) {
    const token = tokens[at + k]
    const word = term.words[k]
    if (token === undefined || word === undefined) return false
    const last = k === term.words.length - 1
    if (last && term.stem ? !token.startsWith(word) : token !== word) return false
  }
  const before = tokens[at - 1]
  const after = tokens[at + term.words.length]
  if (before !== undefined && term.notAfter.has(before)) return false
  return !(after !== undefined && term.notBefore.has(after))
}

/** Terms keyed by the whole word, then by its stem (scanned per token: one array, not one each). */
const EXACT_THEN_STEM = [false, true] as const

/**
 * The terms a question uses, longest first: a phrase that starts inside a shorter match still wins
 * ("troškovi prehrane na temelju vjerodostojne dokumentacije" is documented meals, not the meal
 * allowance of "troškovi prehrane"); chosen hits never overlap and come back in question order.
 */
export function scanTerms<T>(tokens: readonly string[], terms: ReadonlyMap<string, readonly FocusTerm<T>[]>): TermHit<T>[] {
  const candidates: TermHit<T>[] = []
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? ""
    let best: FocusTerm<T> | undefined
    for (const stem of EXACT_THEN_STEM)
      for (const term of terms.get(termKey(token, stem)) ?? [])
        if ((!best || term.words.length > best.words.length) && termMatches(term, tokens, i)) best = term
    if (best) candidates.push({ target: best.target, start: i, end: i + best.words.length })
  }
  candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)
  const chosen: TermHit<T>[] = []
  for (const hit of candidates)
    if (!chosen.some((c) => c.start < hit.end && hit.start < c.end)) chosen.push(hit)
  return chosen.sort((a, b) => a.start - b.start)
}

/** Question words that ask "how much" without saying of what: an amount, a rate or a limit. */
const VAGUE_AMOUNT: ReadonlySet<string> = new Set(["koliko", "koliki", "kolika", "koliku", "kolike", "iznosi", "how much", "how high"])

/**
 * "When does a paušalist have to start issuing e-invoices?": when a duty begins, as "od kada" asks
 * it, if the question names the duty ("have to", "moram"); "When does VAT status start?" asks a date.
 */
const START_WORDS: ReadonlySet<string> = new Set([
  "start", "starts", "starting", "begin", "begins", "beginning", "poceti", "pocinje", "pocinju", "pocinjem", "pocetak",
  "pocetka", "krenuti", "krece", "kreće",
])

/** Question words that ask since when something holds: a start date, which a duty's rule states. */
const SINCE_WHEN: ReadonlySet<string> = new Set(["od kada", "from when", "since when"])

/** "When" with nothing that makes it a deadline ("do kada", "rok", "by when"). */
const BARE_WHEN: ReadonlySet<string> = new Set(["kada", "kad", "when"])

/** "When" joined to a duty in one term: "Kada moram izdavati eRačune?" asks when the duty applies. */
const DUTY_WHEN: ReadonlySet<string> = new Set(["kada moram", "kada mora", "kada moraju", "kada treba"])

/** What the question says besides its words' vocabulary (read by the interpreter). */
export interface FocusContext {
  /** A trip in the question goes abroad: a subject marked `abroad` within a named one is named too. */
  tripAbroad?: boolean
  /** Goods go to a business in another EU state: a subject marked `euGoodsSupply` within a named one is named too. */
  euGoodsSupply?: boolean
}

export function extractFocus(index: FocusIndex, tokens: readonly string[], context: FocusContext = {}): Focus {
  const scanned = scanTerms(tokens, index.subjectTerms)
  const allSubjectHits = [
    ...scanned,
    ...(context.tripAbroad === true ? narrowerHits(index, scanned, (s) => s.abroad === true) : []),
    ...(context.euGoodsSupply === true ? narrowerHits(index, scanned, (s) => s.euGoodsSupply === true) : []),
  ]
  // A word inside a subject's name asks nothing: "VAT" of "input VAT on …" is not "VAT on".
  const insideSubject = (hit: TermHit<Attribute>) =>
    allSubjectHits.some((s) => s.end - s.start > 1 && s.start < hit.start && hit.start < s.end)
  const attributeHits = scanTerms(tokens, index.attributeTerms).filter((h) => !insideSubject(h))
  const asked = new Set(attributeHits.map((h) => h.target))
  const attribute = ATTRIBUTE_PRIORITY.find((a) => asked.has(a)) ?? defaultAttribute(index, allSubjectHits)
  const counted = allSubjectHits.filter((h) => countsWith(index, h.target, attribute))
  // A subject that only rules others out names nothing the answer must be about.
  const rulesOut = (id: string) => index.subjects.get(id)?.rulesOut
  const subjectHits = counted.filter((h) => rulesOut(h.target) === undefined)
  const named = [...new Set(subjectHits.map((h) => h.target))]
  const ruledOut = [...new Set(counted.flatMap((h) => rulesOut(h.target) ?? []))].filter((id) => !named.includes(id))
  const subjects = named.filter((id) => !named.some((other) => other !== id && isWithin(index, other, id)))
  const vagueAmount =
    attribute === "amount" &&
    attributeHits.filter((h) => h.target === "amount").every((h) => VAGUE_AMOUNT.has(tokens.slice(h.start, h.end).join(" ")))
  const deadlineWords = attributeHits.filter((h) => h.target === "deadline").map((h) => tokens.slice(h.start, h.end).join(" "))
  const sinceWhen =
    attribute === "deadline" &&
    (deadlineWords.some((w) => SINCE_WHEN.has(w)) ||
      (deadlineWords.length > 0 && deadlineWords.every((w) => DUTY_WHEN.has(w))) ||
      (asked.has("obligation") &&
        // "Kada moram izdavati eRačune?": a bare "when" with a duty asks when the duty applies
        // as much as a deadline ("do kada", "rok" ask only a deadline).
        (tokens.some((t) => START_WORDS.has(t)) || (deadlineWords.length > 0 && deadlineWords.every((w) => BARE_WHEN.has(w))))))
  const focus: Focus = { named, subjects, vagueAmount, sinceWhen, unknownTokens: [], ruledOut, subjectHits, attributeHits }
  if (attribute === "amount" && tokens.some((t) => PAY_WORDS.has(t))) focus.paying = true
  if (attribute) focus.attribute = attribute
  focus.unknownTokens = unknownSlot(index, tokens, focus)
  return focus
}

/**
 * "Dnevnica za put u Njemačku", "prodajem robu firmi u Njemačkoj, PDV?": a subject the situation
 * marks (a trip abroad, goods to another EU state) within a named one, as if named where the
 * broader one was, so that the narrower one is the question's subject.
 */
function narrowerHits(index: FocusIndex, hits: readonly TermHit<string>[], marked: (subject: Subject) => boolean): TermHit<string>[] {
  const added: TermHit<string>[] = []
  for (const subject of index.subjects.values()) {
    if (!marked(subject) || hits.some((h) => h.target === subject.id)) continue
    const broader = hits.find((h) => isWithin(index, subject.id, h.target))
    if (broader !== undefined) added.push({ ...broader, target: subject.id })
  }
  return added
}

/** The attribute a named subject is asked for when the question's words name none (`asks`). */
function defaultAttribute(index: FocusIndex, subjectHits: readonly TermHit<string>[]): Attribute | undefined {
  for (const hit of subjectHits) {
    const asks = index.subjects.get(hit.target)?.asks
    if (asks !== undefined) return asks
  }
  return undefined
}

/** A subject limited to some attributes (`onlyWith`) counts only in a question asking one of them. */
function countsWith(index: FocusIndex, subject: string, attribute: Attribute | undefined): boolean {
  const only = index.subjects.get(subject)?.onlyWith
  return only === undefined || (attribute !== undefined && only.includes(attribute))
}
