import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { findEntities } from "../../../../src-main/engine/interpret/entities"
import { ITEMS } from "../../../../src-main/engine/interpret/items"
import { normalizeText, tokenIndexAt, tokenize, toTokenLine } from "../../../../src-main/engine/interpret/text-utils"

function entities(text: string) {
  const tokens = tokenize(normalizeText(text))
  return findEntities(toTokenLine(tokens), tokens)
}

describe("legal forms", () => {
  it.each([
    ["Imam d.o.o. u Zagrebu", "DOO"],
    ["moja doo firma", "DOO"],
    ["Društvo s ograničenom odgovornošću", "DOO"],
    ["our limited liability company", "DOO"],
    ["Osnivam j.d.o.o.", "JDOO"],
    ["j. d. o. o. ili jdoo", "JDOO"],
    ["jednostavno društvo s ograničenom odgovornošću", "JDOO"],
    ["Imam obrt", "OBRT"],
    ["kao obrtnik", "OBRT"],
    ["a sole trader", "OBRT"],
    ["Paušalist sam", "OBRT"],
    ["pausalni obrt", "OBRT"],
    ["udruga građana", "UDRUGA"],
    ["an NGO", "UDRUGA"],
    ["dioničko društvo", "OTHER"],
  ])("%j -> %s", (text, type) => {
    expect(entities(text).entityTypes[0]?.value).toBe(type)
  })

  it("does not read a j.d.o.o. as a d.o.o. too", () => {
    expect(entities("Moj j.d.o.o. posluje").entityTypes.map((e) => e.value)).toEqual(["JDOO"])
  })

  it("lists several legal forms in the order they are named", () => {
    expect(entities("Je li bolji d.o.o. ili obrt?").entityTypes.map((e) => e.value)).toEqual(["DOO", "OBRT"])
  })

  it.each([
    ["paušalist", "PAUSALNI"],
    ["paušalni obrtnik", "PAUSALNI"],
    ["pausalist", "PAUSALNI"],
    ["lump-sum taxation", "PAUSALNI"],
    ["obrtnik dohodaš", "DOHODAS"],
    ["obrt na dohodak", "DOHODAS"],
    ["obrt na dobit", "DOBITAS"],
  ])("obrt subtype of %j is %s", (text, subtype) => {
    expect(entities(text).obrtSubtypes[0]?.value).toBe(subtype)
  })

  it.each(["obrtni kapital", "obrtna sredstva", "Koja je stopa PDV-a?"])("no legal form in %j", (text) => {
    expect(entities(text).entityTypes).toEqual([])
  })
})

describe("VAT status", () => {
  it.each([
    ["Nisam u sustavu PDV-a", "OUTSIDE_VAT"],
    ["nismo u sustavu pdv-a", "OUTSIDE_VAT"],
    ["izvan sustava PDV-a sam", "OUTSIDE_VAT"],
    ["van sustava pdv", "OUTSIDE_VAT"],
    ["nisam obveznik PDV-a", "OUTSIDE_VAT"],
    ["nisam upisan u registar obveznika PDV-a", "OUTSIDE_VAT"],
    ["I am not in the VAT system", "OUTSIDE_VAT"],
    ["We are outside the VAT system", "OUTSIDE_VAT"],
    ["not VAT-registered", "OUTSIDE_VAT"],
    ["I'm not registered for VAT", "OUTSIDE_VAT"],
    ["it isn't VAT registered", "OUTSIDE_VAT"],
    ["Moj d.o.o. je u sustavu PDV-a", "IN_VAT"],
    ["sam obveznik PDV-a", "IN_VAT"],
    ["We are in the VAT system", "IN_VAT"],
    ["We are VAT registered", "IN_VAT"],
    ["registered for VAT since 2020", "IN_VAT"],
  ])("%j -> %s", (text, status) => {
    expect(entities(text).vatStatus).toBe(status)
  })

  it.each([
    "Moram li ući u sustav PDV-a?",
    "Trebam li biti u sustavu PDV-a?",
    "Do I need to be VAT registered?",
    "Should I get registered for VAT?",
    "Koji je prag za obveznike PDV-a?",
  ])("no status stated in %j", (text) => {
    expect(entities(text).vatStatus).toBeUndefined()
  })
})

describe("tax types", () => {
  it.each([
    ["Koja je stopa PDV-a?", ["VAT"]],
    ["VAT and income tax", ["VAT", "INCOME_TAX"]],
    ["porez na dohodak i prirez", ["INCOME_TAX", "SURTAX"]],
    ["stopa poreza na dobit", ["PROFIT_TAX"]],
    ["corporate income tax rate", ["PROFIT_TAX"]],
    ["doprinosi za mirovinsko osiguranje", ["CONTRIBUTIONS"]],
    ["fiskalizacija računa", ["FISCALIZATION"]],
    ["e-račun od 2026", ["E_INVOICING"]],
    ["OSS prijava", ["OSS"]],
    ["porez na promet nekretnina", ["REAL_ESTATE_TRANSFER_TAX"]],
    ["koliki je porez?", ["TAX"]],
    ["kako se obračunava plaća", []],
  ])("%j -> %j", (text, types) => {
    expect(entities(text).taxTypes.map((t) => t.value)).toEqual(types)
  })
})

// Items: phrases are looked for only when their first word is among the question's tokens
// (engine-speed). The items found must be those of the definition: every phrase looked for in
// the whole line, in the list's order, then the single words (items.ts).
describe("items found as the definition finds them", () => {
  function definition(tokens: readonly string[]): Array<{ value: string; at: number }> {
    const line = toTokenLine(tokens)
    const found: Array<{ value: string; at: number }> = []
    const covered = new Set<number>()
    for (const item of ITEMS)
      for (const phrase of item.phrases ?? [])
        for (let at = line.indexOf(` ${phrase} `); at >= 0; at = line.indexOf(` ${phrase} `, at + 1)) {
          const first = tokenIndexAt(line, at)
          if (covered.has(first)) continue
          for (let k = 0; k < phrase.split(" ").length; k++) covered.add(first + k)
          found.push({ value: item.key, at: first })
        }
    const words = new Map<string, (typeof ITEMS)[number]>()
    for (const item of ITEMS) for (const w of item.words ?? []) if (!words.has(w)) words.set(w, item)
    tokens.forEach((token, t) => {
      if (covered.has(t)) return
      const item = words.get(token) ?? (token.length < 4 ? undefined : ITEMS.find((i) => (i.stems ?? []).some((s) => token.startsWith(s))))
      if (item === undefined || item.notAfter?.includes(tokens[t - 1] ?? "") || item.notBefore?.includes(tokens[t + 1] ?? "")) return
      found.push({ value: item.key, at: t })
    })
    return found.sort((a, b) => a.at - b.at)
  }

  it("finds the same items at the same places for questions made of item words and others", () => {
    const itemWords = ITEMS.flatMap((i) => [...(i.phrases ?? []).flatMap((p) => p.split(" ")), ...(i.words ?? []), ...(i.stems ?? []).map((s) => `${s}e`)])
    const token = fc.oneof(fc.constantFrom(...itemWords), fc.constantFrom("pdv", "na", "za", "stopa", "i", "koja", "je"))
    fc.assert(
      fc.property(fc.array(token, { maxLength: 14 }), (tokens) => {
        expect(findEntities(toTokenLine(tokens), tokens).items).toEqual(definition(tokens))
      }),
      { numRuns: 1500 },
    )
  })
})
