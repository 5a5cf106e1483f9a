import { describe, expect, it } from "vitest"
import type { ImpossibleDate } from "../../../../src-main/engine/interpret"
import {
  buildDateClarification,
  dateClarificationStage,
  dateFromAnswer,
  type DateClarificationInput,
  type ImpossibleDateInput,
} from "../../../../src-main/engine/stages/date-clarification"
import { syntheticPack } from "../../../fixtures/packs"
import { runStage, testRun } from "../helpers"

const feb31: ImpossibleDate = { written: "31.02.2025", year: 2025, month: 2, day: 31 }
const input = (impossible: ImpossibleDate, extra: Partial<ImpossibleDateInput> = {}): DateClarificationInput => ({
  kind: "impossible",
  impossible,
  clockDate: "2025-06-01",
  ...extra,
})

async function answer(value: string, locale: "hr" | "en" = "hr") {
  return runStage(dateClarificationStage(testRun(syntheticPack(), locale, { clarifications: [value] }), input(feb31)))
}

describe("buildDateClarification", () => {
  it("names the date as written and why it does not exist, in Croatian", () => {
    const request = buildDateClarification(testRun(syntheticPack(), "hr"), input(feb31))
    expect(request).toEqual({
      question: "Datum „31.02.2025” iz pitanja ne postoji: veljača 2025. ima 28 dana. Za koji datum želite odgovor?",
      options: [
        { label: "28. 2. 2025. (zadnji dan veljače)", value: "2025-02-28" },
        { label: "Danas (1. 6. 2025.)", value: "2025-06-01" },
        { label: "Odustani", value: "cancel" },
      ],
      freeformAllowed: true,
      required: true,
      reason: "impossible-date",
    })
  })

  it("and in English", () => {
    const request = buildDateClarification(
      testRun(syntheticPack(), "en"),
      input({ written: "2024-02-30", year: 2024, month: 2, day: 30 }),
    )
    expect(request.question).toBe(
      "The date “2024-02-30” in the question does not exist: February 2024 has 29 days. Which date should the answer be for?",
    )
    expect(request.options?.map((o) => o.label)).toEqual(["29 Feb 2024 (last day of February)", "Today (1 Jun 2025)", "Cancel"])
  })

  it("offers day and month swapped for month 13, the question's own date, and no duplicates", () => {
    const request = buildDateClarification(
      testRun(syntheticPack(), "hr"),
      input({ written: "2/13/2025", year: 2025, month: 13, day: 2 }, { questionDate: "2025-01-01", clockDate: "2025-01-01" }),
    )
    expect(request.question).toContain("nema mjeseca 13")
    expect(request.options).toEqual([
      { label: "13. 2. 2025. (dan i mjesec zamijenjeni)", value: "2025-02-13" },
      { label: "1. 1. 2025. (datum iz pitanja)", value: "2025-01-01" },
      { label: "Odustani", value: "cancel" },
    ])
  })

  it("says a month of 31 days has 31 'dan' (Croatian number agreement)", () => {
    const request = buildDateClarification(
      testRun(syntheticPack(), "hr"),
      input({ written: "32.01.2025", year: 2025, month: 1, day: 32 }),
    )
    expect(request.question).toContain("siječanj 2025. ima 31 dan.")
    expect(request.options?.[0]).toEqual({ label: "31. 1. 2025. (zadnji dan siječnja)", value: "2025-01-31" })
  })
})

describe("dateFromAnswer", () => {
  const request = buildDateClarification(testRun(syntheticPack(), "hr"), input(feb31))

  it.each([
    ["2025-02-28", "2025-02-28"],
    ["28. 2. 2025. (zadnji dan veljače)", "2025-02-28"],
    ["28.02.2025. (zadnji dan veljače)", "2025-02-28"],
    ["danas (1. 6. 2025.)", "2025-06-01"],
    ["danas (01.06.2025.)", "2025-06-01"],
    ["mislio sam 1. ožujka 2025.", "2025-03-01"],
    ["March 3, 2025", "2025-03-03"],
  ])("%j -> %s", (raw, iso) => {
    expect(dateFromAnswer(request, raw)).toBe(iso)
  })

  it.each(["cancel", "Odustani", "ne znam", "30.02.2025.", "1.3.2025. ili 2.3.2025.", ""])("%j names no date", (raw) => {
    expect(dateFromAnswer(request, raw)).toBeUndefined()
  })
})

describe("dateClarificationStage", () => {
  it("asks, then hands on the answered date and records it in the answer event", async () => {
    const { events, outcome } = await answer("2025-02-28")
    expect(events.map((e) => `${e.stage}:${e.status}`)).toEqual(["CLARIFICATION:awaiting_input", "CLARIFICATION:complete"])
    expect(events[1]).toMatchObject({
      message: "Datum: 28. 2. 2025.",
      data: { confirmedContext: "Datum: 28. 2. 2025.", answer: "2025-02-28", asOfDate: "2025-02-28" },
    })
    expect(outcome).toEqual({ ok: true, value: "2025-02-28" })
  })

  it("a cancel or an answer without a real date refuses with NEEDS_CLARIFICATION asking for the date", async () => {
    for (const [value, detail] of [
      ["cancel", "The date clarification was cancelled."],
      ["Cancel", "The date clarification was cancelled."],
      ["31 February", "The answer does not name one date that exists on the calendar."],
    ] as const) {
      const { events, outcome } = await answer(value, "en")
      expect(events[1]).toMatchObject({ data: { confirmedContext: "Date not confirmed" } })
      expect(events[1]?.stage === "CLARIFICATION" && events[1].status === "complete" && events[1].data.asOfDate).toBeUndefined()
      expect(outcome).toMatchObject({
        ok: false,
        terminal: { outcome: "REFUSAL", reason: "NEEDS_CLARIFICATION", requiredFields: ["asOf"], detail },
      })
    }
  })
})
