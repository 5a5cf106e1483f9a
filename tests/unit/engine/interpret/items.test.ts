import { describe, expect, it } from "vitest"
import { findEntities } from "../../../../src-main/engine/interpret/entities"
import { ITEMS } from "../../../../src-main/engine/interpret/items"
import { normalizeText, tokenize, toTokenLine } from "../../../../src-main/engine/interpret/text-utils"

function items(text: string): string[] {
  const tokens = tokenize(normalizeText(text))
  return findEntities(toTokenLine(tokens), tokens).items.map((i) => i.value)
}

describe("item keys", () => {
  it("are unique, lower-case ASCII and within the contract's length", () => {
    const keys = ITEMS.map((i) => i.key)
    expect(new Set(keys).size).toBe(keys.length)
    for (const key of keys) expect(key).toMatch(/^[a-z][a-z_]{1,79}$/)
  })
  it("are written in normalised form (no diacritics, no upper case) so they can match", () => {
    for (const item of ITEMS) {
      for (const word of [...(item.words ?? []), ...(item.stems ?? []), ...(item.phrases ?? [])]) {
        expect(normalizeText(word)).toBe(word)
      }
    }
  })
})

describe("items named in a question", () => {
  it.each([
    ["Kolika je stopa PDV-a na kruh?", ["bread"]],
    ["PDV na mlijeko i kruh", ["milk", "bread"]],
    ["VAT on bread", ["bread"]],
    ["stopa za knjige", ["books"]],
    ["PDV na lijekove", ["medicines"]],
    ["PDV na smještaj u apartmanu", ["accommodation"]],
    ["hotel accommodation VAT", ["accommodation"]],
    ["stopa za novine", ["newspapers"]],
    ["PDV na struju", ["electricity"]],
    ["PDV na električnu energiju", ["electricity"]],
    ["PDV na isporuku vode", ["water"]],
    ["PDV na plin", ["gas"]],
    ["ugostiteljske usluge", ["catering"]],
    ["PDV na pelene", ["diapers"]],
    ["ulaznice za koncert", ["tickets"]],
    ["meso, riba i jaja", ["meat", "fish", "eggs"]],
    ["voće i povrće", ["fruit", "vegetables"]],
    ["maslinovo ulje", ["edible_oil"]],
    ["jestivo ulje", ["edible_oil"]],
    ["lož ulje", ["heating_oil"]],
    ["dječja hrana", ["baby_food"]],
    ["ogrjevno drvo i peleti", ["firewood", "pellets"]],
    ["higijenski ulošci", ["sanitary_products"]],
  ])("%j -> %j", (text, keys) => {
    expect(items(text)).toEqual(keys)
  })

  it.each([
    "Tko mora voditi poslovne knjige?",
    "knjiga ulaznih računa",
    "Vode li se knjige elektronički?",
    "Koja je stopa PDV-a?",
  ])("no item in %j", (text) => {
    expect(items(text)).toEqual([])
  })
})
