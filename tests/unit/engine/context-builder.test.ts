import { describe, expect, it } from "vitest"
import { buildEvaluationContext, userContextSnapshot, withAnsweredAsOf } from "../../../src-main/engine/context-builder"
import { interpretQuestion } from "../../../src-main/engine/interpret"

const build = (
  question: string,
  extra: { profile?: Parameters<typeof buildEvaluationContext>[0]["profile"]; requestAsOf?: string } = {},
) =>
  buildEvaluationContext({ interpretation: interpretQuestion(question), clockDate: "2025-06-01", ...extra })

describe("buildEvaluationContext", () => {
  it("takes asOf from the request, then the question, then the clock (an assumed default)", () => {
    expect(build("Koji je prag za PDV?", { requestAsOf: "2024-02-02" })).toMatchObject({
      context: { asOf: "2024-02-02" },
      factSources: { asOf: "query" },
    })
    expect(build("Koji je prag za PDV na dan 15.3.2024.?").context.asOf).toBe("2024-03-15")
    const today = build("Koji je prag za PDV?")
    expect(today).toMatchObject({ context: { asOf: "2025-06-01" }, factSources: { asOf: "assumed_default" } })
    expect(today.assumedDefaults).toEqual(["asOf = today (2025-06-01)", "jurisdiction = HR"])
  })

  it("fills the turnover from the question only when the profile has none", () => {
    const fromQuestion = build("Moram li u PDV ako mi je promet 65.000 eura?")
    expect(fromQuestion.context.counters).toEqual({ revenueYtd: 65000 })
    expect(fromQuestion.factSources["counters.revenueYtd"]).toBe("query")
    const fromProfile = build("Moram li u PDV ako mi je promet 65.000 eura?", {
      profile: { counters: { revenueYtd: 30000 } },
    })
    expect(fromProfile.context.counters).toEqual({ revenueYtd: 30000 })
    expect(fromProfile.factSources["counters.revenueYtd"]).toBe("user_profile")
  })

  it("maps the entity type named in the question when the profile has no entity", () => {
    const built = build("Koliki je limit za paušalni obrt?")
    expect(built.context.entity).toEqual({ type: "OBRT", obrtSubtype: "PAUSALNI" })
    expect(built.factSources).toMatchObject({
      "entity.type": "query",
      "entity.obrtSubtype": "query",
      "query.entityType": "query",
    })
  })

  it("records every profile fact as user_profile", () => {
    const built = build("Koji je prag za PDV?", {
      profile: { entity: { type: "DOO", vat: { status: "IN_VAT" }, location: { country: "HR" } } },
    })
    expect(built.factSources).toMatchObject({
      "entity.type": "user_profile",
      "entity.vat.status": "user_profile",
      "entity.location.country": "user_profile",
    })
  })
})

describe("withAnsweredAsOf", () => {
  it("makes the user's answered date the run's date: a stated fact, no longer an assumption", () => {
    const built = build("Koji je prag za PDV na dan 31.02.2025.?")
    expect(built.assumedDefaults).toEqual(["asOf = today (2025-06-01)", "jurisdiction = HR"])
    const answered = withAnsweredAsOf(built, "2025-02-28")
    expect(answered.context.asOf).toBe("2025-02-28")
    expect(answered.factSources.asOf).toBe("query")
    expect(answered.assumedDefaults).toEqual(["jurisdiction = HR"])
    expect(built.context.asOf).toBe("2025-06-01")
  })
})

describe("userContextSnapshot", () => {
  it("summarises VAT status and turnover band and lists the assumptions", () => {
    expect(
      userContextSnapshot(
        {
          asOf: "2025-01-01",
          entity: { type: "DOO", vat: { status: "IN_VAT" } },
          counters: { revenueYtd: 65000 },
        },
        ["x"],
      ),
    ).toEqual({
      vatStatus: "registered",
      turnoverBand: "50.000–100.000 EUR",
      jurisdiction: "HR",
      assumedDefaults: ["x"],
    })
    expect(userContextSnapshot({ asOf: "2025-01-01" }, []).vatStatus).toBe("unknown")
  })
})
