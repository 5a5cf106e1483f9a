import { describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { Locale } from "../../../src-shared/events/stages"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { realPack } from "../../fixtures/packs"
import { fixedClock } from "./helpers"

// Follow-ups in a thread, run turn after turn as the thread service does (each turn's previous
// question is the last turn's question as the engine read it), checked by what the user sees: the
// rule cited and its figure. A follow-up's own facts win over the carried ones of their kind, the
// thread's subject carries unless the follow-up names another, and carried words are no subject.

interface Turn {
  /** The question the engine read: the composed one of a follow-up, else the typed one. */
  read: string
  stage: string
  status: string
  /** The answer's headline, or the clarification's or refusal's text. */
  text: string
  rules: string[]
}

async function runTurn(question: string, n: number, previous: string | undefined, locale: Locale, answers?: string[]) {
  const events: ReasoningEvent[] = []
  const generator = buildAnswerWithReasoning(
    {
      requestId: `req_${n}`,
      question,
      locale,
      ...(previous === undefined ? {} : { previousTurn: { requestId: `req_${n - 1}`, question: previous } }),
    },
    { pack: realPack(), clock: fixedClock("2026-06-01T10:00:00.000Z"), ...(answers ? { clarifications: answers } : {}) },
  )
  for await (const event of generator) {
    events.push(event)
    if (event.status === "awaiting_input" && !answers) break
  }
  return events
}

function turnOf(question: string, events: readonly ReasoningEvent[]): Turn {
  const intake = events.find((e) => e.stage === "QUESTION_INTAKE" && e.status === "complete")
  const followUp = intake?.stage === "QUESTION_INTAKE" && intake.status === "complete" ? intake.data.followUp : undefined
  const last = events[events.length - 1]
  const data: Record<string, unknown> = last && "data" in last && typeof last.data === "object" && last.data !== null ? { ...last.data } : {}
  const citations = Array.isArray(data.citations) ? (data.citations as { ruleId?: string }[]) : []
  const text = [data.headline, data.question, data.message, last?.message].find((t): t is string => typeof t === "string") ?? ""
  return {
    read: followUp?.effectiveQuestion ?? question,
    stage: last?.stage ?? "",
    status: last?.status ?? "",
    text,
    rules: [...new Set(citations.flatMap((c) => (c.ruleId ? [c.ruleId] : [])))],
  }
}

/** Every turn of a thread; `answers` are given to the last turn's clarifications. */
async function thread(turns: readonly string[], locale: Locale = "hr", answers?: string[]): Promise<Turn[]> {
  const out: Turn[] = []
  for (const [n, question] of turns.entries()) {
    const last = n === turns.length - 1
    const events = await runTurn(question, n, out[n - 1]?.read, locale, last ? answers : undefined)
    out.push(turnOf(question, events))
  }
  return out
}

function lastOf(turns: readonly Turn[]): Turn {
  const turn = turns[turns.length - 1]
  if (!turn) throw new Error("no turns")
  return turn
}

describe("a follow-up's own figure replaces the carried one", () => {
  it("answers the 8–12 h per diem for 'a za put od 10 sati?' after a trip over 12 hours (hr)", async () => {
    const turns = await thread(["Koliko je neoporeziva dnevnica za put dulji od 12 sati?", "a za put od 10 sati?"])
    expect(turns[0]?.rules).toEqual(["neop.dnevnica.tuzemna.preko-12h"])
    const turn = lastOf(turns)
    expect(turn.read).toBe("Koliko je neoporeziva dnevnica za put od 10 sati?")
    expect(turn.rules).toEqual(["neop.dnevnica.tuzemna.8-12h"])
    expect(turn.text).toContain("15,00 EUR")
  })

  it("answers the over-12 h per diem after a 10-hour trip (en)", async () => {
    const turn = lastOf(await thread(["How much is the tax-free per diem for a trip of 10 hours?", "and for a trip longer than 12 hours?"], "en"))
    expect(turn.read).toBe("How much is the tax-free per diem for a trip longer than 12 hours?")
    expect(turn.rules).toEqual(["neop.dnevnica.tuzemna.preko-12h"])
    expect(turn.text).toContain("EUR 30.00")
  })

  it("answers 18 % for a revenue of 3 million after a revenue up to 1 million (hr)", async () => {
    const turns = await thread(["Kolika je stopa poreza na dobit za prihod do 1 milijun eura?", "a za prihod od 3 milijuna eura?"])
    const turn = lastOf(turns)
    expect(turn.read).toBe("Kolika je stopa poreza na dobit za prihod od 3 milijuna eura?")
    expect(turn.rules).toEqual(["dobit.stopa.18"])
    expect(turn.text).toContain("18 %")
  })

  it("answers the year asked, not the thread's year (hr and en)", async () => {
    const hr = lastOf(await thread(["Kolika je minimalna plaća 2025.?", "a za 2024.?"]))
    expect(hr.rules).toEqual(["placa.minimalna.2024"])
    expect(hr.text).toContain("840,00 EUR")
    const en = lastOf(await thread(["What is the minimum wage in 2025?", "what about 2024?"], "en"))
    expect(en.read).toBe("What is the minimum wage in 2024?")
    expect(en.rules).toEqual(["placa.minimalna.2024"])
    expect(en.text).toContain("840.00")
  })

  it("answers for the d.o.o. the follow-up names, not the paušalni obrt of the thread (hr)", async () => {
    const turns = await thread(["Koja je stopa poreza na dobit za paušalni obrt s prihodom do 500.000 eura?", "a za d.o.o.?"])
    expect(turns[0]?.rules).toEqual(["dobit.obveznik.obrt-dohodak"])
    const turn = lastOf(turns)
    expect(turn.read).toBe("Koja je stopa poreza na dobit za d.o.o. s prihodom do 500.000 eura?")
    expect(turn.rules).toEqual(["dobit.stopa.10"])
    expect(turn.text).toContain("10 %")
  })
})

describe("a follow-up that adds a situation carries it into the question", () => {
  it("answers that eRačun does not cover exports for 'what if it is an export?' (en)", async () => {
    const thread3 = ["Must a business outside the VAT system issue e-invoices in 2026?", "and from 2027?", "what if it is an export?"]
    const turns = await thread(thread3, "en", ["confirm"])
    expect(turns[1]?.rules).toEqual(["eracun.izvan-pdv.izdavanje-2027"])
    const turn = lastOf(turns)
    expect(turn.read).toBe("Must a business outside the VAT system issue e-invoices in 2027 if it is an export?")
    expect(turn.rules).toEqual(["eracun.prekogranicno"])
    expect(turn.text).toMatch(/only domestic/)
  })

  it("keeps the eRačun and adds the export for 'a ako je riječ o izvozu?' (hr)", async () => {
    const turns = await thread(["Mora li obrt izvan sustava PDV-a izdavati eRačune od 2027.?", "a ako je riječ o izvozu?"], "hr", ["confirm"])
    const turn = lastOf(turns)
    expect(turn.read).toBe("Mora li obrt izvan sustava PDV-a izdavati eRačune od 2027 ako je riječ o izvozu?")
    expect(turn.rules).toEqual(["eracun.prekogranicno"])
    expect(turn.text).toMatch(/samo na tuzemne/)
  })

  it("answers that the eRačun duty does not cover an EU buyer, never the domestic duty (en)", async () => {
    const turns = await thread(["Must a business outside the VAT system issue e-invoices in 2027?", "what if the buyer is an EU company?"], "en")
    const turn = lastOf(turns)
    expect(turn.read).toBe("Must a business outside the VAT system issue e-invoices in 2027 if the buyer is an EU company?")
    expect(turn.rules).not.toContain("eracun.izvan-pdv.izdavanje-2027")
    const confirmed = lastOf(await thread(["Must a business outside the VAT system issue e-invoices in 2027?", "what if the buyer is an EU company?"], "en", ["confirm"]))
    expect(confirmed.rules).toEqual(["eracun.prekogranicno"])
    expect(confirmed.text).toMatch(/only domestic transactions/)
  })
})

describe("the thread's subject carries", () => {
  it("answers the paušalist's contribution deadline for 'a do kad se plaćaju?' without a topic menu (hr)", async () => {
    const turns = await thread(["Koliki su mjesečni doprinosi za paušalista u 2025.?", "a do kad se plaćaju?"])
    expect(turns[0]?.rules).toEqual(["pausal.doprinosi.2025"])
    const turn = lastOf(turns)
    expect(turn.stage).not.toBe("CLARIFICATION")
    expect(turn.rules).toEqual(["doprinos.rok-placanja.pausal-2025"])
    expect(turn.text).toContain("do 15.")
  })

  it("asks the paušalist's contribution deadline for 'and by when must they be paid?' (en)", async () => {
    const turns = await thread(["How much are the monthly contributions for a paušalist in 2025?", "and by when must they be paid?"], "en")
    const turn = lastOf(turns)
    expect(turn.read).toContain("contributions for a paušalist in 2025")
    expect(turn.rules).toEqual(["doprinos.rok-placanja.pausal-2025"])
    expect(turn.text).toMatch(/15th/)
  })
})

describe("a follow-up's question words name nothing", () => {
  it("answers milk for 2021 for 'a kakva je bila u 2021.?', and still refuses yoghurt (hr)", async () => {
    const milk = lastOf(await thread(["Koja je stopa PDV-a na mlijeko?", "a kakva je bila u 2021.?"]))
    expect(milk.read).toBe("Koja je stopa PDV-a na mlijeko u 2021?")
    expect(milk.rules).toEqual(["pdv.stopa.mlijeko"])
    expect(milk.text).toContain("5 %")
    const yoghurt = lastOf(await thread(["Koja je stopa PDV-a na mlijeko?", "a na jogurt?", "a kakva je bila u 2021.?"]))
    expect(yoghurt.read).toBe("Koja je stopa PDV-a na jogurt u 2021?")
    expect(yoghurt.stage).toBe("REFUSAL")
  })
})

describe("carried words never become unknown subjects", () => {
  it("answers the corporate income tax deadline after a rate question with a revenue bound (en)", async () => {
    const turns = await thread(["What is the corporate income tax rate for revenue under EUR 1m?", "and the filing deadline?"], "en")
    const turn = lastOf(turns)
    expect(turn.read).toBe("What is the corporate income tax deadline for revenue under EUR 1m?")
    expect(turn.stage).not.toBe("CLARIFICATION")
    expect(turn.text).not.toContain("revenue”")
    expect(turn.rules.every((id) => id.startsWith("dobit.rok"))).toBe(true)
    expect(turn.text).toContain("30 April")
  })

  it("still refuses an item the pack lacks when a follow-up only changes the year (hr)", async () => {
    const turn = lastOf(await thread(["Koja je stopa PDV-a na namještaj?", "a za 2024.?"]))
    expect(turn.read).toBe("Koja je stopa PDV-a na namještaj za 2024?")
    expect(turn.stage).toBe("REFUSAL")
    expect(turn.text + JSON.stringify(turn)).toContain("namještaj")
  })

  it("still refuses an unknown item stated with a price bound when the year changes (hr and en)", async () => {
    const hr = lastOf(await thread(["Koja je stopa PDV-a na kavu do 5 eura?", "a za 2024.?"]))
    expect(hr.stage).toBe("REFUSAL")
    expect(hr.rules).toEqual([])
    const en = lastOf(await thread(["What is the VAT rate on furniture over EUR 500?", "what about 2024?"], "en"))
    expect(en.stage).toBe("REFUSAL")
    expect(en.rules).toEqual([])
  })
})
