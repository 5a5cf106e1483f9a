import { describe, expect, it } from "vitest"
import { resolveJurisdiction, UNNAMED_DESTINATION } from "../../../../src-main/engine/interpret/jurisdiction"
import { normalizeText, tokenize, toTokenLine } from "../../../../src-main/engine/interpret/text-utils"

function jurisdiction(text: string) {
  const tokens = tokenize(normalizeText(text))
  return resolveJurisdiction(text, toTokenLine(tokens), tokens)
}

describe("resolveJurisdiction", () => {
  it.each([
    "Koja je opća stopa PDV-a u Hrvatskoj?",
    "What is the VAT threshold in Croatia?",
    "Croatian VAT rate",
    "hrvatski zakon o PDV-u",
    "Što kaže Porezna uprava o paušalistima?",
    "Je li to objavljeno u Narodnim novinama?",
    "Koji je prag u RH?",
  ])("%j -> HR", (text) => {
    expect(jurisdiction(text).hint).toBe("HR")
  })

  it.each([
    "Kako radi OSS?",
    "Što kaže EU direktiva o PDV-u?",
    "prodaja unutar EU-a",
    "Europska unija i porez",
    "What does the VAT directive say?",
    "intra-community supply rules",
  ])("%j -> EU", (text) => {
    expect(jurisdiction(text).hint).toBe("EU")
  })

  // A trip abroad: the country is the destination of a Croatian employer's business trip.
  it.each([
    ["koliko je dnevnica za Austriju", "AT"],
    ["per diem for a business trip to Germany", "DE"],
    ["putni troškovi za službeni put u Sloveniju", "SI"],
  ])("%j -> HR, travelling to %s", (text, code) => {
    expect(jurisdiction(text)).toMatchObject({ hint: "HR", note: `jurisdiction:HR:travel_to:${code}` })
  })

  it("names the foreign destination of a trip, also when Croatia is named as its start", () => {
    expect(jurisdiction("dnevnica za put iz Hrvatske u Njemačku")).toMatchObject({ hint: "HR", destinationAbroad: "DE" })
    expect(jurisdiction("koliko mogu isplatiti dnevnicu za put u Njemačku").destinationAbroad).toBe("DE")
    expect(jurisdiction("dnevnica za put u Split").destinationAbroad).toBeUndefined()
    expect(jurisdiction("Koliki je PDV u Njemačkoj?").destinationAbroad).toBeUndefined()
  })

  it("reads a company of the USA named in capitals as a trading party", () => {
    // "US" is found in capitals only, and its position decides whether a party word follows it.
    expect(jurisdiction("What is the withholding tax on royalties paid to a US company?")).toMatchObject({ hint: "HR" })
    expect(jurisdiction("What is the withholding tax on royalties paid to a US company?").note).toBe("jurisdiction:cross_border:US")
    expect(jurisdiction("Koliki je porez u SAD?")).toMatchObject({ hint: "OTHER", country: "US" })
  })

  it("reads a trip abroad that names no country as a trip abroad", () => {
    // "u inozemstvo" was once answered with the domestic per diem.
    expect(jurisdiction("dnevnica za put u inozemstvo od 14 sati").destinationAbroad).toBe(UNNAMED_DESTINATION)
    expect(jurisdiction("per diem for a business trip abroad").destinationAbroad).toBe(UNNAMED_DESTINATION)
    expect(jurisdiction("dnevnica za službeni put u inozemstvu").destinationAbroad).toBe(UNNAMED_DESTINATION)
    expect(jurisdiction("dnevnica za službeni put u tuzemstvu").destinationAbroad).toBeUndefined()
    // Without a trip, a foreign buyer is not a destination.
    expect(jurisdiction("PDV na prodaju inozemnom kupcu").destinationAbroad).toBeUndefined()
  })

  it("still reads a foreign tax as foreign on a trip", () => {
    expect(jurisdiction("PDV u Austriji na službenom putovanju").hint).toBe("OTHER")
  })

  it("is HR when both Croatian and EU markers appear", () => {
    expect(jurisdiction("OSS prijava u Hrvatskoj za prodaju u EU").hint).toBe("HR")
  })

  it.each([
    ["PDV u Sloveniji", "SI"],
    ["Koja je stopa PDV-a u Njemačkoj?", "DE"],
    ["German VAT rate", "DE"],
    ["What is the VAT rate in Austria?", "AT"],
    ["Germany's VAT threshold", "DE"],
    ["njemački porez na dobit", "DE"],
    ["porez u Austriji", "AT"],
    ["Kolika je stopa PDV-a u Italiji?", "IT"],
    ["porez na dohodak u Srbiji", "RS"],
    ["tax rate in the UK", "GB"],
    ["income tax in the United States", "US"],
    ["porez u SAD-u", "US"],
    ["PDV u Crnoj Gori", "ME"],
    ["Slovenian VAT for my Croatian company", "SI"],
    ["Koliki je PDV u Sloveniji za hrvatsku firmu?", "SI"],
  ])("%j -> OTHER %s (a foreign tax, even with VAT words)", (text, country) => {
    expect(jurisdiction(text)).toMatchObject({ hint: "OTHER", country })
  })

  it.each([
    ["Do I need to charge VAT on services to a German company?", "DE"],
    ["Moram li zaračunati PDV na usluge njemačkoj tvrtki?", "DE"],
    ["nabava od dobavljača iz Italije", "IT"],
  ])("%j -> a Croatian business dealing with a foreign company, not foreign law (%s)", (text, code) => {
    expect(jurisdiction(text)).toMatchObject({ hint: "EU", note: `jurisdiction:cross_border:${code}` })
  })

  it.each([
    ["Kolika je carinska stopa za robu iz Kine (uvoz), uz PDV pri uvozu?", "HR", "CN"],
    ["What is the VAT on products from China?", "HR", "CN"],
    ["Koja je stopa PDV-a za robu iz Italije?", "EU", "IT"],
  ])("%j -> goods from abroad are imported or acquired here: %s rules, not the law of %s", (text, hint, code) => {
    expect(jurisdiction(text)).toMatchObject({ hint, note: `jurisdiction:cross_border:${code}` })
  })

  it("reads another state's VAT number as the buyer's identification, not as that state's tax", () => {
    expect(jurisdiction("A Croatian VAT-registered company sells goods to a Dutch business that gave a valid Dutch VAT number. Is the supply VAT-exempt?").hint).toBe("HR")
    expect(jurisdiction("Prodajemo robu talijanskoj tvrtki koja ima talijanski PDV broj").hint).not.toBe("OTHER")
    expect(jurisdiction("Koliki je njemački PDV?")).toMatchObject({ hint: "OTHER", country: "DE" })
  })

  it("names the EU state goods are supplied to, and only for goods sold or supplied there", () => {
    expect(jurisdiction("Prodajem robu firmi u Njemačkoj, zaračunavam li PDV?").euGoodsSupplyTo).toBe("DE")
    expect(jurisdiction("Isporuka robe kupcu u Sloveniji s PDV brojem").euGoodsSupplyTo).toBe("SI")
    // Services have their own place-of-supply rules; a trip, a foreign tax or a non-EU buyer is no such supply.
    expect(jurisdiction("Moram li zaračunati PDV na usluge njemačkoj tvrtki?").euGoodsSupplyTo).toBeUndefined()
    expect(jurisdiction("dnevnica za put u Austriju").euGoodsSupplyTo).toBeUndefined()
    expect(jurisdiction("PDV na robu u Sloveniji").euGoodsSupplyTo).toBeUndefined()
    expect(jurisdiction("Prodajem robu kupcu u Srbiji").euGoodsSupplyTo).toBeUndefined()
  })

  it("names another country without any tax: OTHER with that country", () => {
    expect(jurisdiction("Kako otvoriti firmu u Austriji?")).toMatchObject({ hint: "OTHER", country: "AT" })
  })

  it.each([
    ["Prodajem robu kupcu u Njemačkoj, moram li zaračunati PDV?", "EU"],
    ["I sell services to a client in Austria, do I charge VAT?", "EU"],
    ["Izvoz robe u Srbiju, koji PDV?", "HR"],
    ["Hrvatski obrt fakturira klijentu u Njemačkoj", "HR"],
  ])("a Croatian business dealing abroad %j stays %s", (text, hint) => {
    expect(jurisdiction(text).hint).toBe(hint)
  })

  it("does not take the Croatian word 'sad' (now) for the USA", () => {
    expect(jurisdiction("sad mi reci koji je porez").hint).toBe("NONE")
  })

  it("is NONE without any marker", () => {
    expect(jurisdiction("Koja je stopa PDV-a?")).toMatchObject({ hint: "NONE", countries: [] })
  })

  it("lists every country named", () => {
    expect(jurisdiction("Prodajem iz Hrvatske kupcima u Sloveniji i Austriji").countries).toEqual(["HR", "SI", "AT"])
  })
})
