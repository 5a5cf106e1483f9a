import { Lexicon } from "./lexicon"

// The vocabulary that makes a question regulatory, in Croatian (folded, no diacritics) and
// English. tests/unit/engine/interpret/regulatory-lexicon.test.ts asks "Što je <term>?" and
// "What is <term>?" for every keyword and alias of the Croatian rule pack: a term the pack
// answers on must never leave a question off-topic.

const GENERAL_WORDS = [
  "vat", "tax", "taxes", "taxation", "taxed", "oss", "ioss", "rate", "rates", "rok", "roka", "roku", "rokom", "rokovi",
  "rokove", "rokova", "racun", "racuna", "racune", "racunu", "racuni", "racunima", "racunom", "placa", "place", "placu",
  "placom", "salary", "salaries", "wage", "wages", "payroll", "doo", "jdoo", "joppd", "oib", "nn", "law", "fines",
  "fined", "income", "revenue", "turnover", "profit", "dobit", "dobiti", "kapital", "threshold", "thresholds",
  "invoice", "invoices", "accounting", "bookkeeping", "deadline", "deadlines", "stopa", "stope", "stopu", "stopi",
  "stopom", "regulation", "regulations", "limit", "limita", "limitu", "limiti", "limitom", "limits", "b2b", "b2c",
  "cit", "zp", "esl", "mio", "hzzo", "pension", "pensions", "health", "platiti", "pay", "payment", "payments",
  "obrazac",
]
const GENERAL_STEMS = [
  "pdv", "porez", "doprinos", "contribution", "fiskaliz", "fiscali", "prirez", "surtax", "prag", "obveznik", "obvez",
  "obligat", "prijav", "invoic", "knjigovod", "racunovod", "radnik", "zaposlen", "employ", "ugovor", "otkaz",
  "bolovanj", "osnivanj", "osnovat", "temeljn", "direktor", "director", "likvidacij", "stecaj", "bankrupt",
  "amortizacij", "depreciat", "bilanc", "dohod", "prihod", "primic", "promet", "pausal", "obrt", "udrug",
  "zakon", "pravilnik", "propis", "kazn", "prekrsaj", "penal", "oporez", "registrac", "registration", "fakt",
  "dividend", "kamat", "regist", "knjig", "direktiv", "directive",
  // e-invoicing and e-reporting (fiscalization 2.0), income tax, social insurance, filing and paying
  "eracun", "einvoic", "eizvjestavanj", "izvjestavanj", "odbitak", "odbitk", "neoporez", "dohotk", "primitak",
  "primitk", "granic", "mirovin", "zdravstven", "podnosenj", "placanj", "uplat", "zbirn", "obrasc", "eligib",
]

// Goods and services that VAT-rate rules name: a question that names only the goods ("Što je s
// jajima?") is read as a VAT-rate question, as the pack's item concept reads it.
const GOODS_WORDS = [
  "ulje", "ulja", "uljem", "oil", "oils", "mast", "masti", "fats", "meso", "mesa", "mesu", "mesom", "meat", "riba",
  "ribe", "ribu", "ribom", "fish", "jaja", "jaje", "jajima", "egg", "eggs", "voce", "voca", "vocu", "vocem", "fruit",
  "fruits", "vegetables", "nuts", "sjeme", "sjemena", "seeds", "sadnice", "sadnica", "seedlings", "fertiliser",
  "fertilisers", "fertilizer", "fertilizers", "pesticides", "butter", "margarine", "accommodation", "plin", "plina",
  "plinu", "plinom", "gas", "grijanje", "grijanja", "heating", "drva", "drvo", "firewood", "pellets", "briquettes",
  "sjecka", "sjecke", "hrana", "hrane", "hranu", "hranom", "namirnice", "namirnica", "food",
]
const GOODS_STEMS = [
  "povrc", "gnojiv", "pesticid", "maslac", "margarin", "smjestaj", "nocenj", "orasast", "toplinsk", "ogrjev",
  "energen", "pelet", "briket",
]

// Pack 2.0 (hr-core 2.0.0) names its subjects in everyday words too: VAT procedures and filing,
// e-invoicing, income tax by city, non-taxable receipts and payroll, profit tax and annual
// financial statements. Words the engine holds to be ordinary question words (common-words.ts:
// "godina", "grad", "usluge", "services") are left out: alone they name no tax matter.
const PACK_WORDS = [
  // VAT procedures, filing and records
  "status", "statusa", "pocetak", "nastupa", "start", "starts", "begins", "form", "leave", "exit", "stay", "removal",
  "deregistration", "quarterly", "period", "cash", "ira", "ura", "records", "daljinu", "distance", "oblik", "broj",
  "id", "number", "exemption", "conditions", "intra", "radovi", "construction", "reverse", "charge", "representation",
  "deductible", "return", "fine", "late", "snazi", "act", "doh", "posd", "deemed", "monthly", "ukupno", "base",
  "dobitak", "entertainment", "lump", "opca", "general", "reduced", "zero", "ostati", "ostajem",
  // e-invoicing, fiscalisation and e-reporting
  "kpd", "code", "codes", "intermediary", "format", "norma", "cius", "xml", "standard", "problem", "failure", "outage",
  "retention", "archive", "cuvati", "izvoz", "uvoz", "eu", "export", "import", "besplatna", "gradanima", "consumer",
  "consumers", "transfer",
  // income tax: allowances, brackets, cities and municipalities
  "visa", "visu", "bracket", "higher", "osobni", "osnovni", "allowance", "personal", "gradovi", "niza", "range",
  "ranges", "city", "cities", "municipality", "municipalities", "rijeka", "rijeci", "tablica", "decision", "dijete",
  "djecu", "djeteta", "child", "children", "dependant", "statutory", "default", "abolished",
  // non-taxable receipts, payroll and pension insurance
  "diem", "diems", "domestic", "trip", "abroad", "foreign", "km", "mileage", "kilometre", "christmas", "bonus",
  "holiday", "award", "reward", "performance", "dar", "naravi", "gift", "kind", "meal", "meals", "documented",
  "severance", "retirement", "staza", "jubilee", "karta", "karte", "posao", "commuting", "ticket", "transport",
  "coefficient", "amounts", "putni", "hzmo", "seasonal", "bruto", "minimum", "gross", "prvi", "drugi", "first",
  "second", "pillar", "reduction", "relief",
  // profit tax, company cars, annual financial statements
  "auto", "car", "cars", "gfi", "fina", "javna", "disclosure", "publication", "consolidated", "financial",
  "statements",
]
const PACK_STEMS = [
  "uvjet", "razred", "procijenjen", "postot", "tromjesec", "kvartal", "izvjesc", "mjesecn", "iznos", "osnovic",
  "reprezentacij", "nepriznat", "priznat", "automobil", "vozil", "vehicle", "financijsk", "izvjestaj", "statistik",
  "statistick", "objav", "konsolidiran", "nedostav", "virman", "transakcij", "potrosac", "potrosnj", "zaprimanj",
  "mikroeracun", "fiskaplik", "oznak", "sifr", "stavk", "posrednik", "tehnick", "poteskoc", "ispad", "naplat",
  "naplac", "odbijanj", "cuvanj", "arhivir", "stjecanj", "stup", "raspon", "zagreb", "odluk", "uzdrzavan", "ukinut",
  "ukidanj", "dnevnic", "tuzemn", "tuzemstv", "putovanj", "inozemstv", "kilometr", "bozicnic", "regres", "uskrsnic",
  "prigodn", "nagrad", "rezultat", "poklon", "prehran", "obrok", "vjerodostojn", "dokumentacij", "otpremnin",
  "jubilarn", "prijevoz", "koeficijent", "isplat", "sezonsk", "minimal", "solidarn", "kapitaliziran", "stednj",
  "umanjenj", "olaksic", "snizen", "nult", "izlazak", "izlask", "ostanak", "ostank", "brisanj", "zahtjev", "razdoblj",
  "naknad", "evidencij", "isporuk", "oslobod", "gradevinsk", "prijenos", "pretporez",
]
// Goods and services of the VAT-rate rules in pack 2.0, as GOODS_WORDS above.
const PACK_GOODS_WORDS = [
  "bread", "milk", "books", "textbooks", "medicines", "prescription", "dnevne", "dnevnih", "daily", "newspapers",
  "djecja", "baby", "kino", "tickets", "concert", "cinema", "jela", "catering", "restaurant", "pica", "drinks",
  "beverages", "bar", "hotel", "voda", "vode", "vodu", "water", "electricity", "ploce", "paneli", "solar", "panels",
  "ulosci", "menstrual", "fresh", "rakovi", "seafood", "sjemenje", "bilja", "prirodni", "district", "wood",
]
const PACK_GOODS_STEMS = [
  "kruh", "mlijek", "udzbenic", "udzbenik", "lijek", "recept", "novin", "dojencad", "ulaznic", "koncert", "ugostitelj",
  "restoran", "slastic", "kafic", "vodoopskrb", "struj", "elektricn", "energij", "solarn", "menstrualn", "potrepstin",
  "tampon", "jestiv", "maslinov", "svjez", "kobasic", "skoljk", "toplan",
]

export const REGULATORY_WORDS = new Lexicon(
  [...GENERAL_WORDS, ...GOODS_WORDS, ...PACK_WORDS, ...PACK_GOODS_WORDS],
  [...GENERAL_STEMS, ...GOODS_STEMS, ...PACK_STEMS, ...PACK_GOODS_STEMS],
)

/** Regulatory terms made of words that are ordinary on their own ("distance", "sales"). */
export const REGULATORY_PHRASES = / (?:prodaj\w* na daljinu|(?:prvi|drugi|ii) stup\w*|distance sell\w*|distance sales?|one stop shop|(?:ec|european) sales lists?|personal allowances?|e reporting|po sd|en 16931|aplikacij\w* porezne uprave)(?= )/g
