import { describe, expect, it } from "vitest"
import { ErrorCode, RefusalCode } from "../../../src-shared/events/refusals"
import {
  buildError,
  buildRefusal,
  ERROR_CATALOG,
  REFUSAL_CATALOG,
} from "../../../src-main/engine/refusal-policy"

describe("refusal policy", () => {
  it("has a Croatian and an English message and next steps for every refusal and error code", () => {
    for (const code of RefusalCode.options) {
      const entry = REFUSAL_CATALOG[code]
      expect(entry.message.hr.length).toBeGreaterThan(0)
      expect(entry.message.en.length).toBeGreaterThan(0)
      expect(entry.nextSteps.length).toBeGreaterThan(0)
    }
    for (const code of ErrorCode.options) expect(ERROR_CATALOG[code].nextSteps.length).toBeGreaterThan(0)
  })

  it("uses the seed's Croatian texts", () => {
    expect(buildRefusal("NEEDS_CLARIFICATION", "hr").message).toBe("Molimo pojasnite vaše pitanje")
    expect(buildRefusal("NO_CITABLE_RULES", "hr").message).toBe("Nismo pronašli relevantne propise")
    expect(buildRefusal("UNSUPPORTED_JURISDICTION", "hr").message).toBe(
      "Podržavamo samo hrvatsko zakonodavstvo",
    )
    expect(buildRefusal("MISSING_REQUIRED_DIMENSION", "hr").message).toBe(
      "Nedostaju ključni podaci za odgovor",
    )
  })

  it("puts specific steps first and carries required fields and detail", () => {
    expect(
      buildRefusal("MISSING_CLIENT_DATA", "en", {
        extraSteps: ["Provide: Turnover"],
        requiredFields: ["counters.revenueYtd"],
        detail: "Turnover",
      }),
    ).toEqual({
      reason: "MISSING_CLIENT_DATA",
      message: "We need more information about your business",
      nextSteps: [
        "Provide: Turnover",
        "Add the missing facts to the client profile (e.g. turnover, entity type, VAT status)",
        "Or state those facts in the question",
      ],
      requiredFields: ["counters.revenueYtd"],
      detail: "Turnover",
    })
  })

  it("errors carry the correlation id and whether a retry can help", () => {
    expect(buildError("TIMEOUT", "hr", "req_1", "SOURCES")).toEqual({
      code: "TIMEOUT",
      message: "Obrada je istekla",
      correlationId: "req_1",
      retriable: true,
      failedStage: "SOURCES",
    })
    expect(buildError("VALIDATION_FAILED", "en", "req_2").retriable).toBe(false)
  })
})
