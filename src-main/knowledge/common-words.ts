// Ordinary words of a question that name no subject of their own: the asker and their client,
// auxiliary and everyday verbs, negation, connectives, money words. A question word that is none
// of these, no stop word and no word of the rule pack may be what the question is really about
// (focus-words.ts), so it must not be among them: only words that cannot name a tax matter are.

/**
 * Calendar words, folded: the months (Croatian nominative, genitive, accusative and locative, English names and
 * abbreviations) and the days of the week. In "VAT threshold on 28 February 2023" they date the
 * question; they never name what it is about.
 */
export const DATE_WORDS: ReadonlySet<string> = new Set([
  "sijecanj", "sijecnja", "sijecnju", "veljaca", "veljace", "veljaci", "veljacu", "ozujak", "ozujka", "ozujku", "travanj",
  "travnja", "travnju", "svibanj", "svibnja", "svibnju", "lipanj", "lipnja", "lipnju", "srpanj", "srpnja", "srpnju",
  "kolovoz", "kolovoza", "kolovozu", "rujan", "rujna", "rujnu", "listopad", "listopada", "listopadu", "studeni",
  "studenog", "studenoga", "studenom", "studenome", "prosinac", "prosinca", "prosincu", "ponedjeljak", "utorak", "srijeda",
  "srijedu", "cetvrtak", "petak", "subota", "subotu", "nedjelja", "nedjelju",
  "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
  "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "monday",
  "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "dan", "dana", "danu", "datum", "datuma",
  "datumu", "day", "date",
  // a quarter named as the period ("PDV za 3. kvartal 2026"), as a month is
  "kvartal", "kvartala", "kvartalu", "tromjesecje", "tromjesecja", "tromjesecju", "quarter",
])

/**
 * A shop, where goods are usually supplied: "PDV na kruh u trgovini" asks bread's own rate. A café
 * or a restaurant is not among them: serving there is catering, with rates of its own.
 */
export const SHOP_WORDS: readonly string[] = [
  "trgovina", "trgovini", "trgovinu", "ducan", "ducanu", "ducana", "supermarket", "supermarketu", "maloprodaji",
  "maloprodaja", "shop", "shops", "store", "stores", "supermarkets", "retail",
  // how it is sold: "wine sold in a shop" names wine
  "sold", "sell", "sells", "selling", "prodan", "prodana", "prodano", "prodajem", "prodajemo", "prodaje",
]

export const COMMON_WORDS: ReadonlySet<string> = new Set([
  ...SHOP_WORDS,
  ...DATE_WORDS,
  // the time of day ("Koliko je sati?"); a per-diem question names its dnevnica
  "sat", "sata", "sati", "satu", "hour", "hours", "time", "vrijeme",
  // "12-satni put": how long, not what about
  "satni", "satna", "satno", "satnog", "satnom", "satnu", "satne", "satnih", "hourly",
  // hr: the asker, the client, being and having
  "nisam", "nije", "nismo", "niste", "nisu", "jesam", "jesmo", "imam", "imamo", "imate", "ima", "imaju", "nemam",
  "nema", "nemaju", "klijent", "klijenta", "klijentu", "klijenti", "klijente", "klijentica", "nasa", "nasu", "nase",
  "nasoj", "nasem", "nasi", "vasa", "vasu", "vase", "vasem", "vasi", "svoju", "svoje", "svoj", "svojim", "njegov",
  "njegova", "njezin", "njihov", "njihova", "netko", "nesto", "nekoga", "svatko", "svaki", "svaka", "svako",
  // hr: everyday verbs and adverbs
  "moglo", "mogla", "mogao", "moze", "mogu", "trebalo", "trebao", "trebala", "dalje", "jos", "vise", "manje", "samo",
  "izgleda", "izgledati", "voditi", "vodim", "vodi", "koristiti", "koristi", "koristim", "znati", "znam", "zanima",
  "zanimaju", "pitam", "pitanje", "molim", "hvala", "tocno", "otprilike", "uopce", "odnosno", "zapravo", "danas",
  "sutra", "jucer", "sada", "onda", "vrijedi", "vrijede", "primjenjuje", "primjenjuju", "odnosi", "odnose", "vezano",
  "slucaju", "slucaj", "primjer", "primjerice", "opcenito", "trenutno", "trenutacno", "stvarno", "uvijek", "nikad",
  "eura", "euro", "eur", "kuna", "kune", "iznosu", "postoji", "postoje", "tvrtka", "tvrtke", "tvrtku", "tvrtki",
  "tvrtkom", "firma", "firme", "firmu", "firmi", "poduzece", "poduzeca", "poduzecu", "novi", "nova", "novo", "novog",
  "novom", "novu", "stari", "stara", "staro", "starog", "mail", "mailom", "email", "emailom", "pdf", "poslan",
  "poslana", "poslati", "posaljem", "dobiti", "dobijem", "dobio", "moju",
  "mojoj", "mojim", "mojom", "kasnjenje", "kasnjenja", "tiskane", "tiskana", "tiskani", "tiskanih", "milijun", "milijuna", "milijuni", "tisuca", "tisucu",
  // hr: filing, paying, deciding, time
  "imati", "obrt", "obrta", "obrtu", "obrtom", "obrti", "podnosi", "podnose", "podnijeti", "podnosim", "predaje", "predaju", "predati", "predajem", "izdati", "izdaje",
  "izdajem", "izdavati", "platiti", "placati", "odrediti", "odreduje", "odreduju", "odreden", "odredena", "nakon",
  "prije", "tijekom", "odnosu", "obrtnik", "obrtnika", "obrtnici", "obrtniku", "godine", "godina", "godinu", "godini",
  "mjesec", "mjeseca", "mjesecu", "sijecanj", "sijecnja", "veljaca", "veljace", "ozujak", "ozujka", "travanj",
  "travnja", "svibanj", "svibnja", "lipanj", "lipnja", "srpanj", "srpnja", "kolovoz", "kolovoza", "rujan", "rujna",
  "listopad", "listopada", "studeni", "studenog", "studenoga", "prosinac", "prosinca", "hrvatskoj", "hrvatska",
  "hrvatske", "republici", "republike", "opcina", "opcine", "opcinu", "opcini", "grad", "grada", "gradu", "osoba",
  "osobe", "osobu", "osobi", "pravna", "pravnu", "pravne", "pravnoj", "fizicka", "fizicku", "fizicke", "izdavanje",
  "izdavanja", "podnosenje", "podnosenja", "placanje", "placanja", "predaja", "predaju", "roba", "robe", "robu",
  "usluga", "usluge", "uslugu", "placa", "place", "placu", "placi",
  // hr: numerals ("između dvije firme"), comparatives ("duži od 12 sati"), spoken forms ("kolki je")
  "jedan", "jedna", "jedno", "jednog", "jednu", "jednom", "dvije", "dvaju", "triju", "cetiri", "sedam", "osam", "devet",
  "deset", "duzi", "duze", "duza", "duzeg", "dulji", "dulje", "dulja", "kraci", "krace", "kraca", "veci", "veca",
  "vece", "veceg", "manji", "manja", "manjeg", "kolki", "kolka", "kolko", "kolke", "kolku",
  // hr: bounds on a stated measure ("najmanje 13 sati", "preko 12 sati"): how much, not what about
  "najmanje", "najvise", "barem", "preko", "iznad", "ispod",
  // hr: how long something took, being late, sending ("ako je put trajao 10 sati", "kasno predan
  // JOPPD", "slati eRačune tvrtkama"): the question's circumstances, not its subject
  "trajao", "trajala", "trajalo", "trajati", "traje", "traju", "kasno", "kasni", "kasnim", "kasnimo", "kasnite",
  "slati", "saljem", "saljemo", "salje", "salju", "slanje", "slanja", "tvrtkama", "firmama",
  // hr: having had, being allowed, a price that includes ("je li smio", "uključen u cijenu")
  "imao", "imala", "imalo", "imali", "smio", "smjela", "smjelo", "smije", "smiju", "ukljucen", "ukljucena",
  "ukljuceno", "ukljuceni", "ukljucuje", "cijena", "cijene", "cijenu", "cijeni", "eurima",
  // hr: having been ("primici su bili 42.000 EUR"), the next period ("od iduće godine"), a late
  // filing ("kazna za kasnu predaju"): circumstances. Not the buyer ("kupac", "buys"): a rule
  // about supplying answers a buyer's question wrongly, so those words still ask first.
  "bio", "bila", "bilo", "bili", "bile", "iduce", "iduca", "iduci", "iducu", "iduceg", "iducoj", "iducem", "sljedece",
  "sljedeca", "sljedeci", "sljedecu", "sljedeceg", "sljedecoj", "kasnu", "kasna", "kasne", "kasnog", "kasnom",
  // hr: charging VAT on an invoice ("zaračunavam li PDV?"), which every VAT answer speaks of
  "zaracunavam", "zaracunava", "zaracunavamo", "zaracunavaju", "zaracunati", "zaracunam", "obracunavam", "obracunavamo",
  // en: the asker, the client, everyday verbs and connectives
  "client", "clients", "customer", "customers", "while", "whether", "still", "also", "just", "only", "really",
  "exactly", "roughly", "currently", "today", "tomorrow", "yesterday", "there", "their", "they", "them", "someone",
  "something", "anyone", "anything", "every", "each", "need", "needs", "want", "wants", "know", "tell", "please",
  "thanks", "thank", "question", "example", "case", "apply", "applies", "applied", "mean", "means", "does", "doing",
  "done", "have", "having", "make", "makes", "made", "take", "takes", "give", "gives", "given", "keep", "keeps",
  "euros", "euro", "kuna", "kunas", "amount", "still", "even", "ever", "never", "always", "right", "correct",
  "printed", "million", "millions", "thousand", "thousands", "company", "companies", "firm", "firms", "taxpayer", "taxpayers", "used", "use", "uses",
  "determine", "determined", "withhold", "withheld", "after", "before", "during", "within", "croatia", "croatian",
  "january", "february", "march", "april", "june", "july", "august", "september", "october", "november", "december",
  "year", "years", "month", "months", "person", "persons", "legal", "natural", "entity", "goods", "salary",
  "salaries", "wage", "wages", "three", "four", "five", "seven", "eight", "nine", "longer", "shorter", "more",
  "less", "least", "most", "above", "below", "exceeding", "other", "others", "filer", "filers", "sold", "whose", "ended", "ends",
  "were", "was",
  "employer", "employers", "failing", "fail", "fails", "failed", "sole", "trader", "traders", "service", "services", "file", "filed", "filing", "issue", "issued", "issuing", "pay", "paid", "paying", "business", "businesses", "sent", "send", "email", "mail", "new", "old",
])
