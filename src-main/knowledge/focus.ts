import type { Attribute, Subject } from "./pack-schema"
import type { FocusIndex, FocusTerm } from "./focus-index"
import { termKey } from "./focus-index"
import { COMMON_WORDS, DATE_WORDS, SHOP_WORDS } from "./common-words"

// The question's focus (issue 17): which subjects of the pack it names, which attribute it asks
// for, and whether it names, in a subject's place, something the pack has no subject for. Pure:
// folded tokens in, focus out. The vocabulary is the pack's (subjects and attribute terms).

export interface TermHit<T> {
  target: T
  start: number
  /** One past the last token of the hit. */
  end: number
}

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

/** Words after which a subject's name is expected ("PDV na …", "VAT on …"). */
const SLOT_PREPOSITIONS: ReadonlySet<string> = new Set(["na", "za", "kod", "u", "on", "for", "to", "of", "in", "at"])
/** Words that end a subject's slot. */
const SLOT_ENDS: ReadonlySet<string> = new Set(["i", "ili", "ako", "kad", "kada", "te", "and", "or", "if", "when", "od", "from", "do", "until", "by", "since", "sa", "s", "with"])
const MAX_SLOT = 4
const MAX_GAP = 3

/**
 * Words that fill a slot without naming a subject: time, place, the asker and their business,
 * generic goods words, filler. "PDV za 2025. godinu", "VAT in Croatia", "za moju tvrtku".
 */
const SLOT_NOISE: ReadonlySet<string> = new Set([
  "godinu", "godine", "godina", "godini", "ovu", "ovo", "ova", "ovaj", "ove", "tekucu", "tekuce", "proslu", "iducu", "sljedecu",
  "sada", "danas", "trenutno", "trenutacno", "hrvatskoj", "hrvatska", "hrvatske", "rh", "republici", "republike", "croatia",
  "croatian", "year", "years", "this", "current", "currently", "now", "today", "next", "last", "mjesec", "mjesecu",
  "razdoblje", "period", "obrt", "obrta", "obrtnika", "obrtnike", "obrtnik", "doo", "jdoo", "d", "o", "j", "tvrtku",
  "tvrtke", "tvrtka", "firmu", "firme", "poduzece", "poduzeca", "poduzetnika", "poduzetnike", "klijenta", "klijente",
  "company", "companies", "business", "businesses", "client", "clients", "firm", "me", "mene", "nas", "moju", "moj",
  "moje", "mog", "svoju", "svoj", "my", "our", "us", "sve", "svih", "all", "the", "a", "an", "eura", "eur", "euro",
  "kuna", "kn", "hrk", "iznos", "iznosa", "cijenu", "price", "li", "se", "je", "su", "koji", "koja", "koje", "sto",
  "what", "which", "is", "are", "it", "applies", "apply", "charged", "placa", "placam", "placa", "zaracunava",
  "obracunava", "pay", "paid", "charge", "placu", "place", "placi", "salary", "salaries", "wage", "wages", "nasu",
  "nase", "nasa", "nasoj", "vasu", "vase", "vasa", "moja", "mojoj", "tvoju", "svoju", "your", "their", "mjesecno", "godisnje", "monthly", "annual", "annually", "sustavu",
  "sustav", "praksi", "pravilu", "opcenito", "general", "generally", "europi", "europe", "eu", "inozemstvu", "abroad",
  ...SHOP_WORDS,
])

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

/** Is `narrow` (transitively) within `broad`? */
export function isWithin(index: FocusIndex, narrow: string, broad: string): boolean {
  let at = index.subjects.get(narrow)?.within
  for (let hops = 0; at !== undefined && hops < 16; hops++) {
    if (at === broad) return true
    at = index.subjects.get(at)?.within
  }
  return false
}

/**
 * Words in a subject's slot that name no subject: after a tax or a rate word and a preposition
 * ("PDV na čokoladu", "VAT rate for haircuts"), up to the slot's end. Empty when the slot names a
 * subject, holds only noise, or the question has no such slot.
 */
function unknownSlot(index: FocusIndex, tokens: readonly string[], focus: Focus): string[] {
  const covered = coveredPositions(focus)
  // A tax opens an item's slot only if the pack has goods or services within it ("PDV na …"):
  // in "stopa poreza na dobit za prihod od …" the words after the tax are a condition, not an item.
  const anchors = [
    ...focus.subjectHits.filter((h) => index.subjects.get(h.target)?.kind === "tax" && hasItems(index, h.target)),
    ...focus.attributeHits.filter((h) => h.target === "rate"),
  ]
  for (const anchor of anchors) {
    const preposition = findPreposition(tokens, anchor.end)
    if (preposition === undefined) continue
    const slot = slotAfter(tokens, preposition)
    if (slot.some((i) => focus.subjectHits.some((h) => h.start <= i && i < h.end))) continue
    const unknown = slot.filter((i) => !covered.has(i) && isContentWord(tokens[i] ?? "")).map((i) => tokens[i] ?? "")
    if (unknown.length > 0 && unknown.every((t) => GENERIC_ITEM_WORDS.has(t))) {
      const qualified = qualifiedGeneric(tokens, slot, covered)
      if (qualified.length > 0) return qualified
    }
    if (unknown.length > 0) return unknown
  }
  const beforeFigure = slotBeforeFigure(tokens, focus, covered)
  if (beforeFigure.length > 0) return beforeFigure
  const kind = qualifiedBroadItem(index, tokens, focus, covered)
  return kind.length > 0 ? kind : unknownCharge(tokens, covered)
}

/**
 * A broad item the pack divides into narrower ones, with words that say which kind is meant:
 * "takeaway food", "hranu za pse". The pack's narrower items (baby food) are other kinds, and
 * offering one answered another question; the kind named is a subject the pack may lack.
 */
function qualifiedBroadItem(index: FocusIndex, tokens: readonly string[], focus: Focus, covered: ReadonlySet<number>): string[] {
  for (const hit of focus.subjectHits) {
    if (index.subjects.get(hit.target)?.kind !== "item" || !hasNarrower(index, hit.target)) continue
    const words = tokens.slice(hit.start, hit.end)
    const before = tokens[hit.start - 1] ?? ""
    if (hit.start > 0 && !covered.has(hit.start - 1) && isContentWord(before) && !COMMON_WORDS.has(before)) return [before, ...words]
    const positions = Array.from({ length: hit.end - hit.start }, (_, k) => hit.start + k)
    const qualified = qualifiedGeneric(tokens, positions, covered)
    if (qualified.length > 0) return qualified
  }
  return []
}

function hasNarrower(index: FocusIndex, id: string): boolean {
  for (const subject of index.subjects.values()) if (subject.within === id) return true
  return false
}

/**
 * Charges in their own right that the pack has no subject for: a levy, a fee, an excise. "Koliko
 * iznosi turistička pristojba za privatni smještaj?" asks the tourist tax; the accommodation it is
 * charged on is a subject of the pack (its VAT rate), and confirming that topic answered 13 % VAT
 * for a question about another charge. Checked after the pack's own subjects, so a pack that gains
 * such a subject covers these words and they are no longer unknown.
 */
const CHARGE_WORDS: ReadonlySet<string> = new Set([
  "pristojba", "pristojbe", "pristojbu", "pristojbi", "pristojbom", "taksa", "takse", "taksu", "taksi", "trosarina",
  "trosarine", "trosarinu", "trosarini", "clanarina", "clanarine", "clanarinu", "levy", "levies", "excise", "toll", "tolls",
])

/** "tax" named by a word the pack does not know ("tourist tax", "withholding tax", "road tax"). */
const TAX_NOUNS: ReadonlySet<string> = new Set(["tax", "taxes"])
/** Words before "tax" that say how much or whether, not which tax ("without tax", "net of tax"). */
const NOT_A_TAX_NAME: ReadonlySet<string> = new Set(["without", "with", "any", "much", "more", "less", "total", "net", "gross", "after", "before", "pre", "free", "plus", "including", "excluding"])

/**
 * An uncovered charge word with the adjective that names it ("turisticka pristojba", "tourist
 * levy"), or an uncovered "tax" with one ("tourist tax"): a tax the pack has is a subject, and its
 * words are covered.
 */
function unknownCharge(tokens: readonly string[], covered: ReadonlySet<number>): string[] {
  const named = (at: number) => at > 0 && !covered.has(at - 1) && isContentWord(tokens[at - 1] ?? "") && !COMMON_WORDS.has(tokens[at - 1] ?? "")
  const charge = tokens.findIndex((t, i) => CHARGE_WORDS.has(t) && !covered.has(i))
  if (charge >= 0) return named(charge) ? [tokens[charge - 1] ?? "", tokens[charge] ?? ""] : [tokens[charge] ?? ""]
  const tax = tokens.findIndex((t, i) => TAX_NOUNS.has(t) && !covered.has(i) && named(i) && !NOT_A_TAX_NAME.has(tokens[i - 1] ?? ""))
  return tax >= 0 ? [tokens[tax - 1] ?? "", tokens[tax] ?? ""] : []
}

/** Words standing for a stated rate: "13 posto", "13 %" (read as "posto"), "13 percent". */
const FIGURE_WORDS: ReadonlySet<string> = new Set(["posto", "percent", "pct"])
/** Verbs between an item and its stated rate: "na kavu ide 13 %", "na kolače se plaća 5 %". */
const FIGURE_VERBS: ReadonlySet<string> = new Set(["ide", "idu", "vrijedi", "vrijede", "iznosi", "placa", "placaju", "obracunava", "zaracunava", "taxed", "is", "are", "se", "li", "jel", "je"])
/** Question words: "na koje proizvode ide 5 %" asks which items, it names none. */
const WHICH_WORDS: ReadonlySet<string> = new Set(["koje", "koji", "koja", "sto", "cemu", "sta", "what", "which"])

/**
 * The item of a stated rate named before it: "Ide li na kavu 13 %?", "Jel na kolače ide 5 ili
 * 13 posto?". A preposition, the item's words, then only verbs up to the figure; a question word
 * ("na koje proizvode …") or a subject in between means no item is named there.
 */
function slotBeforeFigure(tokens: readonly string[], focus: Focus, covered: ReadonlySet<number>): string[] {
  for (const hit of focus.attributeHits) {
    if (hit.target !== "rate" || !FIGURE_WORDS.has(tokens[hit.start] ?? "") || !/^\d/.test(tokens[hit.start - 1] ?? "")) continue
    let end = hit.start - 1
    while (end > 0 && (FIGURE_VERBS.has(tokens[end - 1] ?? "") || /^\d/.test(tokens[end - 1] ?? "") || SLOT_ENDS.has(tokens[end - 1] ?? ""))) end--
    const words: number[] = []
    let at = end - 1
    for (; at >= 0 && words.length < MAX_SLOT && !SLOT_PREPOSITIONS.has(tokens[at] ?? ""); at--) words.unshift(at)
    if (at < 0 || !SLOT_PREPOSITIONS.has(tokens[at] ?? "") || words.length === 0) continue
    if (words.some((i) => covered.has(i) || WHICH_WORDS.has(tokens[i] ?? ""))) continue
    const unknown = words.filter((i) => isContentWord(tokens[i] ?? "") && !FIGURE_VERBS.has(tokens[i] ?? "")).map((i) => tokens[i] ?? "")
    if (unknown.length > 0) return unknown
  }
  return []
}

/** The slot's positions after `preposition`, up to a slot end, another preposition or MAX_SLOT words. */
function slotAfter(tokens: readonly string[], preposition: number): number[] {
  const slot: number[] = []
  for (let i = preposition + 1; i < tokens.length && slot.length < MAX_SLOT; i++) {
    if (SLOT_ENDS.has(tokens[i] ?? "") || SLOT_PREPOSITIONS.has(tokens[i] ?? "")) break
    slot.push(i)
  }
  return slot
}

/**
 * A generic goods word qualified by the phrase after it: "VAT on services to a German company",
 * "PDV na usluge za inozemnog klijenta". The qualifier says which supply is meant, so the slot is
 * that whole phrase (a subject the pack may lack), not an unnamed item to ask about. Returns the
 * generic words and the qualifier's words (articles left out), or nothing when no qualifier with
 * a content word follows, or it names a subject.
 */
function qualifiedGeneric(tokens: readonly string[], slot: readonly number[], covered: ReadonlySet<number>): string[] {
  const last = slot[slot.length - 1]
  const next = last === undefined ? undefined : last + 1
  if (next === undefined || !SLOT_PREPOSITIONS.has(tokens[next] ?? "")) return []
  const qualifier = slotAfter(tokens, next)
  if (qualifier.some((i) => covered.has(i)) || !qualifier.some((i) => isContentWord(tokens[i] ?? ""))) return []
  const words = [...slot, ...qualifier].map((i) => tokens[i] ?? "")
  return words.filter((t) => t.length >= 2 && !ARTICLES.has(t))
}

const ARTICLES: ReadonlySet<string> = new Set(["a", "an", "the"])

/**
 * The preposition opening a slot soon after `from`. Also one after a named item: "PDV na vodu u
 * bocama" names bottled water, which the public water supply's rule does not cover.
 */
function findPreposition(tokens: readonly string[], from: number): number | undefined {
  for (let i = from; i < tokens.length && i <= from + MAX_GAP; i++) if (SLOT_PREPOSITIONS.has(tokens[i] ?? "")) return i
  return undefined
}

const itemTaxes = new WeakMap<FocusIndex, Set<string>>()

/** Does the pack name goods or services within this tax (VAT does; profit tax does not)? */
function hasItems(index: FocusIndex, tax: string): boolean {
  let taxes = itemTaxes.get(index)
  if (taxes === undefined) {
    taxes = new Set<string>()
    for (const subject of index.subjects.values())
      if (subject.kind === "item") for (const broad of index.subjects.keys()) if (isWithin(index, subject.id, broad)) taxes.add(broad)
    itemTaxes.set(index, taxes)
  }
  return taxes.has(tax)
}

function coveredPositions(focus: Focus): Set<number> {
  const covered = new Set<number>()
  for (const hit of [...focus.subjectHits, ...focus.attributeHits])
    for (let i = hit.start; i < hit.end; i++) covered.add(i)
  return covered
}

function isContentWord(token: string): boolean {
  return token.length >= 3 && /^[a-z]+$/.test(token) && !SLOT_NOISE.has(token) && !DATE_WORDS.has(token)
}

/** Words that stand for some good or service without naming one ("PDV na moj proizvod"). */
export const GENERIC_ITEM_WORDS: ReadonlySet<string> = new Set([
  "proizvod", "proizvoda", "proizvode", "proizvodi", "roba", "robe", "robu", "usluga", "usluge", "uslugu", "artikl",
  "artikla", "artikle", "stavka", "stavku", "isporuku", "isporuke", "product", "products", "goods", "item", "items",
  "service", "services", "supply", "supplies", "article", "articles",
])
