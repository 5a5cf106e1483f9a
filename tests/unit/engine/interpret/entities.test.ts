import { describe, expect, it } from "vitest"
import { findEntities } from "../../../../src-main/engine/interpret/entities"
import { normalizeText, tokenize, toTokenLine } from "../../../../src-main/engine/interpret/text-utils"

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
