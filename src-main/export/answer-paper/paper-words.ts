import type { Locale, TerminalOutcome } from "../../../src-shared/events/stages"

// The fixed words of an answer on paper, in the run's language. The audit report (../report) shows
// Croatian and English side by side for a foreign auditor; a paper answer goes to one client, in
// the language the question was asked in.

export interface PaperWords {
  documentTitle: string
  question: string
  client: string
  noClient: string
  oib: string
  asOf: string
  answeredAt: string
  outcome: string
  outcomes: Record<TerminalOutcome, string>
  hypothetical: (base: string) => string
  answer: string
  legalBasis: string
  structured: { obligations: string; deadlines: string; thresholds: string; exceptions: string; actions: string }
  limits: string
  caveats: string
  sourcesDisagree: string
  inPractice: string
  missing: string
  branches: string
  branchIf: string
  branchThen: string
  refusalTitle: string
  nextSteps: string
  requiredFields: string
  citations: string
  noCitations: string
  role: { primary: string; supporting: string }
  fetched: string
  confidence: string
  confidenceLabels: { LOW: string; MEDIUM: string; HIGH: string }
  drivers: string
  provenance: string
  runId: string
  chainHead: string
  events: string
  pack: string
  packHash: string
  verifyHint: (command: string) => string
  page: string
  /** A verbatim quote in the language's quotation marks. */
  quote: (text: string) => string
  fileStem: string
}

const HR: PaperWords = {
  documentTitle: "Odgovor",
  question: "Pitanje",
  client: "Klijent",
  noClient: "bez klijenta (opći odgovor)",
  oib: "OIB",
  asOf: "Stanje na dan",
  answeredAt: "Odgovoreno",
  outcome: "Ishod",
  outcomes: {
    ANSWER: "Odgovor",
    QUALIFIED_ANSWER: "Odgovor s upozorenjem",
    CONDITIONAL_ANSWER: "Uvjetni odgovor",
    REFUSAL: "Bez odgovora",
    ERROR: "Pogreška",
  },
  hypothetical: (base) => `HIPOTETSKI SCENARIJ (što ako) izvornog odgovora ${base}: ne opisuje stvarno stanje klijenta.`,
  answer: "Odgovor",
  legalBasis: "Pravna osnova",
  structured: { obligations: "Obveze", deadlines: "Rokovi", thresholds: "Pragovi", exceptions: "Iznimke", actions: "Što učiniti" },
  limits: "Ograničenja odgovora",
  caveats: "Napomene",
  sourcesDisagree: "Izvori se ne slažu",
  inPractice: "U praksi",
  missing: "Nedostaje",
  branches: "Mogući odgovori",
  branchIf: "Ako",
  branchThen: "Onda",
  refusalTitle: "Na ovo pitanje ne možemo pouzdano odgovoriti",
  nextSteps: "Sljedeći koraci",
  requiredFields: "Podaci koje treba dodati",
  citations: "Izvori i citati",
  noCitations: "Odgovor ne navodi izvore.",
  role: { primary: "glavni izvor", supporting: "dodatni izvor" },
  fetched: "preuzeto",
  confidence: "Pouzdanost",
  confidenceLabels: { LOW: "niska", MEDIUM: "srednja", HIGH: "visoka" },
  drivers: "Na čemu počiva",
  provenance: "Podrijetlo odgovora",
  runId: "Oznaka izvođenja",
  chainHead: "Zadnji hash lanca",
  events: "događaja",
  pack: "Paket pravila",
  packHash: "Hash paketa",
  verifyHint: (command) => `Zapis ovog odgovora provjerava se naredbom ${command}.`,
  page: "Stranica",
  quote: (text) => `„${text}”`,
  fileStem: "odgovor",
}

const EN: PaperWords = {
  documentTitle: "Answer",
  question: "Question",
  client: "Client",
  noClient: "no client (a general answer)",
  oib: "OIB",
  asOf: "As of",
  answeredAt: "Answered",
  outcome: "Outcome",
  outcomes: {
    ANSWER: "Answer",
    QUALIFIED_ANSWER: "Qualified answer",
    CONDITIONAL_ANSWER: "Conditional answer",
    REFUSAL: "No answer",
    ERROR: "Error",
  },
  hypothetical: (base) => `HYPOTHETICAL SCENARIO (what if) of answer ${base}: it does not describe the client's actual situation.`,
  answer: "Answer",
  legalBasis: "Legal basis",
  structured: { obligations: "Obligations", deadlines: "Deadlines", thresholds: "Thresholds", exceptions: "Exceptions", actions: "What to do" },
  limits: "Limits of this answer",
  caveats: "Caveats",
  sourcesDisagree: "Sources disagree",
  inPractice: "In practice",
  missing: "Missing",
  branches: "Possible answers",
  branchIf: "If",
  branchThen: "Then",
  refusalTitle: "We cannot answer this reliably",
  nextSteps: "Next steps",
  requiredFields: "Facts to add",
  citations: "Sources and citations",
  noCitations: "The answer cites no sources.",
  role: { primary: "main source", supporting: "supporting source" },
  fetched: "retrieved",
  confidence: "Confidence",
  confidenceLabels: { LOW: "low", MEDIUM: "medium", HIGH: "high" },
  drivers: "What it rests on",
  provenance: "Where this answer comes from",
  runId: "Run id",
  chainHead: "Chain head hash",
  events: "events",
  pack: "Rule pack",
  packHash: "Pack hash",
  verifyHint: (command) => `The record of this answer is checked with ${command}.`,
  page: "Page",
  quote: (text) => `“${text}”`,
  fileStem: "answer",
}

export function paperWords(locale: Locale): PaperWords {
  return locale === "en" ? EN : HR
}
