import type { QueryIntent, QueryTopic } from "../../../src-shared/events/payloads"
import type { RiskTier } from "../../../src-shared/events/stages"
import type { CoarseIntent, Domain } from "./types"
import { countMatches, Lexicon } from "./lexicon"
import { REGULATORY_PHRASES, REGULATORY_WORDS } from "./regulatory-lexicon"

// Topic, intent (seed 003's fine view and seed 001's coarse view), domain and risk tier, from
// word lists in both languages. Each classifier scores its candidates and records what won.

const PRODUCT_WORDS = new Lexicon(
  ["fiskai", "app", "software", "softver", "stepper", "trace", "traces", "whatif", "settings", "setting", "postavke",
    "postavkama", "postavki", "shortcut", "shortcuts", "precac", "precaci", "theme", "tema", "offline", "backup"],
  ["aplikacij", "sucelj", "interface", "scenarij", "scenario", "azuriranj", "instal", "verzij", "sinkroniz"],
)
const PRODUCT_PHRASES = / (?:(?:izvoz\w*|izvez\w*|izvest\w*|export\w*) (?:\w+ )?(?:pdf|csv|json|trag\w*|trace\w*|paket\w*|bundle\w*|izvjestaj\w*|report\w*|podatk\w*|data|audit\w*)|what if|dark mode|tamn\w* (?:nacin|tem\w*)|sigurnosn\w* kopij\w*)(?= )/g
// "Contact" alone is not support: "VAT rate on contact lenses" names an item. Only reaching us
// ("contact support", "kako vas kontaktirati") is, in SUPPORT_PHRASES.
const SUPPORT_WORDS = new Lexicon(
  ["password", "passwords", "login", "logout", "subscription", "subscriptions", "pricing", "refund", "billing",
    "support", "podrska", "podrsku", "podrske", "bug", "crash", "crashes", "licence", "license"],
  ["lozink", "pretplat", "licenc", "ulogira", "logira", "reklamacij"],
)
const SUPPORT_PHRASES = / (?:(?:ne mogu|ne moze\w*|kako) (?:se )?prijavi\w*(?: se)?|prijav\w* se u (?:aplikacij\w*|fiskai)|log in|sign in|sign up|reset\w* (?:lozink\w*|password\w*)|racun za pretplat\w*|korisnick\w* racun\w*|user account|my account|koliko kosta|cijen\w* (?:pretplat\w*|aplikacij\w*|licenc\w*|fiskai)|price of (?:the )?(?:app|fiskai|subscription|licen\w*)|how much does (?:the )?(?:app|fiskai|it) cost|ne radi|doesn t work|not working|rusi se|(?:contact|kontakt\w*) (?:you|us|support|the team|podrsk\w*|vas|nas)|(?:how|where) (?:do|can) i contact|kako (?:\w+ ){0,2}kontaktira\w*|kontaktira\w* (?:vas|podrsk\w*))(?= )/g

export interface TopicResult {
  topic: QueryTopic
  regulatoryHits: string[]
  note: string
}

/** PRODUCT and SUPPORT words weigh double: they are specific to this app, while regulatory
 *  vocabulary also turns up in questions about the app ("izvoz PDV izvještaja iz aplikacije"). */
export function classifyTopic(line: string, tokens: readonly string[]): TopicResult {
  const regulatoryHits = REGULATORY_WORDS.hits(tokens)
  const supportPhrases = countMatches(line, SUPPORT_PHRASES)
  const regulatoryPhrases = countMatches(line, REGULATORY_PHRASES)
  const reg = regulatoryHits.length + regulatoryPhrases - (/ racun za pretplat/.test(line) ? 1 : 0)
  const product = 2 * (PRODUCT_WORDS.hits(tokens).length + countMatches(line, PRODUCT_PHRASES))
  const support = 2 * (SUPPORT_WORDS.hits(tokens).length + supportPhrases)
  let topic: QueryTopic
  // A tie with the regulatory words is a tax question about such a thing ("VAT rate on a newspaper subscription").
  if (support > 0 && support >= product && support > reg) topic = "SUPPORT"
  else if (product > 0 && product >= reg) topic = "PRODUCT"
  else if (reg > 0) topic = "REGULATORY"
  else topic = "OFFTOPIC"
  return { topic, regulatoryHits, note: `topic:${topic}(reg=${reg},product=${product},support=${support})` }
}

const INTENT_PATTERNS: ReadonlyArray<[Exclude<QueryIntent, "GENERAL">, RegExp]> = [
  ["DEADLINE", / (?:rok\w*|do kada|dokad|kada (?:moram|mora|treba|trebam|se|je|moramo|dospijeva|predajem|placam)|deadline\w*|due|due date|by when|until when|when (?:must|do|should|is|are)|dospije\w*|dospijec\w*|zadnji dan|last day)(?= )/g],
  ["THRESHOLD", / (?:prag\w*|granic\w*|limit\w*|threshold\w*|ceiling|do koliko|maksimaln\w*|maximum|(?:uci|ulaz\w*|ulazim|ulazak|udem) u sustav|registrira\w*|registrac\w*|registration|register for vat|upis\w* u registar)(?= )/g],
  ["RATE", / (?:stop(?:a|e|i|u|om|ama)|rate|rates|postot\w*|percent\w*|posto|koliko posto)(?= )/g],
  ["CALCULATE", / (?:izracun\w*|obracun\w*|calculat\w*|compute|koliko (?:cu|moram|trebam|ce|iznosi|iznose|placam|platiti|placati)|how much (?:will|do|does|is|tax|vat|should)|koliki (?:je|ce biti) (?:porez|iznos|doprinos)\w*)(?= )/g],
  ["OBLIGATION", / (?:(?:tko|ko|who) (?:mora|moraju|must|has to|needs to)|kazn\w*|penalt\w*|fines|fined|moram li|mora li|moraju li|moramo li|trebam li|treba li|trebaju li|jesam li duz\w*|obvez(?!nik)\w*|duzan|duzna|duzni|must i|do i (?:have|need) to|am i (?:required|obliged|obligated)|is it (?:mandatory|required|compulsory)|required to|obliged to|mandatory|compulsory|need to register|have to register|should i register)(?= )/g],
  ["EXPLAIN", / (?:sto je|sto znaci|sto su|sto podrazumijeva|objasn\w*|kako funkcionira|what is|what are|what does|explain\w*|meaning|definicij\w*|definition|razlik\w*|difference)(?= )/g],
]
// Order of preference on a tie: the more specific aspect wins over the general one.
const INTENT_PRIORITY: readonly QueryIntent[] = ["DEADLINE", "THRESHOLD", "RATE", "CALCULATE", "OBLIGATION", "EXPLAIN"]

export interface IntentContext {
  hasTurnoverAmount: boolean
  hasAmount: boolean
  hasItem: boolean
  mentionsPercent: boolean
}

export function classifyQueryIntent(line: string, context: IntentContext): { queryIntent: QueryIntent; note: string } {
  const scores = new Map<QueryIntent, number>()
  for (const [intent, pattern] of INTENT_PATTERNS) scores.set(intent, countMatches(line, pattern))
  const bump = (intent: QueryIntent, by: number): void => void scores.set(intent, (scores.get(intent) ?? 0) + by)
  // "... ako mi je promet 65.000 eura?": a turnover figure is compared with a threshold.
  if (context.hasTurnoverAmount && / (?:pdv|vat|sustav\w*|system|registr\w*)(?= )/.test(line)) bump("THRESHOLD", 1)
  if (context.hasItem) bump("RATE", 1)
  if (context.mentionsPercent) bump("RATE", 1)
  if (context.hasAmount && / (?:koliko|koliki|kolika|how much)(?= )/.test(line)) bump("CALCULATE", 1)
  let best: QueryIntent = "GENERAL"
  let bestScore = 0
  for (const intent of INTENT_PRIORITY) {
    const score = scores.get(intent) ?? 0
    if (score > bestScore) {
      best = intent
      bestScore = score
    }
  }
  return { queryIntent: best, note: `query_intent:${best}(${bestScore})` }
}

const CHECKLIST = / (?:popis\w*|lista|listu|liste|checklist|sto sve|sve sto|sto mi sve|koje (?:sve )?dokument\w*|koji su (?:sve |svi )?(?:uvjeti|dokumenti|koraci)|potrebn\w* dokument\w*|which documents|what documents|what do i need|sve obveze|all (?:the )?obligations)(?= )/
const HOWTO = / (?:kako (?:da|se|mogu|cu|napraviti|napravim|prijaviti|prijavim|registrirati|izdati|izdajem|otvoriti|otvorim|osnovati|predati|predajem|podnijeti|izvesti|postaviti|platiti|ispuniti|zatvoriti|upisati|odjaviti|obracunati)|how (?:do|can|should) (?:i|we|you)|how to|koraci|korake|postupak|procedure)(?= )/
const QUESTION_START = new Set([
  "koji", "koja", "koje", "kojeg", "kojem", "koliko", "kolika", "koliki", "kolike", "kada", "kad", "gdje", "zasto", "sto",
  "kako", "tko", "moram", "mora", "trebam", "treba", "smijem", "mogu", "je", "jesam", "ima", "imam", "what", "which", "when",
  "where", "why", "who", "how", "is", "are", "do", "does", "can", "must", "should", "will", "am", "may", "could", "would",
])

export function classifyCoarseIntent(processed: string, line: string, tokens: readonly string[]): CoarseIntent {
  if (CHECKLIST.test(line)) return "CHECKLIST"
  if (HOWTO.test(line)) return "HOWTO"
  const first = tokens[0]
  if (processed.includes("?") || (first !== undefined && QUESTION_START.has(first)) || / li /.test(line)) return "QUESTION"
  return "UNKNOWN"
}

const DOMAIN_WORDS: ReadonlyArray<[Exclude<Domain, "OTHER">, Lexicon]> = [
  ["TAX", new Lexicon(["vat", "tax", "taxes", "taxation", "taxed", "oss", "ioss", "joppd", "surtax"], ["pdv", "porez", "doprinos", "contribution", "fiskaliz", "fiscali", "prirez", "pausal", "oporez", "obveznik"])],
  ["LABOR", new Lexicon(["placa", "place", "placu", "placom", "salary", "salaries", "wage", "wages", "payroll", "overtime", "student", "studentski"], ["radnik", "zaposlen", "employ", "otkaz", "bolovanj", "godisnj", "prekovremen", "rodiljn", "roditeljsk"])],
  ["COMPANY", new Lexicon(["kapital", "kapitala"], ["osnivanj", "osnovat", "osnivac", "temeljn", "direktor", "director", "sudsk", "likvidacij", "stecaj", "bankrupt", "skupstin", "udjel", "incorporat", "dissolution", "drustven"])],
  ["FINANCE", new Lexicon(["gfi", "interest", "loan", "loans", "leasing", "accounting", "bookkeeping", "financial"], ["amortizacij", "depreciat", "bilanc", "financijsk", "kamat", "tecaj", "kredit", "dividend", "revizij", "racunovod", "knjigovod", "knjig"])],
]

/** The wage's word ("plaća") that is also the verb "pays" ("se plaća", "plaća li se"). */
const WAGE_OR_PAYS: ReadonlySet<string> = new Set(["placa", "place"])
const REFLEXIVE: ReadonlySet<string> = new Set(["se", "li"])

/** How far before "plaća" a "se" still makes it the verb ("se na kolače plaća"). */
const REFLEXIVE_REACH = 3

/**
 * The tokens without "plaća" used as a verb: "Jel se na kolače plaća 5 %?" asks what is paid on
 * cakes, not about wages. With "se" shortly before it, or "se"/"li" right after it, the word is
 * the verb; elsewhere it may be either.
 */
function withoutPaysVerb(tokens: readonly string[]): readonly string[] {
  const isVerb = (at: number) =>
    tokens.slice(Math.max(0, at - REFLEXIVE_REACH), at).includes("se") || REFLEXIVE.has(tokens[at + 1] ?? "")
  return tokens.filter((token, at) => !WAGE_OR_PAYS.has(token) || !isVerb(at))
}

/** score counts domain words (a legal form alone adds 0.5 to COMPANY); >= 1 means a subject is named. */
export function classifyDomain(allTokens: readonly string[], entityTypeMentions: number): { domain: Domain; score: number; note: string } {
  const tokens = withoutPaysVerb(allTokens)
  let best: Domain = "OTHER"
  let bestScore = 0
  for (const [domain, lexicon] of DOMAIN_WORDS) {
    // Naming a legal form leans towards company law only when nothing else decides.
    const score = lexicon.hits(tokens).length + (domain === "COMPANY" ? 0.5 * Math.min(entityTypeMentions, 1) : 0)
    if (score > bestScore) {
      best = domain
      bestScore = score
    }
  }
  return { domain: best, score: bestScore, note: `domain:${best}(${bestScore})` }
}

// Seed 003 risk tiers, highest first: T0 penalties/deadlines/obligations, T1 taxes, T2 limits.
const RISK_TIERS: ReadonlyArray<[RiskTier, Lexicon]> = [
  ["T0", new Lexicon(["rok", "roka", "roku", "rokom", "rokovi", "rokove", "rokova", "fines", "fined", "deadline", "deadlines"], ["kazn", "prekrsaj", "penal", "sankcij", "obvez", "obligat"])],
  ["T1", new Lexicon(["vat", "tax", "taxes", "taxation", "taxed", "surtax", "oss", "ioss"], ["pdv", "porez", "doprinos", "contribution", "prirez"])],
  ["T2", new Lexicon(["limit", "limits", "limita", "limitu"], ["prag", "granic", "threshold", "ceiling"])],
]

export function classifyRiskTier(tokens: readonly string[]): { riskTier: RiskTier; note: string } {
  for (const [tier, lexicon] of RISK_TIERS) {
    for (const token of tokens) {
      if (lexicon.match(token) !== undefined) return { riskTier: tier, note: `risk:${tier}:${token}` }
    }
  }
  return { riskTier: "T3", note: "risk:T3" }
}
