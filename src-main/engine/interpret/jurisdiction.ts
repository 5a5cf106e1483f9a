import type { JurisdictionHint } from "./types"
import { Lexicon } from "./lexicon"
import { tokenIndexAt } from "./text-utils"

// Which legal system a question is about. Croatian markers -> HR; EU markers -> EU (HR when both:
// a Croatian business applies EU rules through Croatian law). A named foreign country -> OTHER,
// unless the question is a Croatian business dealing with that country ("prodajem kupcu u
// Njemačkoj"): then it stays HR/EU. A foreign tax named as such ("German VAT", "PDV u
// Sloveniji", "porez u Austriji") is always OTHER, whatever else the question mentions.

const HR_MARKERS = new Lexicon(["hr", "rh", "croatia", "croatian", "croatias", "nn", "fina"], ["hrvatsk"])
const HR_PHRASES = / (?:porezn\w* uprav\w*|narodn\w* novin\w*|republik\w* hrvatsk\w*)(?= )/
const EU_MARKERS = new Lexicon(["eu", "oss", "ioss", "vies", "eurozone", "europe"], ["direktiv", "directive", "europsk", "european", "unutarzajednic"])
const EU_PHRASES = / (?:intra community|unutar eu|within the eu|one stop shop)(?= )/

interface Country {
  code: string
  eu: boolean
  words?: readonly string[]
  stems?: readonly string[]
  phrases?: readonly string[]
}

const COUNTRIES: readonly Country[] = [
  { code: "DE", eu: true, stems: ["njemack", "njemac", "nijemc", "nijemac", "german"] },
  { code: "SI", eu: true, stems: ["sloven"] },
  { code: "AT", eu: true, stems: ["austrij", "austria"] },
  { code: "IT", eu: true, stems: ["italij", "talijan", "italy", "italian"] },
  { code: "HU", eu: true, stems: ["madarsk", "madar", "hungar"] },
  { code: "FR", eu: true, stems: ["francusk", "francuz"], words: ["france", "french"] },
  { code: "NL", eu: true, stems: ["nizozem", "netherland", "holland"], words: ["dutch"] },
  { code: "BE", eu: true, stems: ["belgij", "belgium", "belgian"] },
  { code: "ES", eu: true, stems: ["spanjol", "spain", "spanish"] },
  { code: "PT", eu: true, stems: ["portugal", "portugues"] },
  { code: "PL", eu: true, stems: ["poljsk", "poljak", "poland"], words: ["polish"] },
  { code: "CZ", eu: true, stems: ["cesk", "czech"] },
  { code: "SK", eu: true, stems: ["slovack", "slovak"] },
  { code: "DK", eu: true, stems: ["dansk", "denmark", "danish"] },
  { code: "SE", eu: true, stems: ["svedsk", "sweden", "swedish"] },
  { code: "FI", eu: true, stems: ["finsk", "finland", "finnish"] },
  { code: "IE", eu: true, stems: ["irsk", "ireland"], words: ["irish"] },
  { code: "GR", eu: true, stems: ["grck", "greece", "greek"] },
  { code: "BG", eu: true, stems: ["bugarsk", "bulgaria"] },
  { code: "RO", eu: true, stems: ["rumunj", "romania"] },
  { code: "LU", eu: true, stems: ["luksemburg", "luxembourg"] },
  { code: "MT", eu: true, words: ["malta", "malti", "maltu", "malte", "maltese"] },
  { code: "CY", eu: true, stems: ["cipar", "cipr", "cyprus"] },
  { code: "EE", eu: true, stems: ["estonij", "estonia"] },
  { code: "LV", eu: true, stems: ["latvij", "latvia"] },
  { code: "LT", eu: true, stems: ["litv", "lithuania"] },
  { code: "RS", eu: false, stems: ["srbij", "srpsk", "serbia"], words: ["srbi", "srbin"] },
  { code: "BA", eu: false, stems: ["bosn", "hercegovin"], words: ["bih"] },
  { code: "ME", eu: false, stems: ["montenegr", "crnogorsk"], phrases: ["crna gora", "crnoj gori", "crne gore", "crnu goru"] },
  { code: "MK", eu: false, stems: ["makedonij", "makedonsk", "macedonia"] },
  { code: "CH", eu: false, stems: ["svicar", "switzerland"], words: ["swiss"] },
  { code: "GB", eu: false, stems: ["britanij", "britansk", "britain", "british"], words: ["uk", "engleska", "engleskoj", "englesku", "england"], phrases: ["united kingdom"] },
  { code: "US", eu: false, stems: ["americk", "america"], words: ["usa", "amerika", "americi", "ameriku", "amerike"], phrases: ["united states"] },
  { code: "NO", eu: false, stems: ["norvesk", "norway", "norwegian"] },
  { code: "RU", eu: false, stems: ["rusij", "russia"], words: ["ruski", "ruska", "ruskoj", "rusku", "ruske"] },
  { code: "UA", eu: false, stems: ["ukrajin", "ukrain"] },
  { code: "TR", eu: false, stems: ["tursk", "turkish"] },
  { code: "CN", eu: false, stems: ["kinesk", "china", "chinese"], words: ["kina", "kini", "kine", "kinu"] },
  { code: "CA", eu: false, stems: ["kanad", "canada", "canadian"] },
  { code: "AU", eu: false, stems: ["australij", "australia"] },
  { code: "JP", eu: false, stems: ["japan"] },
]

/** Every country code the interpreter can name (each has a reader's name in country-names.ts). */
export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code)
const UNITED_STATES: Country = { code: "US", eu: false }
// One lexicon over every country's words and stems, and the country each entry names: a
// question's tokens are looked up once, not once per country. An entry shared by two countries
// would make the answer depend on list order, so the module refuses to load with one.
const COUNTRY_LEXICON = new Lexicon(
  COUNTRIES.flatMap((c) => c.words ?? []),
  COUNTRIES.flatMap((c) => c.stems ?? []),
)
const COUNTRY_OF_ENTRY = new Map<string, Country>()
for (const country of COUNTRIES)
  for (const entry of [...(country.words ?? []), ...(country.stems ?? [])]) {
    const owner = COUNTRY_OF_ENTRY.get(entry)
    if (owner !== undefined) throw new Error(`country word "${entry}" names both ${owner.code} and ${country.code}`)
    COUNTRY_OF_ENTRY.set(entry, country)
  }
const COUNTRY_PHRASES = COUNTRIES.flatMap((c) => (c.phrases ?? []).map((p) => ({ country: c, phrase: ` ${p} ` })))
// "SAD" (Croatian for the USA) is "now" in lower case; "US" is "us"; only the capitals count.
const US_CAPITALS = /(?<![\p{L}\d])(?:SAD|USA|US|U\.S\.A?\.?)(?![\p{L}\d])/u

const TAX_WORDS = new Lexicon(["vat", "tax", "taxes", "rate", "rates", "threshold"], ["pdv", "porez", "doprinos", "stop", "prag"])
const DEALING_WORDS = new Lexicon(
  ["sold", "sale", "sales", "supply", "supplies", "kupac", "kupca", "kupcu", "kupci", "kupce", "kupcima"],
  ["prodaj", "prodam", "isporu", "izvoz", "izvez", "uvoz", "uvez", "klijent", "narucitelj", "pruz", "fakturir", "export", "import", "sell", "customer", "client", "deliver", "ship", "invoic", "buyer", "partner"],
)
/** A company as a trading party: "usluge njemačkoj tvrtki", "services to a German company". */
const PARTY_WORDS = new Lexicon(
  ["company", "companies", "firm", "firms", "firma", "firmi", "firme", "firmu", "firmom", "business", "businesses"],
  ["tvrtk", "poduzec", "dobavljac", "supplier", "vendor"],
)
const FROM = new Set(["iz", "from"])
/** Words that make "<country> VAT …" an identification number ("Dutch VAT number", "PDV broj"). */
const ID_WORDS: ReadonlySet<string> = new Set(["number", "numbers", "no", "id", "ids", "identification", "registration", "broj", "broja", "brojem", "identifikacijski", "identifikacijskim", "identifikacijskog"])

/**
 * Is a foreign company named as a party: the country's adjective right before it ("German
 * company", "njemačkoj tvrtki") or "from" the country after it ("dobavljač iz Italije", and goods:
 * "robu iz Italije")? Not "firmu u Austriji": opening a company there is that country's law.
 */
function namesForeignParty(tokens: readonly string[], positions: ReadonlyMap<number, Country>): boolean {
  const isParty = (at: number) => PARTY_WORDS.match(tokens[at] ?? "") !== undefined
  const isOrigin = (at: number) => isParty(at) || GOODS_WORDS.match(tokens[at] ?? "") !== undefined
  for (const at of positions.keys()) {
    if (isParty(at + 1)) return true
    if (FROM.has(tokens[at - 1] ?? "") && (isOrigin(at - 2) || isOrigin(at - 3))) return true
  }
  return false
}

/** A trip abroad ("dnevnica za Austriju", "per diem for Germany"): the country is the destination, and
 *  the per diem, mileage or travel costs are a Croatian employer's under Croatian rules. */
const TRAVEL_WORDS = new Lexicon(["trip", "trips", "travel", "travelling", "traveling"], ["dnevnic", "putovanj", "putni", "diem"])
const LOCATIVE = new Set(["u", "in", "za", "for", "of", "iz", "from"])
/** "put u inozemstvo", "a trip abroad": the trip leaves Croatia without naming where to. */
const ABROAD_WORDS = new Lexicon(["abroad", "overseas"], ["inozem"])
/** What `destinationAbroad` holds for a trip abroad that names no country. */
export const UNNAMED_DESTINATION = "ABROAD"

export interface JurisdictionResult {
  hint: JurisdictionHint
  country?: string
  /** Every country named, ISO codes in order of first mention (HR included when named). */
  countries: string[]
  /** The foreign country a trip goes to ("dnevnica za put u Njemačku"): its ISO code, or UNNAMED_DESTINATION ("u inozemstvo"). */
  destinationAbroad?: string
  /** The EU member state goods are sold or supplied to ("prodajem robu firmi u Njemačkoj"). */
  euGoodsSupplyTo?: string
  note: string
}

/**
 * Does the token name a country ("Njemačkoj", "German")? The jurisdiction reads it: it makes a
 * question foreign, a trip abroad or a cross-border trade, and is never an unknown subject.
 */
export function namesCountry(token: string): boolean {
  return countryOf(token) !== undefined
}

function countryOf(token: string): Country | undefined {
  const entry = COUNTRY_LEXICON.match(token)
  return entry === undefined ? undefined : COUNTRY_OF_ENTRY.get(entry)
}

/** Is a foreign tax named: "njemacki pdv", "german vat", "pdv u sloveniji", "vat rate in austria"? */
function namesForeignTax(tokens: readonly string[], positions: ReadonlyMap<number, Country>): Country | undefined {
  for (const [at, country] of positions) {
    const next = tokens[at + 1]
    const afterNext = tokens[at + 2]
    // "njemacki pdv", "Germany's VAT"; not "prodajem u Njemačku, PDV?" (a sale abroad).
    const dealtWith = tokens.slice(Math.max(0, at - 3), at).some((t) => DEALING_WORDS.match(t) !== undefined)
    // "Dutch VAT number", "njemački PDV broj": another state's VAT identification, not its tax.
    const idFollows = ID_WORDS.has(afterNext ?? "")
    const taxFollows =
      (next !== undefined && TAX_WORDS.match(next) !== undefined && !idFollows) ||
      (next === "s" && afterNext !== undefined && TAX_WORDS.match(afterNext) !== undefined)
    if (taxFollows && !dealtWith) return country
    // tax word, at most two plain words, then "u/in/za" and the country. Not "iz/from": that is
    // where goods come from ("carinska stopa za robu iz Kine" asks Croatian import rules).
    const prep = tokens[at - 1]
    if (prep === undefined || !LOCATIVE.has(prep) || FROM.has(prep)) continue
    for (let k = at - 2; k >= Math.max(0, at - 5); k--) {
      const word = tokens[k] ?? ""
      if (DEALING_WORDS.match(word) !== undefined) break
      if (TAX_WORDS.match(word) !== undefined) return country
    }
  }
  return undefined
}

/** Where "US" / "USA" / "SAD" stands among the tokens (a party word may follow it: "a US company"). */
function usTokenAt(tokens: readonly string[]): number {
  const at = tokens.findIndex((t) => t === "us" || t === "usa" || t === "sad")
  return at < 0 ? tokens.length : at
}

export function resolveJurisdiction(processed: string, line: string, tokens: readonly string[]): JurisdictionResult {
  const positions = new Map<number, Country>()
  tokens.forEach((token, at) => {
    const country = countryOf(token)
    if (country !== undefined) positions.set(at, country)
  })
  for (const { country, phrase } of COUNTRY_PHRASES) {
    const at = line.indexOf(phrase)
    if (at >= 0) positions.set(tokenIndexAt(line, at), country)
  }
  if (US_CAPITALS.test(processed) && ![...positions.values()].some((c) => c.code === "US")) positions.set(usTokenAt(tokens), UNITED_STATES)
  const ordered = [...positions.entries()].sort((a, b) => a[0] - b[0])
  const named: NamedPlaces = {
    sorted: new Map(ordered),
    hr: tokens.some((t) => HR_MARKERS.match(t) !== undefined) || HR_PHRASES.test(line),
    eu: tokens.some((t) => EU_MARKERS.match(t) !== undefined) || EU_PHRASES.test(line),
    travel: tokens.some((t) => TRAVEL_WORDS.match(t) !== undefined),
  }
  const result = resolveHint(tokens, named)
  const destination = named.travel ? tripDestination(tokens, ordered) : undefined
  const withTrip = destination === undefined ? result : { ...result, destinationAbroad: destination }
  const supplyTo = euGoodsSupplyTo(tokens, result)
  return supplyTo === undefined ? withTrip : { ...withTrip, euGoodsSupplyTo: supplyTo }
}

/**
 * Where a trip goes abroad: the first foreign country named, or, when the question says only
 * "u inozemstvo" / "abroad", an unnamed destination. Either way the per diem asked is the one for
 * trips abroad, never the domestic one ("dnevnica za put u inozemstvo od 14 sati" was once
 * answered with the domestic EUR 30).
 */
function tripDestination(tokens: readonly string[], ordered: ReadonlyArray<readonly [number, Country]>): string | undefined {
  const country = ordered.find(([, c]) => c.code !== "HR")?.[1].code
  if (country !== undefined) return country
  return tokens.some((t) => ABROAD_WORDS.match(t) !== undefined) ? UNNAMED_DESTINATION : undefined
}

/**
 * Goods: "robu", "proizvode", "goods"; not services, whose place of supply follows other rules.
 * Goods from a country ("robu iz Kine") are imported or acquired here (namesForeignParty).
 */
const GOODS_WORDS = new Lexicon(["goods", "merchandise", "dobra", "dobara", "dobrima"], ["robu", "robe", "roba", "robom", "proizvod", "product", "artikl"])

/**
 * A Croatian business supplying goods to another EU member state: the trade is cross-border and
 * names goods. Such a supply is the pack's intra-EU supply (its exemption and ZP reporting), not a
 * rate question about the goods themselves.
 */
function euGoodsSupplyTo(tokens: readonly string[], result: JurisdictionResult): string | undefined {
  const crossBorder = /^jurisdiction:cross_border:([A-Z]{2})$/.exec(result.note)
  const country = crossBorder?.[1]
  if (country === undefined || result.hint !== "EU") return undefined
  return tokens.some((t) => GOODS_WORDS.match(t) !== undefined) ? country : undefined
}

interface NamedPlaces {
  /** Countries by the position of the token naming them. */
  sorted: ReadonlyMap<number, Country>
  hr: boolean
  eu: boolean
  /** A trip is spoken of (per diem, travel, journey). */
  travel: boolean
}

function resolveHint(tokens: readonly string[], { sorted, hr, eu, travel }: NamedPlaces): JurisdictionResult {
  const ordered = [...sorted.entries()]
  const countries = [...new Set([...(hr ? ["HR"] : []), ...ordered.map(([, c]) => c.code)])]
  const foreignTax = namesForeignTax(tokens, sorted)
  if (foreignTax !== undefined) return { hint: "OTHER", country: foreignTax.code, countries, note: `jurisdiction:OTHER:${foreignTax.code}:foreign_tax` }
  if (hr) return { hint: "HR", countries, note: eu ? "jurisdiction:HR:hr+eu" : "jurisdiction:HR" }
  if (eu) return { hint: "EU", countries, note: "jurisdiction:EU" }
  const first = ordered[0]?.[1]
  if (first === undefined) return { hint: "NONE", countries, note: "jurisdiction:NONE" }
  if (travel) return { hint: "HR", countries, note: `jurisdiction:HR:travel_to:${first.code}` }
  if (tokens.some((t) => DEALING_WORDS.match(t) !== undefined) || namesForeignParty(tokens, sorted)) {
    // A Croatian business selling to or buying from abroad: EU rules for a member state,
    // Croatian (export/import) rules otherwise.
    return { hint: first.eu ? "EU" : "HR", countries, note: `jurisdiction:cross_border:${first.code}` }
  }
  return { hint: "OTHER", country: first.code, countries, note: `jurisdiction:OTHER:${first.code}` }
}
