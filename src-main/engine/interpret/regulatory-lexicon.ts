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

export const REGULATORY_WORDS = new Lexicon([...GENERAL_WORDS, ...GOODS_WORDS], [...GENERAL_STEMS, ...GOODS_STEMS])

/** Regulatory terms made of words that are ordinary on their own ("distance", "sales"). */
export const REGULATORY_PHRASES = / (?:prodaj\w* na daljinu|(?:prvi|drugi|ii) stup\w*|distance sell\w*|distance sales?|one stop shop|(?:ec|european) sales lists?|personal allowances?|e reporting)(?= )/g
