// Item keys for VAT-rate questions ("Kolika je stopa PDV-a na kruh?" -> facts.item = "bread").
//
// FOR THE RULE-PACK AUTHOR: an `appliesWhen` leaf on `query.item` should compare against one of
// the keys below (stable, lower-case ASCII). The interpreter sets facts.item to the key of the
// first item named in the question; every item named is also listed as an ITEM entity.
// Keys are named after the goods or service, not after a rate band: which rate applies when is
// the pack's business (hr-tax-facts.md 1.2–1.4), never the interpreter's.
//
// Matching is on normalised tokens (lower-case, no diacritics, hyphens split words). `words` are exact tokens
// (Croatian inflections spelled out, because short stems collide: "riba"/"ribnjak");
// `stems` match any token starting with them; `phrases` are matched on the normalised text
// before single words and win over them ("djecja hrana" is baby_food, not food).

export interface ItemDefinition {
  key: string
  words?: readonly string[]
  stems?: readonly string[]
  phrases?: readonly string[]
  /** The word is not this item when the previous token is one of these ("poslovne knjige"). */
  notAfter?: readonly string[]
  /** ... or when the next token is one of these ("knjiga ulaznih racuna"). */
  notBefore?: readonly string[]
}

const BOOKKEEPING_BEFORE = ["poslovne", "poslovnih", "poslovnim", "trgovacke", "trgovackih", "pomocne", "pomocnih", "voditi", "vodi", "vodim", "vode", "vodimo", "vodenje", "knjigovodstvene", "se"]

export const ITEMS: readonly ItemDefinition[] = [
  { key: "baby_food", phrases: ["djecja hrana", "djecje hrane", "djecju hranu", "hrana za dojencad", "hrane za dojencad", "baby food", "infant food"] },
  { key: "heating_oil", phrases: ["loz ulje", "loz ulja", "heating oil"], words: ["lozulje", "lozulja"] },
  { key: "child_car_seats", phrases: ["djecje autosjedalice", "djecja autosjedalica", "child car seat", "child car seats", "baby car seat"], stems: ["autosjedalic"] },
  { key: "district_heating", phrases: ["toplinska energija", "toplinske energije", "toplinsku energiju", "centralno grijanje", "centralnog grijanja", "district heating"] },
  { key: "sanitary_products", phrases: ["higijenski ulosci", "higijenskih uloska", "higijenske potrepstine", "menstrual products", "sanitary pads", "sanitary products"], words: ["tamponi", "tampona", "tampons", "ulosci", "uloska"] },
  { key: "medical_aids", phrases: ["medicinska pomagala", "medicinskih pomagala", "medicinske potrepstine", "medical aids", "medical devices"], stems: ["ortopedsk"] },
  { key: "edible_oil", phrases: ["jestivo ulje", "jestiva ulja", "jestivog ulja", "maslinovo ulje", "maslinovog ulja", "suncokretovo ulje", "edible oil", "edible oils", "olive oil", "cooking oil"], words: ["ulje", "ulja", "uljem", "oil", "oils"] },
  { key: "bread", words: ["kruh", "kruha", "kruhu", "kruhom", "pekarski", "pekarske", "pekarskih", "bread", "loaf"] },
  { key: "milk", words: ["mlijeko", "mlijeka", "mlijeku", "mlijekom", "milk"] },
  { key: "butter", words: ["maslac", "maslaca", "margarin", "margarina", "butter", "margarine"] },
  { key: "books", stems: ["knjig"], words: ["book", "books", "ebooks", "ebook"], notAfter: BOOKKEEPING_BEFORE, notBefore: ["ulaznih", "izlaznih", "racuna", "prometa", "evidencije", "primitaka", "izdataka"] },
  { key: "medicines", words: ["lijek", "lijekovi", "lijekova", "lijekove", "lijekovima", "medicine", "medicines", "medication", "medications", "pharmaceuticals"] },
  { key: "accommodation", stems: ["smjestaj"], words: ["nocenje", "nocenja", "accommodation", "lodging"] },
  { key: "newspapers", words: ["novine", "novina", "novinama", "newspaper", "newspapers"] },
  { key: "periodicals", stems: ["casopis"], words: ["magazine", "magazines", "periodicals", "periodical"] },
  { key: "electricity", words: ["struja", "struje", "struju", "strujom", "electricity"], phrases: ["elektricna energija", "elektricne energije", "elektricnu energiju", "electric power"] },
  { key: "water", words: ["voda", "vode", "vodu", "vodom", "water", "vodoopskrba", "vodoopskrbe"], notBefore: ["li", "se", "knjige", "poslovne", "evidenciju", "evidencije", "racun", "racune", "racuna", "posao", "poslovanje", "tvrtku", "firmu", "obrt"] },
  { key: "gas", words: ["plin", "plina", "plinu", "plinom", "gas"], phrases: ["prirodni plin", "natural gas"] },
  { key: "firewood", phrases: ["ogrjevno drvo", "ogrjevnog drva", "drva za ogrjev"], words: ["firewood", "drva"] },
  { key: "pellets", words: ["pelet", "peleti", "peleta", "pelete", "pellets", "briketi", "briketa", "brikete", "briquettes", "sjecka", "sjecke"], phrases: ["wood chips"] },
  { key: "catering", stems: ["ugostitelj"], words: ["restoran", "restorana", "restoranu", "restaurant", "restaurants", "catering"], phrases: ["priprema hrane", "pripremanje hrane", "usluzivanje hrane", "serving food", "food service"] },
  { key: "diapers", stems: ["pelen"], words: ["diapers", "nappies", "diaper", "nappy"] },
  { key: "tickets", stems: ["ulaznic"], words: ["ticket", "tickets"] },
  { key: "meat", words: ["meso", "mesa", "mesu", "mesom", "meat"] },
  { key: "fish", words: ["riba", "ribe", "ribu", "ribom", "fish"] },
  { key: "eggs", words: ["jaja", "jaje", "jajima", "egg", "eggs"] },
  { key: "fruit", words: ["voce", "voca", "vocu", "vocem", "fruit", "fruits"] },
  { key: "vegetables", words: ["povrce", "povrca", "povrcu", "povrcem", "vegetables", "vegetable"] },
  { key: "seeds", words: ["sjeme", "sjemena", "sjemenje", "sadnice", "sadnica", "seeds", "seedlings"] },
  { key: "fertilisers", stems: ["gnojiv"], words: ["fertiliser", "fertilisers", "fertilizer", "fertilizers"] },
  { key: "pesticides", stems: ["pesticid"], words: ["pesticides", "pesticide"] },
  { key: "food", words: ["hrana", "hrane", "hranu", "hranom", "namirnice", "namirnica", "food", "groceries"] },
]
