import type { EntityType, ObrtSubtype } from "../../../src-shared/context"
import { ITEMS } from "./items"
import { tokenIndexAt } from "./text-utils"

// Who is asking and about what: legal form (d.o.o., j.d.o.o., obrt, paušalist, udruga), VAT
// status, the tax concerned and the goods or service named. All patterns run on the token line
// (" tokens joined by spaces "), so "d.o.o.", "PDV-a" and "VAT-registered" are already "doo",
// "pdv" and "vat registered".

export interface Located<T> {
  value: T
  at: number
}

export interface EntityFindings {
  entityTypes: Array<Located<EntityType>>
  obrtSubtypes: Array<Located<ObrtSubtype>>
  vatStatus?: "IN_VAT" | "OUTSIDE_VAT"
  taxTypes: Array<Located<string>>
  items: Array<Located<string>>
}

interface FormPattern {
  pattern: RegExp
  type: EntityType
  subtype?: ObrtSubtype
}

// Order matters: a span taken by an earlier pattern is not read again by a later one
// ("j.d.o.o." is not also a d.o.o.; "obrt na dohodak" is not also a plain obrt).
const LEGAL_FORMS: readonly FormPattern[] = [
  { pattern: / (?:jdoo|jednostavn\w* drustv\w* s ogranicenom odgovornoscu|simple limited liability compan\w*)(?= )/g, type: "JDOO" },
  { pattern: / (?:doo|drustv\w* s ogranicenom odgovornoscu|limited liability compan\w*|llc|ltd)(?= )/g, type: "DOO" },
  { pattern: / (?:dd|dionick\w* drustv\w*|joint stock compan\w*)(?= )/g, type: "OTHER" },
  { pattern: / (?:pausal\w*|lump sum tax\w*)(?= )/g, type: "OBRT", subtype: "PAUSALNI" },
  { pattern: / (?:dohodas\w*|obrt\w* na dohodak)(?= )/g, type: "OBRT", subtype: "DOHODAS" },
  { pattern: / (?:dobitas\w*|obrt\w* na dobit)(?= )/g, type: "OBRT", subtype: "DOBITAS" },
  // Not "obrtni kapital" / "obrtna sredstva" (working capital, current assets).
  { pattern: / (?:obrt(?:a|u|om|e|i|ima|nik\w*|nic\w*|nist\w*)?|sole trader\w*|sole proprietor\w*)(?= )/g, type: "OBRT" },
  { pattern: / (?:udrug\w*|udruzi|ngo|ngos|association|nevladin\w* organizacij\w*|neprofitn\w* organizacij\w*)(?= )/g, type: "UDRUGA" },
]

const NOT_IN_VAT = [
  / (?:nisam|nismo|nije|nisu|niste|nisi)(?: vise)?(?: upisan\w*)? u (?:sustavu|sustav|registar obveznika) pdv /,
  / (?:izvan|van) sustava pdv /,
  / (?:nisam|nismo|nije|nisu|niste|nisi)(?: vise)? (?:pdv obveznik\w*|obveznik\w* pdv) /,
  / not (?:in|within|inside|part of) (?:the )?vat system /,
  / outside (?:of )?(?:the )?vat system /,
  / (?:not|non|isn t|aren t|wasn t) (?:vat registered|registered for vat|a vat payer|a vat taxpayer|in the vat system) /,
  / unregistered for vat /,
]
// "Trebam li biti u sustavu PDV-a?" asks about a status, it does not state one.
const IN_VAT = [
  /(?<! (?:biti|bude|budem|budemo|budes|ostati)) u sustavu pdv /,
  / (?:sam|smo|je|jesam|jesmo|su|postao|postala|postali|postajem) (?:pdv obveznik\w*|obveznik\w* pdv) /,
  / upisan\w* u registar obveznika pdv /,
  /(?<! be) in the vat system /,
  /(?<! (?:be|get|become|becoming|getting)) (?:vat registered|registered for vat) /,
  / (?:am|are|is) (?:a )?vat (?:payer|taxpayer) /,
]

const TAX_TYPES: ReadonlyArray<[RegExp, string]> = [
  [/ (?:porez\w* na promet nekretnin\w*|real estate transfer tax|property transfer tax)(?= )/g, "REAL_ESTATE_TRANSFER_TAX"],
  [/ (?:porez\w* na dobit|corporate income tax|corporate tax|corporation tax|profit tax|cit)(?= )/g, "PROFIT_TAX"],
  [/ (?:porez\w* na dohodak|personal income tax|income tax\w*|osobn\w* odbit\w*|personal allowances?)(?= )/g, "INCOME_TAX"],
  [/ (?:pdv|vat|porez\w* na dodanu vrijednost|value added tax)(?= )/g, "VAT"],
  [/ (?:doprinos\w*|contributions?|social security|mirovinsk\w* osiguranj\w*|zdravstven\w* osiguranj\w*)(?= )/g, "CONTRIBUTIONS"],
  [/ (?:prirez\w*|surtax)(?= )/g, "SURTAX"],
  [/ (?:fiskaliz\w*|fiscali[sz]\w*)(?= )/g, "FISCALIZATION"],
  [/ (?:e racun\w*|eracun\w*|e invoic\w*|einvoic\w*|eizvjestavanj\w*|e reporting)(?= )/g, "E_INVOICING"],
  [/ (?:oss|ioss|one stop shop)(?= )/g, "OSS"],
]
const GENERIC_TAX = / (?:porez\w*|tax|taxes|taxation|taxed|oporez\w*)(?= )/g

interface Span {
  start: number
  end: number
}

function collect<T>(line: string, pattern: RegExp, value: T, taken: Span[], into: Array<Located<T>>): void {
  pattern.lastIndex = 0
  for (let m = pattern.exec(line); m !== null; m = pattern.exec(line)) {
    const start = m.index
    const end = start + m[0].length
    if (taken.some((s) => start < s.end && end > s.start)) continue
    taken.push({ start, end })
    into.push({ value, at: tokenIndexAt(line, start) })
  }
}

function byPosition<T>(list: Array<Located<T>>): Array<Located<T>> {
  return list.sort((a, b) => a.at - b.at)
}

function findLegalForms(line: string): Pick<EntityFindings, "entityTypes" | "obrtSubtypes"> {
  const taken: Span[] = []
  const entityTypes: Array<Located<EntityType>> = []
  const obrtSubtypes: Array<Located<ObrtSubtype>> = []
  for (const form of LEGAL_FORMS) {
    const before = entityTypes.length
    collect(line, form.pattern, form.type, taken, entityTypes)
    const subtype = form.subtype
    if (subtype !== undefined) for (const found of entityTypes.slice(before)) obrtSubtypes.push({ value: subtype, at: found.at })
  }
  return { entityTypes: byPosition(entityTypes), obrtSubtypes: byPosition(obrtSubtypes) }
}

function findVatStatus(line: string): EntityFindings["vatStatus"] {
  if (NOT_IN_VAT.some((p) => p.test(line))) return "OUTSIDE_VAT"
  if (IN_VAT.some((p) => p.test(line))) return "IN_VAT"
  return undefined
}

function findTaxTypes(line: string): Array<Located<string>> {
  const taken: Span[] = []
  const found: Array<Located<string>> = []
  for (const [pattern, value] of TAX_TYPES) collect(line, pattern, value, taken, found)
  if (found.length === 0) collect(line, GENERIC_TAX, "TAX", taken, found)
  const firstOfEach: Array<Located<string>> = []
  for (const tax of byPosition(found)) if (!firstOfEach.some((t) => t.value === tax.value)) firstOfEach.push(tax)
  return firstOfEach
}

// The item index, built once: exact words, stems by first three letters, phrases.
interface ItemIndex {
  words: Map<string, number>
  stems: Array<[string, number]>
  /** Padded phrase, item, and the phrase's first word (a phrase can only match where a token is that word). */
  phrases: Array<[string, number, string]>
}
const ITEM_INDEX: ItemIndex = (() => {
  const index: ItemIndex = { words: new Map(), stems: [], phrases: [] }
  ITEMS.forEach((item, i) => {
    for (const w of item.words ?? []) if (!index.words.has(w)) index.words.set(w, i)
    for (const s of item.stems ?? []) index.stems.push([s, i])
    for (const p of item.phrases ?? []) index.phrases.push([` ${p} `, i, p.split(" ")[0] ?? ""])
  })
  return index
})()

function itemForToken(token: string): number | undefined {
  const exact = ITEM_INDEX.words.get(token)
  if (exact !== undefined) return exact
  if (token.length < 4) return undefined
  for (const [stem, i] of ITEM_INDEX.stems) if (token.startsWith(stem)) return i
  return undefined
}

function findItems(line: string, tokens: readonly string[]): Array<Located<string>> {
  const found: Array<Located<string>> = []
  const covered = new Set<number>()
  // The line is the tokens joined by spaces: a phrase whose first word is no token cannot occur.
  const present = new Set(tokens)
  for (const [phrase, i, first] of ITEM_INDEX.phrases) {
    if (!present.has(first)) continue
    for (let at = line.indexOf(phrase); at >= 0; at = line.indexOf(phrase, at + 1)) {
      const first = tokenIndexAt(line, at)
      const length = phrase.trim().split(" ").length
      if (covered.has(first)) continue
      for (let k = 0; k < length; k++) covered.add(first + k)
      found.push({ value: ITEMS[i]?.key ?? "", at: first })
    }
  }
  tokens.forEach((token, t) => {
    if (covered.has(t)) return
    const i = itemForToken(token)
    const item = i === undefined ? undefined : ITEMS[i]
    if (item === undefined) return
    if (item.notAfter?.includes(tokens[t - 1] ?? "") || item.notBefore?.includes(tokens[t + 1] ?? "")) return
    found.push({ value: item.key, at: t })
  })
  return byPosition(found)
}

export function findEntities(line: string, tokens: readonly string[]): EntityFindings {
  return {
    ...findLegalForms(line),
    vatStatus: findVatStatus(line),
    taxTypes: findTaxTypes(line),
    items: findItems(line, tokens),
  }
}
