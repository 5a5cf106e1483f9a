import { describe, expect, it } from "vitest"
import {
  classifyCoarseIntent,
  classifyDomain,
  classifyQueryIntent,
  classifyRiskTier,
  classifyTopic,
} from "../../../../src-main/engine/interpret/classify"
import { normalizeText, tokenize, toTokenLine } from "../../../../src-main/engine/interpret/text-utils"

function prepared(text: string) {
  const tokens = tokenize(normalizeText(text))
  return { tokens, line: toTokenLine(tokens) }
}
const noContext = { hasTurnoverAmount: false, hasAmount: false, hasItem: false, mentionsPercent: false }

describe("classifyTopic", () => {
  const topic = (text: string): string => {
    const { tokens, line } = prepared(text)
    return classifyTopic(line, tokens).topic
  }
  it.each([
    ["Koja je opća stopa PDV-a?", "REGULATORY"],
    ["What is the VAT registration threshold?", "REGULATORY"],
    ["Kada je rok za JOPPD?", "REGULATORY"],
    ["Koliki je temeljni kapital za d.o.o.?", "REGULATORY"],
    ["Kako se obračunava bolovanje radniku?", "REGULATORY"],
    ["Kako predati PDV prijavu?", "REGULATORY"],
    ["Kako izvesti audit paket iz aplikacije FiskAI?", "PRODUCT"],
    ["How do I export a trace as PDF?", "PRODUCT"],
    ["Gdje su postavke aplikacije?", "PRODUCT"],
    ["Kako uključiti tamni način?", "PRODUCT"],
    ["Zaboravio sam lozinku", "SUPPORT"],
    ["I forgot my password", "SUPPORT"],
    ["Ne mogu se prijaviti u aplikaciju", "SUPPORT"],
    ["Kolika je cijena pretplate?", "SUPPORT"],
    ["Gdje je račun za pretplatu?", "SUPPORT"],
    ["How much does FiskAI cost?", "SUPPORT"],
    ["How can I contact support?", "SUPPORT"],
    ["Kako vas mogu kontaktirati?", "SUPPORT"],
    // "Contact" naming an item is not a way to reach us.
    ["What is the VAT rate on contact lenses?", "REGULATORY"],
    // A tax question about a subscription is about the tax: as many tax words as support words.
    ["What VAT rate applies to a digital (online) newspaper subscription?", "REGULATORY"],
    ["Koja je stopa PDV-a na pretplatu za novine?", "REGULATORY"],
    ["How do I cancel my subscription?", "SUPPORT"],
    // Zagreb (its income tax rates) and "recept" (VAT on prescription medicines) are pack 2.0 words.
    ["Kakvo je vrijeme sutra u Puli?", "OFFTOPIC"],
    ["Kako se kuha sarma?", "OFFTOPIC"],
    ["Tko je osvojio nogometnu utakmicu?", "OFFTOPIC"],
  ])("%j -> %s", (text, expected) => {
    expect(topic(text)).toBe(expected)
  })
})

describe("classifyQueryIntent", () => {
  const intent = (text: string, context = noContext): string => classifyQueryIntent(prepared(text).line, context).queryIntent
  it.each([
    ["Do kada moram predati PDV prijavu?", "DEADLINE"],
    ["Koji je rok za plaćanje doprinosa?", "DEADLINE"],
    ["When is the VAT return due?", "DEADLINE"],
    ["Koji je prag za ulazak u sustav PDV-a?", "THRESHOLD"],
    ["What is the VAT registration threshold?", "THRESHOLD"],
    ["Koja je opća stopa PDV-a?", "RATE"],
    ["What is the standard VAT rate?", "RATE"],
    ["Koliko posto je porez na dobit?", "RATE"],
    ["Izračunaj porez na dohodak za plaću", "CALCULATE"],
    ["How much tax will I pay?", "CALCULATE"],
    ["Moram li se registrirati za OSS?", "THRESHOLD"],
    ["Moram li izdati račun?", "OBLIGATION"],
    ["Do I have to issue an e-invoice?", "OBLIGATION"],
    ["Is fiscalization mandatory for cash payments?", "OBLIGATION"],
    ["Koja je kazna za kasnu prijavu?", "OBLIGATION"],
    ["Što je OSS?", "EXPLAIN"],
    ["Explain reverse charge", "EXPLAIN"],
    ["Razlika između d.o.o. i obrta", "EXPLAIN"],
    ["PDV", "GENERAL"],
  ])("%j -> %s", (text, expected) => {
    expect(intent(text)).toBe(expected)
  })

  it("reads a turnover figure next to VAT as a threshold question", () => {
    const text = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
    expect(intent(text, { ...noContext, hasTurnoverAmount: true, hasAmount: true })).toBe("THRESHOLD")
  })
  it("reads a named item as a rate question", () => {
    expect(intent("PDV na kruh", { ...noContext, hasItem: true })).toBe("RATE")
  })
})

describe("classifyCoarseIntent", () => {
  const coarse = (text: string): string => {
    const { tokens, line } = prepared(text)
    return classifyCoarseIntent(text, line, tokens)
  }
  it.each([
    ["Koji su svi dokumenti za osnivanje d.o.o.?", "CHECKLIST"],
    ["Popis obveza paušalista", "CHECKLIST"],
    ["What documents do I need to register a company?", "CHECKLIST"],
    ["Kako otvoriti obrt?", "HOWTO"],
    ["How do I register for VAT?", "HOWTO"],
    ["Postupak registracije za OSS", "HOWTO"],
    ["Koja je stopa PDV-a?", "QUESTION"],
    ["moram li u sustav pdv", "QUESTION"],
    ["Is OSS mandatory", "QUESTION"],
    ["stopa PDV-a na kruh", "UNKNOWN"],
  ])("%j -> %s", (text, expected) => {
    expect(coarse(text)).toBe(expected)
  })
})

describe("classifyDomain", () => {
  const domain = (text: string): string => {
    const { tokens } = prepared(text)
    return classifyDomain(tokens, 0).domain
  }
  it.each([
    ["Koja je stopa PDV-a?", "TAX"],
    ["doprinosi za paušalista", "TAX"],
    ["Koliko dana godišnjeg odmora ima radnik?", "LABOR"],
    ["minimum wage for employees", "LABOR"],
    ["Koliki je temeljni kapital pri osnivanju?", "COMPANY"],
    ["likvidacija društva", "COMPANY"],
    ["Kako obračunati amortizaciju?", "FINANCE"],
    ["balance sheet and depreciation", "FINANCE"],
    ["Kakvo je vrijeme?", "OTHER"],
  ])("%j -> %s", (text, expected) => {
    expect(domain(text)).toBe(expected)
  })

  it("leans to company law when a legal form is the only clue", () => {
    expect(classifyDomain(prepared("jdoo ili doo").tokens, 2).domain).toBe("COMPANY")
  })
})

describe("classifyRiskTier (seed 003 keywords, highest tier wins)", () => {
  const tier = (text: string): string => classifyRiskTier(prepared(text).tokens).riskTier
  it.each([
    ["Koja je kazna za kašnjenje?", "T0"],
    ["Koji je rok za PDV?", "T0"],
    ["Koje su moje obveze kao paušalista?", "T0"],
    ["What is the penalty for late filing of VAT?", "T0"],
    ["Koja je stopa PDV-a?", "T1"],
    ["porez na dohodak", "T1"],
    ["doprinosi za radnike", "T1"],
    ["VAT rate", "T1"],
    ["Koji je prag?", "T2"],
    ["granica za paušaliste", "T2"],
    ["registration threshold", "T2"],
    ["Kako otvoriti obrt?", "T3"],
  ])("%j -> %s", (text, expected) => {
    expect(tier(text)).toBe(expected)
  })
  it("picks T0 over T1 and T2 when several appear", () => {
    expect(tier("prag za PDV i kazna")).toBe("T0")
    expect(tier("prag za PDV")).toBe("T1")
  })
})
