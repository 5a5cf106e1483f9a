import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { QueryFacts } from "../../../../src-shared/context"
import { Entity, QuestionIntakePayload } from "../../../../src-shared/events/payloads"
import {
  CONFIDENCE_THRESHOLD_CLARIFY,
  CONFIDENCE_THRESHOLD_STRICT,
  interpretQuestion,
  MAX_PROCESSED_CHARS,
  NONSENSE_RATIO_THRESHOLD,
} from "../../../../src-main/engine/interpret/index"

describe("interpretQuestion: whole questions", () => {
  it.each([
    "Koja je opća stopa PDV-a u Hrvatskoj?",
    "Koja je opca stopa PDV-a u Hrvatskoj?",
    "What is the VAT registration threshold in Croatia in 2025?",
    "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
    "Kolika je stopa PDV-a na kruh?",
    "Do kada moram predati PDV prijavu?",
    "Koliki je prag za paušalni obrt u 2025.?",
    "What is the reduced VAT rate for accommodation in Croatia?",
  ])("understands %j well enough to proceed (>= 0.75)", (q) => {
    const r = interpretQuestion(q)
    expect(r.topic).toBe("REGULATORY")
    expect(r.confidence).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD_STRICT)
    expect(r.gibberishRatio).toBeLessThanOrEqual(NONSENSE_RATIO_THRESHOLD)
  })

  it.each(["porez?", "što s tim pragom", "Koji je rok?", "Kolika je stopa?", "tax?"])("asks to clarify the vague %j (< 0.6)", (q) => {
    expect(interpretQuestion(q).confidence).toBeLessThan(CONFIDENCE_THRESHOLD_CLARIFY)
  })

  it("reads the turnover question completely", () => {
    const r = interpretQuestion("Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?")
    expect(r).toMatchObject({
      normalized: "moram li uci u sustav pdv-a ako mi je promet 65.000 eura?",
      language: "hr",
      topic: "REGULATORY",
      queryIntent: "THRESHOLD",
      intent: "QUESTION",
      domain: "TAX",
      riskTier: "T1",
      jurisdiction: { hint: "NONE" },
      facts: { amount: 65000 },
      amounts: [{ value: 65000, currency: "EUR", raw: "65.000 eura", role: "turnover" }],
    })
    expect(r.keywords).toContain("pdv")
    expect(r.entities).toContainEqual({ type: "AMOUNT", value: "65000 EUR", confidence: 0.9 })
    expect(r.asOfDate).toBeUndefined()
  })

  it("reads the English threshold question with its year as the reference date", () => {
    const r = interpretQuestion("What is the VAT registration threshold in Croatia in 2025?")
    expect(r).toMatchObject({
      language: "en",
      queryIntent: "THRESHOLD",
      jurisdiction: { hint: "HR" },
      years: [2025],
      facts: { year: 2025 },
      asOfDate: "2025-01-01",
      asOfBasis: "year",
    })
  })

  it("reports a date that does not exist apart from 'no date', and takes no reference date from it", () => {
    const impossible = interpretQuestion("Koja je stopa PDV-a na dan 31.02.2025?")
    expect(impossible).toMatchObject({
      dates: [],
      years: [],
      impossibleDates: [{ written: "31.02.2025", year: 2025, month: 2, day: 31 }],
    })
    expect(impossible.asOfDate).toBeUndefined()
    expect(impossible.signals).toEqual(expect.arrayContaining(["asof:none", "date:impossible:31.02.2025"]))
    const none = interpretQuestion("Koja je stopa PDV-a?")
    expect(none.impossibleDates).toEqual([])
    expect(none.signals.some((s) => s.startsWith("date:impossible"))).toBe(false)
    expect(interpretQuestion("VAT rate on 2025-02-30").impossibleDates).toEqual([
      { written: "2025-02-30", year: 2025, month: 2, day: 30 },
    ])
  })

  it("collects a profile from one sentence", () => {
    const r = interpretQuestion("Paušalist sam, nisam u sustavu PDV-a, promet mi je 35.000 € u 2025. Koja je stopa PDV-a na smještaj?")
    expect(r.facts).toEqual({ amount: 35000, year: 2025, item: "accommodation", entityType: "OBRT", obrtSubtype: "PAUSALNI", vatStatus: "OUTSIDE_VAT" })
  })

  it("keeps HRK amounts in HRK and leaves facts.amount unset", () => {
    const r = interpretQuestion("Prag je bio 300.000 kn?")
    expect(r.facts.amount).toBeUndefined()
    expect(r.amounts).toEqual([{ value: 300000, currency: "HRK", raw: "300.000 kn", role: "unknown" }])
    expect(r.entities).toContainEqual({ type: "AMOUNT", value: "300000 HRK", confidence: 0.9 })
  })

  it("sends a foreign tax question to OTHER even though it is about VAT", () => {
    expect(interpretQuestion("Koja je stopa PDV-a u Sloveniji?").jurisdiction).toEqual({ hint: "OTHER", country: "SI" })
    expect(interpretQuestion("What is the German VAT rate?").jurisdiction).toEqual({ hint: "OTHER", country: "DE" })
  })

  it.each([
    ["Zaboravio sam lozinku za FiskAI", "SUPPORT"],
    ["Kako izvesti trag u PDF?", "PRODUCT"],
    ["Kakvo će biti vrijeme sutra?", "OFFTOPIC"],
  ])("classifies %j as %s", (q, topic) => {
    expect(interpretQuestion(q).topic).toBe(topic)
  })

  it("flags keyboard noise as nonsense", () => {
    const r = interpretQuestion("asdfgh qwrtz")
    expect(r.gibberishRatio).toBeGreaterThan(NONSENSE_RATIO_THRESHOLD)
    expect(r.confidence).toBeLessThan(CONFIDENCE_THRESHOLD_CLARIFY)
  })

  it("records in signals what drove the result", () => {
    const { signals } = interpretQuestion("Koja je opća stopa PDV-a u Hrvatskoj?")
    expect(signals).toEqual(expect.arrayContaining(["jurisdiction:HR", "risk:T1:pdv", "intent:QUESTION"]))
    expect(signals.some((s) => s.startsWith("topic:REGULATORY"))).toBe(true)
  })
})

describe("interpretQuestion: fits the contract", () => {
  const questions = [
    "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
    "Imam j.d.o.o. u sustavu PDV-a, kolika je stopa na kruh od 1.1.2025.?",
    "EUR 3 million turnover, German VAT?",
    "asdf",
    "",
  ]
  it.each(questions)("%j gives facts and entities the schemas accept, and a valid intake payload", (q) => {
    const r = interpretQuestion(q)
    expect(QueryFacts.safeParse(r.facts).success).toBe(true)
    for (const e of r.entities) expect(Entity.safeParse(e).success).toBe(true)
    const intake = QuestionIntakePayload.safeParse({
      summary: "intake",
      normalizedQuestion: r.normalized,
      language: r.language,
      topic: r.topic,
      queryIntent: r.queryIntent,
      jurisdictionHint: r.jurisdiction.hint,
      tokenCount: r.tokens.length,
      gibberishRatio: r.gibberishRatio,
      interpretationConfidence: r.confidence,
      keywords: r.keywords,
    })
    expect(intake.success).toBe(true)
  })

  it("ignores an amount above the contract's ceiling for facts.amount", () => {
    expect(interpretQuestion("promet 99999999999999999 eura").facts.amount).toBeUndefined()
  })
})

describe("interpretQuestion: hostile input", () => {
  it("handles a 1 MB input by interpreting its beginning and saying so", () => {
    const huge = "Koja je stopa PDV-a? " + "x".repeat(1024 * 1024)
    const r = interpretQuestion(huge)
    expect(r.original).toBe(huge)
    expect(r.normalized.length).toBeLessThanOrEqual(MAX_PROCESSED_CHARS)
    expect(r.signals.some((s) => s.startsWith("truncated:"))).toBe(true)
    expect(r.entities).toContainEqual(expect.objectContaining({ type: "TAX_TYPE", value: "VAT" }))
  })

  it("handles control characters, emoji and mixed scripts", () => {
    const r = interpretQuestion("Koja\u0000 je\u0007 stopa 😀 PDV-a\u200b? Стопа 税率 ١٢٣")
    expect([...r.normalized].filter((ch) => ch.charCodeAt(0) < 0x20 || ch === "\u200b")).toEqual([])
    expect(r.entities).toContainEqual(expect.objectContaining({ type: "TAX_TYPE", value: "VAT" }))
  })
})

const VOCABULARY = [
  "pdv", "PDV-a", "porez", "stopa", "prag", "promet", "65.000", "€15,000", "eura", "kn", "HRK", "1.1.2025.", "2025",
  "d.o.o.", "j.d.o.o.", "paušalist", "obrt", "u", "sustavu", "nisam", "Hrvatskoj", "Njemačkoj", "EU", "OSS", "kruh",
  "VAT", "threshold", "in", "Croatia", "as", "of", "1", "January", "2026", "siječnja", "od", "?", ",", "😀", "asdf",
]

describe("interpretQuestion: properties", () => {
  const anyText = fc.oneof(
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.string({ unit: "grapheme", maxLength: 200 }),
    fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 30 }).map((words) => words.join(" ")),
  )

  it("never throws, is deterministic and keeps its numbers in range", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const first = interpretQuestion(text)
        expect(interpretQuestion(text)).toEqual(first)
        expect(first.confidence).toBeGreaterThanOrEqual(0)
        expect(first.confidence).toBeLessThanOrEqual(0.95)
        expect(first.gibberishRatio).toBeGreaterThanOrEqual(0)
        expect(first.gibberishRatio).toBeLessThanOrEqual(1)
        expect(QueryFacts.safeParse(first.facts).success).toBe(true)
      }),
      { numRuns: 400 },
    )
  })

  it("normalises without diacritics", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const { normalized } = interpretQuestion(text)
        expect(normalized.normalize("NFD")).not.toMatch(/\p{M}/u)
        expect(normalized).not.toMatch(/[đĐčćšžČĆŠŽ]/)
        expect(normalized).toBe(normalized.toLowerCase())
      }),
      { numRuns: 400 },
    )
  })
})
