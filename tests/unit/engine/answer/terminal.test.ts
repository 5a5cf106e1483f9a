import { describe, expect, it } from "vitest"
import { realPack } from "../../../fixtures/packs"
import { ask } from "../helpers"

describe("answers", () => {
  it("an ANSWER heads with the rule's statement; the body adds the user's facts, not the statement again", async () => {
    const { terminal } = await ask("Moram li ući u sustav PDV-a ako mi je promet 3.000 eura?", {
      asOf: "2025-03-01",
    })
    expect(terminal).toMatchObject({
      outcome: "ANSWER",
      asOfDate: "2025-03-01",
      headline: "SINTETSKO: promet iznad 2.000 EUR znači ulazak u sustav.",
      answerHr: "Primijenjeno na vaše podatke: Promet 3.000,00 EUR (uvjet: > 2.000,00 EUR).",
      primaryRuleId: "syn.obveza.iznad",
      structured: { obligations: ["SINTETSKO: upis u registar"] },
      appliesWhenEvaluated: true,
      eligibleRuleCount: 1,
      citations: [
        {
          evidenceId: "e-obveza",
          ruleId: "syn.obveza.iznad",
          role: "primary",
          url: "https://example.org/synthetic/e-obveza",
          quote: "SYNTHETIC TEST QUOTE (e-obveza): not a regulatory text.",
          fetchedAt: "2025-01-15",
          sourceName: "Synthetic Tax Office Guidance",
          authority: "GUIDANCE",
        },
      ],
    })
    expect(terminal?.outcome === "ANSWER" && terminal.answerEn).toBeUndefined()
    expect(terminal?.outcome === "ANSWER" && terminal.limits).toContain(
      "Odgovor opisuje stanje propisa na dan 1. 3. 2025.",
    )
  })

  it("answers in English too when the run is in English, and always in Croatian", async () => {
    const { terminal } = await ask("Do I have to register for VAT if my turnover is EUR 3,000?", {
      asOf: "2025-03-01",
    })
    expect(terminal).toMatchObject({
      outcome: "ANSWER",
      headline: "SYNTHETIC: turnover above EUR 2,000 means registering.",
      // The headline is English: the Croatian answer states the rule's sentence itself.
      answerHr:
        "SINTETSKO: promet iznad 2.000 EUR znači ulazak u sustav. Primijenjeno na vaše podatke: Promet 3.000,00 EUR (uvjet: > 2.000,00 EUR).",
      answerEn: "Applied to your facts: Turnover EUR 3,000.00 (condition: > EUR 2,000.00).",
      structured: { obligations: ["SYNTHETIC: register"] },
    })
    expect(terminal?.outcome === "ANSWER" && terminal.limits).toContain(
      "The answer describes the rules in force on 1 March 2025",
    )
  })

  it("cites the primary evidence and up to three supporting ones", async () => {
    const { terminal } = await ask("Koji je prag za PDV?", { asOf: "2025-03-01" })
    expect(terminal?.outcome === "ANSWER" && terminal.citations.map((c) => [c.evidenceId, c.role])).toEqual([
      ["e-prag-2024-a", "primary"],
      ["e-prag-2024-b", "supporting"],
    ])
  })

  it("a disclosed conflict gives a QUALIFIED_ANSWER whose headline states the disagreement; each side is attributed, neither listed as the deadline", async () => {
    const { terminal } = await ask("Koliki je rok za PDV prijavu?", { asOf: "2025-03-01" })
    expect(terminal).toMatchObject({
      outcome: "QUALIFIED_ANSWER",
      conflictWarnings: [
        {
          description: "SINTETSKO: izvori A i B navode različite rokove.",
          practicalResolution: "SINTETSKO: poštujte raniji rok.",
        },
      ],
      headline: "SINTETSKO: izvori A i B navode različite rokove.",
    })
    expect(terminal?.outcome === "QUALIFIED_ANSWER" ? (terminal.structured?.deadlines ?? []) : null).toEqual([])
    // Both sides are in the body, each with its source, and the disagreement is named once.
    const body = terminal?.outcome === "QUALIFIED_ANSWER" ? terminal.answerHr : ""
    expect(body).toContain("Prema izvoru Synthetic Practice A: SINTETSKO: rok je 10. u mjesecu (izvor A)")
    expect(body).toContain("Prema izvoru Synthetic Practice B: SINTETSKO: rok je 25. u mjesecu (izvor B)")
    expect(body.match(/Izvori se ne slažu/g)).toHaveLength(1)
  })

  it("a missing optional fact gives a CONDITIONAL_ANSWER whose branches say what applies when", async () => {
    const { terminal } = await ask("Koja je obveza eRačuna za moju tvrtku?", { asOf: "2025-03-01" })
    expect(terminal).toMatchObject({
      outcome: "CONDITIONAL_ANSWER",
      missingDimensions: ["vatStatus"],
      branches: [
        {
          factPath: "entity.vat.status",
          value: "IN_VAT",
          answer: "SINTETSKO: obveznik PDV-a izdaje eRačune.",
          ruleIds: ["syn.eracun.pdv"],
        },
        {
          factPath: "entity.vat.status",
          value: "OUTSIDE_VAT",
          answer: "SINTETSKO: izvan PDV-a samo zaprima eRačune.",
          ruleIds: ["syn.eracun.izvan"],
        },
      ],
      eligibleRuleCount: 2,
    })
    const withProfile = await ask("Koja je obveza eRačuna za moju tvrtku?", {
      asOf: "2025-03-01",
      profile: { entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } } },
    })
    expect(withProfile.terminal).toMatchObject({
      outcome: "ANSWER",
      headline: "SINTETSKO: obveznik PDV-a izdaje eRačune.",
      primaryRuleId: "syn.eracun.pdv",
    })
  })

  it("a conditional answer with one possibility states the pack's limit instead of listing possibilities", async () => {
    const { terminal } = await ask("Do kada treba predati GFI Fini za statistiku?", { pack: realPack() })
    expect(terminal?.outcome).toBe("CONDITIONAL_ANSWER")
    if (terminal?.outcome !== "CONDITIONAL_ANSWER") return
    expect(terminal.branches).toHaveLength(1)
    // The condition reads as words, not as a set ("jedno od: d.o.o., j.d.o.o.").
    expect(terminal.headline).toMatch(/^Ako je vrsta subjekta d\.o\.o\. ili j\.d\.o\.o\.: /)
    expect(terminal.answerHr).toContain("Paket propisa ima pravilo samo za taj slučaj (podatak „Vrsta subjekta” nije naveden)")
    expect(terminal.answerHr).not.toContain("mogućnosti su navedene ispod")
    const english = await ask("When must the annual financial statements be filed with Fina?", { pack: realPack() })
    expect(english.terminal?.outcome === "CONDITIONAL_ANSWER" && english.terminal.headline).toMatch(/^If entity type is d\.o\.o\. \(LLC\) or j\.d\.o\.o\. \(simple LLC\): /)
  })

  it("a proposed change beside the enacted rule is named as a proposal, not as sources disagreeing", async () => {
    const { terminal } = await ask("pdv na pelete u svibnju 2026", { pack: realPack() })
    expect(terminal?.outcome).toBe("QUALIFIED_ANSWER")
    if (terminal?.outcome !== "QUALIFIED_ANSWER") return
    expect(terminal.answerHr).toContain("Predložena je izmjena (izvor: Europe Says); izvori ne potvrđuju da je donesena.")
    expect(terminal.answerHr).not.toContain("Izvori se ne slažu")
    expect(terminal.caveats).toEqual([
      "Uz doneseni propis postoji prijedlog izmjene za koji izvori ne potvrđuju da je donesen; odgovor navodi oboje.",
    ])
  })

  it("notes rules that are not yet in force among the limits", async () => {
    const { terminal } = await ask("Koja je obveza fiskalizacije?", { asOf: "2026-06-01" })
    expect(terminal).toMatchObject({ outcome: "ANSWER" })
    expect(terminal?.outcome === "ANSWER" && terminal.limits).toContain(
      "Nije uključeno, samo prijedlog: Sintetsko pravilo syn.buduce.prijedlog",
    )
  })

  it("states what it assumed in words of the run's language, keeping the codes in the snapshot", async () => {
    // No date and no country in the question: the run assumes today's date and Croatian law.
    const hr = await ask("Koji je prag za PDV?")
    expect(hr.terminal?.outcome === "ANSWER" && hr.terminal.limits).toEqual(
      expect.arrayContaining([
        "Pretpostavljeni datum: današnji (1. 6. 2025.)",
        "Pretpostavljeno: hrvatsko zakonodavstvo",
      ]),
    )
    const en = await ask("What is the VAT threshold?")
    const limits = (en.terminal?.outcome === "ANSWER" ? en.terminal.limits : undefined) ?? []
    expect(limits).toEqual(
      expect.arrayContaining(["Assumed date: today (1 June 2025)", "Assumed: Croatian law"]),
    )
    expect(limits.join(" ")).not.toMatch(/asOf|jurisdiction =|Pretpostavka/)
    const context = en.events.find((e) => e.stage === "CONTEXT_RESOLUTION" && e.status === "complete")
    expect(
      context?.stage === "CONTEXT_RESOLUTION" && context.data?.userContextSnapshot.assumedDefaults,
    ).toEqual(["asOf = today (2025-06-01)", "jurisdiction = HR"])
  })
})
