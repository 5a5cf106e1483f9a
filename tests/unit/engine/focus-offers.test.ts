import { describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { realPack } from "../../fixtures/packs"
import { fixedClock } from "./helpers"

// Issue 17 point 3: a clarification offers only topics the question's words point to, and a
// question that names nothing of the pack is refused rather than offered a topic found through
// an everyday word. Real pack: the mechanism is checked on the vocabulary users meet.

async function untilInput(question: string): Promise<ReasoningEvent[]> {
  const events: ReasoningEvent[] = []
  for await (const event of buildAnswerWithReasoning(
    { requestId: "req_offers", question, asOfDate: "2025-06-01" },
    { pack: realPack(), clock: fixedClock() },
  )) {
    events.push(event)
    if (event.status === "awaiting_input") break
  }
  return events
}

const last = (events: ReasoningEvent[]) => events[events.length - 1]

describe("a question naming nothing of the pack but everyday words", () => {
  it.each([
    ["kolika je stopa zatezne kamate", "zatezne, kamate"],
    ["kolika je zatezna kamata na porezni dug", "zatezna, kamata"],
    // "late" stays a word the pack lacks: as an everyday word it left "statutory … rate" to offer income tax rates.
    ["What is the statutory late payment interest rate in Croatia?", "late"],
  ])("%j is refused, naming the words the pack lacks", async (question, words) => {
    const end = last(await untilInput(question))
    expect(end?.stage).toBe("REFUSAL")
    if (end?.stage !== "REFUSAL") return
    expect(end.data.reason).toBe("NO_CITABLE_RULES")
    // Croatian quotes „…”, English “…”.
    expect(end.data.detail).toMatch(new RegExp(`[„“]${words}”`))
  })
})

describe("ordinary words and typing slips are not a new subject to confirm", () => {
  it.each([
    ["kolki je pdv na jaja", "a spoken form of 'koliki'"],
    ["jopd za dnevnice rok?", "a doubled letter typed once (JOPPD)"],
    ["Jel ide prijenos porezne obveze na građevinske radove između dvije firme?", "a numeral"],
  ])("%j (%s) is answered without a confirmation", async (question) => {
    const end = last(await untilInput(question))
    expect(end?.status, end?.message).not.toBe("awaiting_input")
    expect(end?.stage).toBe("ANSWER")
  })
})

describe("bounds, durations and periods are the question's circumstances, not its subject", () => {
  it.each([
    ["dnevnica za put od najmanje 13 sati", "a lower bound"],
    ["kolika je dnevnica za sluzbeni put ak je put trajao 10 sati?", "how long it took"],
    ["What is the threshold for distance sales of goods to other EU countries?", "other"],
    ["Penalty for failing to submit annual financial statements for a d.o.o.?", "failing"],
    ["How much tax-free retirement severance can an employer pay?", "employer"],
    ["What VAT rate applies to fresh fish sold in a shop?", "sold"],
  ])("%j (%s) is answered without a confirmation", async (question) => {
    const end = last(await untilInput(question))
    expect(end?.status, end?.message).not.toBe("awaiting_input")
    expect(end?.stage).toBe("ANSWER")
  })
})

describe("a concept offered for a question about two subjects", () => {
  it("covers both: a paušalist's contributions are never offered as an employee's pension rate", async () => {
    const events = await untilInput("koliko mjesecno placa pausalist doprinose?")
    const offered = events.flatMap((e) =>
      e.stage === "CLARIFICATION" && e.status === "awaiting_input" ? (e.data.options ?? []).map((o) => o.value) : [],
    )
    for (const pillar of ["concept:doprinos-mio-1", "concept:doprinos-mio-2", "concept:doprinos-mirovinsko"])
      expect(offered).not.toContain(pillar)
  })
})

describe("a question describing the client whose own topic the pack has", () => {
  it("offers the paušal craft's contributions, never the employee's pension rate", async () => {
    const events = await untilInput("koliko paušalist plaća za mirovinsko mjesečno u 2025?")
    const end = last(events)
    expect(end?.stage === "ANSWER" && end.data.primaryRuleId).not.toBe("doprinos.mirovinsko-20")
    const offered = events.flatMap((e) =>
      e.stage === "CLARIFICATION" && e.status === "awaiting_input" ? (e.data.options ?? []).map((o) => o.value) : [],
    )
    expect(offered).toContain("concept:pausal-doprinosi")
    expect(offered).not.toContain("concept:doprinos-mirovinsko")
  })

  it("refuses an attribute the client's own topic lacks rather than answer with the employee's rule", async () => {
    const end = last(await untilInput("paušalist, stopa doprinosa za mirovinsko?"))
    expect(end?.stage).toBe("REFUSAL")
  })
})

describe("a question naming one broad subject and no attribute", () => {
  it("is asked which topic, never answered with the one concept about the subject alone", async () => {
    // The paušal craft's receipts limit is the only concept about nothing but the craft; it once
    // answered "Does a paušalist pay tax quarterly?".
    const end = last(await untilInput("Plaća li paušalist porez tromjesečno?"))
    expect(end?.status).toBe("awaiting_input")
    if (end?.stage !== "CLARIFICATION" || end.status !== "awaiting_input") return
    expect((end.data.options ?? []).map((o) => o.value)).toContain("concept:pausal-porez-placanje")
  })
})

describe("a broad item with words that say which kind", () => {
  it.each([["What VAT rate applies to takeaway food?"], ["Koja je stopa PDV-a na hranu za pse?"]])(
    "%j is refused naming that kind, never offered the pack's other kind of food",
    async (question) => {
      const events = await untilInput(question)
      const offered = events.flatMap((e) =>
        e.stage === "CLARIFICATION" && e.status === "awaiting_input" ? (e.data.options ?? []).map((o) => o.value) : [],
      )
      expect(offered).not.toContain("concept:pdv-stopa-djecja-hrana")
      expect(last(events)?.stage).toBe("REFUSAL")
    },
  )
})

describe("a question naming a tax and a thing the pack has no rate for", () => {
  it.each([["What is the VAT rate on client dinners?"], ["Koja je stopa PDV-a na reprezentaciju?"]])(
    "%j is refused, never offered the general rate or another tax's rule",
    async (question) => {
      const events = await untilInput(question)
      const offered = events.flatMap((e) =>
        e.stage === "CLARIFICATION" && e.status === "awaiting_input" ? (e.data.options ?? []).map((o) => o.value) : [],
      )
      expect(offered).not.toContain("concept:pdv-stope")
      expect(offered).not.toContain("concept:dobit-reprezentacija")
      expect(last(events)?.stage).toBe("REFUSAL")
    },
  )
})

describe("goods sold to a business in another EU state", () => {
  it.each([
    ["Prodajem robu firmi u Njemačkoj, zaračunavam li PDV?"],
    ["Isporuka robe kupcu u Sloveniji s PDV brojem, ide li PDV?"],
  ])("%j is answered with the intra-EU supply's exemption, never offered the general rate", async (question) => {
    const end = last(await untilInput(question))
    expect(end?.stage, end?.message).toBe("ANSWER")
    if (end?.stage !== "ANSWER") return
    expect(end.data.primaryRuleId).toMatch(/isporuka-eu|oslobod/)
    expect(end.data.headline).toContain("oslobođena je PDV-a")
  })
})

describe("a refusal of words the pack lacks names what the other words point to", () => {
  it("names a related topic that two of the question's own words point to, and answers nothing", async () => {
    const end = last(await untilInput("zatezna kamata za arhiviranje i cuvanje"))
    expect(end?.stage).toBe("REFUSAL")
    if (end?.stage !== "REFUSAL") return
    expect(end.data.detail).toContain("Srodno u paketu: „Rok čuvanja eRačuna”")
  })

  it("names none when only one everyday word points somewhere", async () => {
    const end = last(await untilInput("kolika je zatezna kamata na porezni dug"))
    expect(end?.stage === "REFUSAL" && end.data.detail).not.toContain("Srodno")
  })
})

describe("a confirmation offers beside the understood topic what several of the question's words point to", () => {
  it("offers the mileage allowance beside the topic its single word 'naknada' matched", async () => {
    const end = last(await untilInput("Kolika je naknada za korištenje vlastitog vozila u službene svrhe?"))
    const values = end?.stage === "CLARIFICATION" && end.status === "awaiting_input" ? (end.data.options ?? []).map((o) => o.value) : []
    expect(values).toContain("concept:neop-kilometrina")
  })
})

describe("the topics a clarification offers", () => {
  it("are those the question's words point to, not every topic of the broad subject", async () => {
    // ("dar djetetu" is a gap of the pack since 2.0.17: a gift to the child is no gift in kind.)
    const end = last(await untilInput("poklon radniku neoporezivo 2025"))
    expect(end?.status).toBe("awaiting_input")
    if (end?.stage !== "CLARIFICATION" || end.status !== "awaiting_input") return
    const offered = (end.data.options ?? []).map((o) => o.value).filter((v) => v !== "cancel")
    expect(offered).toEqual(["concept:neop-dar-u-naravi"])
  })

  it("never offers a payment deadline for a question about filing", async () => {
    const end = last(await untilInput("rok za predaju PDV obrasca za studeni 2025"))
    if (end?.stage !== "CLARIFICATION" || end.status !== "awaiting_input") throw new Error("expected a clarification")
    const offered = (end.data.options ?? []).map((o) => o.value)
    expect(offered).toContain("concept:pdv-rok-prijave")
    expect(offered).not.toContain("concept:pdv-rok-placanja")
  })
})

describe("the facts an answer rests on", () => {
  it("names a fact that met an equality once, without repeating it as a condition", async () => {
    const events = await untilInput("do kad se plaćaju doprinosi za paušalista")
    const end = last(events)
    if (end?.stage !== "ANSWER") throw new Error(`expected an answer, got ${String(end?.stage)}`)
    expect(end.data.answerHr).toContain("Vrsta obrta paušalni obrt")
    expect(end.data.answerHr).not.toMatch(/uvjet: =|jedno od:/u)
  })
})
