import { describe, expect, it } from "vitest"
import { realPack } from "../../fixtures/packs"
import { goldenEvents } from "../engine/golden-run"

// Declared gaps of the Croatian pack (resources/packs/README.md, "Known gaps"): the pack has no rule
// for these facts because no verified source states them, and a question about one is refused with
// the reason the pack's subject gives, in the question's language.

const subjectGap = (id: string, locale: "hr" | "en"): string => {
  const gap = realPack().pack.subjects?.find((s) => s.id === id)?.gap
  if (gap === undefined) throw new Error(`subject ${id} declares no gap`)
  return gap[locale]
}

async function refusalDetail(question: string, asOf: string): Promise<string> {
  const events = await goldenEvents({ question, asOf }, "2026-11-26T10:00:00.000Z")
  const last = events[events.length - 1]
  if (last?.stage !== "REFUSAL" || last.status !== "complete") throw new Error(`not refused: ${last?.stage ?? "no events"}`)
  return last.data.detail ?? ""
}

describe("declared gaps are refused with their reason", () => {
  it.each([
    ["hr", "Do kada se plaća porez na dohodak?"],
    ["en", "By when must I pay income tax?"],
  ] as const)("the payment deadline of the annual income tax (%s): %s", async (locale, question) => {
    expect(await refusalDetail(question, "2026-03-01")).toContain(subjectGap("porez-na-dohodak-placanje", locale))
  })

  it.each([
    ["hr", "Koja je stopa PDV-a na časopise?"],
    ["en", "What is the VAT rate on magazines?"],
  ] as const)("VAT on periodicals (%s): %s", async (locale, question) => {
    expect(await refusalDetail(question, "2025-06-01")).toContain(subjectGap("periodicals", locale))
  })

  // Pack 2.0.10: the 2026 monthly amounts rested only on the product's own marketing page. No other
  // retrieved page states them, so they are refused as ended rules, never answered with 2025's.
  it.each([
    ["hr", "Koliko iznose doprinosi za paušalni obrt?", "31. 12. 2025."],
    ["en", "How much are the monthly contributions for a lump-sum sole trader?", "31 December 2025"],
    ["hr", "Koliki je doprinos za drugi stup za paušalni obrt?", "31. 12. 2025."],
    ["en", "How much is the health insurance contribution for a lump-sum sole trader in 2026?", "31 December 2025"],
  ] as const)("the 2026 paušal contribution amounts (%s): %s", async (_locale, question, lastDay) => {
    const detail = await refusalDetail(question, "2026-03-01")
    expect(detail).toContain(lastDay)
    for (const figure of ["290,98", "290.98", "39,86", "39.86", "131,54", "131.54", "262,51", "262.51"]) expect(detail).not.toContain(figure)
  })

  // Pack 2.0.17 (probe 8): regimes the pack does not cover at all are subjects with a gap and no
  // concept, so a question naming one is refused with that reason; before, "nasljedstvo" and "lotu"
  // were unknown words and the engine offered the general VAT rate or the income-tax rate ranges.
  it.each([
    ["porez-na-nasljedstva-i-darove", "hr", "Koliki je porez na nasljedstvo stana, i ide li PDV na to?"],
    ["porez-na-nasljedstva-i-darove", "hr", "Koliki je porez na darovanje stana djetetu?"],
    ["porez-na-nasljedstva-i-darove", "en", "Do I pay tax on an inherited apartment?"],
    ["igre-na-srecu", "hr", "Plaća li se porez na dohodak na dobitak na lotu i koliko iznosi?"],
    ["igre-na-srecu", "en", "Is income tax due on lottery winnings, and at what rate?"],
    ["porez-na-promet-nekretnina", "hr", "Koliki je porez na promet nekretnina?"],
    ["porez-na-promet-nekretnina", "en", "What is the real estate transfer tax rate?"],
    ["carine", "en", "What customs duty do I pay on imported goods?"],
    // The item after the gap's name, and a question the interpreter alone finds off topic.
    ["trosarine", "hr", "Koja je stopa trošarine na duhan?"],
    ["trosarine", "hr", "Kolike su trošarine na gorivo?"],
    ["trosarine", "en", "What is the excise duty on fuel?"],
    // Another payment than the one the pack holds: a gift to the child, not the gift in kind to the employee.
    ["dar-djetetu", "hr", "Koliko poslodavac može neoporezivo isplatiti radniku kao dar djetetu do 15 godina u 2025.?"],
    ["dar-djetetu", "en", "How much can an employer give tax-free as a gift to a child of an employee?"],
  ] as const)("a regime the pack does not cover (%s, %s): %s", async (subject, locale, question) => {
    expect(await refusalDetail(question, "2025-06-01")).toContain(subjectGap(subject, locale))
  })

  it("the 2026 paušal contribution base is answered from an accounting firm's page", async () => {
    const events = await goldenEvents({ question: "Kolika je osnovica za doprinose paušalista u 2026.?", asOf: "2026-02-01" }, "2026-11-26T10:00:00.000Z")
    const last = events[events.length - 1]
    if (last?.stage !== "ANSWER" || last.status !== "complete") throw new Error(`not answered: ${last?.stage ?? "no events"}`)
    expect(last.data.headline).toContain("797,20 EUR")
    expect(last.data.citations.map((c) => c.evidenceId)).toEqual(["ev-finacro-pausal-osnovica-2026"])
  })

  it("VAT on over-the-counter medicines before 1 January 2019 is refused: 5 % applies only from then", async () => {
    expect(await refusalDetail("Koja je stopa PDV-a na bezreceptne lijekove?", "2018-06-01")).toContain("1. 1. 2019.")
  })

  it("the filing deadline of the same return is answered, citing the Porezna uprava first", async () => {
    const events = await goldenEvents({ question: "Do kada se predaje obrazac DOH?", asOf: "2026-01-15" }, "2026-11-26T10:00:00.000Z")
    const last = events[events.length - 1]
    if (last?.stage !== "ANSWER" || last.status !== "complete") throw new Error(`not answered: ${last?.stage ?? "no events"}`)
    expect(last.data.citations[0]?.evidenceId).toBe("ev-pu-cc-doh-rok")
  })
})
