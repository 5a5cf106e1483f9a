import { describe, expect, it } from "vitest"
import { refusalLines } from "../../../../../src-renderer/features/answer/OutcomeParts"

// A refusal names a missing fact once: the engine's detail that only lists the facts' names, and
// the next step that only repeats them ("Navedite: Promet"), give way to the facts section.

describe("refusalLines", () => {
  it("drops the detail and the step that only name the missing facts", () => {
    const lines = refusalLines({
      reason: "MISSING_CLIENT_DATA",
      message: "Trebamo više podataka o vašem poslovanju",
      nextSteps: ["Navedite: Promet", "Dodajte nedostajuće podatke u profil klijenta", "Ili navedite te podatke u pitanju"],
      requiredFields: ["counters.revenueYtd"],
      detail: "Promet",
    })
    expect(lines).toEqual({
      detail: undefined,
      nextSteps: ["Dodajte nedostajuće podatke u profil klijenta", "Ili navedite te podatke u pitanju"],
    })
  })

  it("keeps a detail that says more than the names, and every step of a refusal without facts", () => {
    const sentence = {
      reason: "NEEDS_CLARIFICATION" as const,
      message: "m",
      nextSteps: ["Give the date the question is about, as YYYY-MM-DD or DD.MM.YYYY"],
      requiredFields: ["asOf"],
      detail: "The answer does not name one date that exists on the calendar.",
    }
    expect(refusalLines(sentence)).toEqual({ detail: sentence.detail, nextSteps: sentence.nextSteps })
    const noFacts = { reason: "OUT_OF_SCOPE" as const, message: "m", nextSteps: ["Ask about Croatian law"], detail: "Germany" }
    expect(refusalLines(noFacts)).toEqual({ detail: "Germany", nextSteps: ["Ask about Croatian law"] })
  })
})
