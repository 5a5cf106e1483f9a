import type { Attribute } from "./pack-schema"
import type { FocusIndex, TermHit } from "./focus-index"
import { isWithin } from "./focus-index"
import { COMMON_WORDS, DATE_WORDS, SHOP_WORDS } from "./common-words"

// The question's subject slots (issue 17): the words where a subject's name is expected ("PDV na
// …", "VAT rate for …", "na … ide 13 %", a charge word, a broad item with its kind) that name no
// subject of the pack. Such words make the engine refuse rather than answer for another subject.

/** What the slot search reads of a focus: the subject and attribute terms already placed. */
export interface PlacedTerms {
  subjectHits: readonly TermHit<string>[]
  attributeHits: readonly TermHit<Attribute>[]
}

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
  "what", "which", "is", "are", "it", "applies", "apply", "applied", "applicable", "charged", "placa", "placam", "placa", "zaracunava",
  "obracunava", "pay", "paid", "charge", "placu", "place", "placi", "salary", "salaries", "wage", "wages", "nasu",
  "nase", "nasa", "nasoj", "vasu", "vase", "vasa", "moja", "mojoj", "tvoju", "svoju", "your", "their", "mjesecno", "godisnje", "monthly", "annual", "annually", "sustavu",
  "sustav", "praksi", "pravilu", "opcenito", "general", "generally", "europi", "europe", "eu", "inozemstvu", "abroad",
  ...SHOP_WORDS,
])

/**
 * Words in a subject's slot that name no subject: after a tax or a rate word and a preposition
 * ("PDV na čokoladu", "VAT rate for haircuts"), up to the slot's end. Empty when the slot names a
 * subject, holds only noise, or the question has no such slot.
 */
export function unknownSlot(index: FocusIndex, tokens: readonly string[], focus: PlacedTerms): string[] {
  const covered = coveredPositions(focus, tokens)
  // A tax opens an item's slot only if the pack has goods or services within it ("PDV na …"):
  // in "stopa poreza na dobit za prihod od …" the words after the tax are a condition, not an item.
  const anchors = [
    ...focus.subjectHits.filter((h) => opensItemSlot(index, h.target)),
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
function qualifiedBroadItem(index: FocusIndex, tokens: readonly string[], focus: PlacedTerms, covered: ReadonlySet<number>): string[] {
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
function slotBeforeFigure(tokens: readonly string[], focus: PlacedTerms, covered: ReadonlySet<number>): string[] {
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

/**
 * A tax with goods or services within it ("PDV na …"), or a rate topic within such a tax whose
 * name holds the tax and the rate words ("reduced VAT rate on wine": the item's slot follows it
 * as it follows "PDV", and wine is not an item the reduced rates name).
 */
function opensItemSlot(index: FocusIndex, id: string): boolean {
  const subject = index.subjects.get(id)
  if (subject === undefined || subject.kind === "item") return false
  if (subject.kind === "tax") return hasItems(index, id)
  const answersRate = (index.conceptsBySubject.get(id) ?? []).some((c) => index.conceptAttributes.get(c.slug)?.has("rate") === true)
  return answersRate && [...index.subjects.values()].some((tax) => tax.kind === "tax" && isWithin(index, id, tax.id) && hasItems(index, tax.id))
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

function coveredPositions(focus: PlacedTerms, tokens: readonly string[]): Set<number> {
  const covered = new Set<number>()
  for (const hit of [...focus.subjectHits, ...focus.attributeHits])
    for (let i = hit.start; i < hit.end; i++) covered.add(i)
  for (const i of statedMeasures(tokens)) covered.add(i)
  return covered
}

/** Words comparing a stated measure with a figure: "revenue under EUR 1m", "prihod iznad 60.000". */
const COMPARATORS: ReadonlySet<string> = new Set([
  "under", "over", "above", "below", "exceeding", "exceeds", "less", "more", "than", "up", "to", "ispod", "iznad",
  "preko", "vise", "manje", "od", "do", "veci", "manji", "veca", "manja",
])
/** Nouns of a measure a question states ("revenue", "prihod"); an item ("kavu do 5 eura") is none. */
const MEASURE_NOUNS: ReadonlySet<string> = new Set([
  "revenue", "revenues", "turnover", "receipts", "amount", "value", "prihod", "prihoda", "prihodom", "prihodi",
  "prihodima", "promet", "prometa", "prometom", "primici", "primitaka", "primitcima", "iznos", "iznosa", "iznosom",
  "vrijednost", "vrijednosti",
])
/** How far after the comparator the figure may stand ("under EUR 1m", "less than 60,000"). */
const FIGURE_REACH = 3

/**
 * A measure the question states as a condition, "<measure> <comparator> … <figure>": "rate for
 * revenue under EUR 1m" states the revenue, it names no item. The noun and its comparators are
 * covered. Only nouns of a measure: "PDV na kavu do 5 eura" still names coffee, which the pack lacks.
 */
function statedMeasures(tokens: readonly string[]): number[] {
  const positions: number[] = []
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!MEASURE_NOUNS.has(tokens[i] ?? "") || !COMPARATORS.has(tokens[i + 1] ?? "")) continue
    let end = i + 1
    while (COMPARATORS.has(tokens[end + 1] ?? "")) end++
    const figure = tokens.slice(end + 1, end + 1 + FIGURE_REACH).some((t) => /^\d/.test(t))
    if (figure) for (let k = i; k <= end; k++) positions.push(k)
  }
  return positions
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
