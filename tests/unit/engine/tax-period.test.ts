import { describe, expect, it } from "vitest"
import { isTerminal } from "../../../src-shared/events/event"
import { periodEndAsOf } from "../../../src-main/engine/tax-period"
import { questionTokens } from "../../../src-main/knowledge/text"
import { goldenEvents } from "./golden-run"

// A deadline for a tax period named with its year is answered by the rules in force once the
// period has ended: a VAT return for a 2026 period is due by the last day of the next month, not
// by the 20th (the rule for periods up to 2025, in force until 31 January 2026).

const end = (question: string, year: number) => periodEndAsOf(questionTokens(question), year)

/** The rule the answer's headline rests on, for a question asked on 25 November 2026 without a date. */
async function primaryRule(question: string): Promise<string | undefined> {
  const events = await goldenEvents({ question }, "2026-11-25T10:00:00.000Z")
  const terminal = events.find(isTerminal)
  const data = terminal?.data as { citations?: Array<{ ruleId: string }> } | undefined
  return terminal?.stage === "ANSWER" ? data?.citations?.[0]?.ruleId : undefined
}

describe("the tax period a deadline question names", () => {
  it("reads a quarter in its short, numbered and spelled forms, in Croatian and English", () => {
    expect(end("When is our VAT return for Q1 2026 due?", 2026)).toBe("2026-04-01")
    expect(end("Rok za PDV prijavu za 2. kvartal 2026.", 2026)).toBe("2026-07-01")
    expect(end("Do kad se predaje PDV za treće tromjesečje 2025.?", 2025)).toBe("2025-10-01")
    expect(end("When is the return for the fourth quarter of 2025 due?", 2025)).toBe("2026-01-01")
  })

  it("reads a year filed for, but not a year the question is only set in", () => {
    expect(end("Do kada se predaje prijava poreza na dobit za 2025.?", 2025)).toBe("2026-01-01")
    expect(end("Do kad se predaje PDV prijava za razdoblja u 2026.?", 2026)).toBe("2027-01-01")
    expect(end("Do kad se predaje PDV prijava u 2026.?", 2026)).toBeUndefined()
    expect(end("Koliko dugo moram ostati u sustavu PDV-a ako sam ušao 2024.?", 2024)).toBeUndefined()
  })

  it("answers a 2026 period's VAT return, EC sales list and PDV-S with the rules for 2026 periods", async () => {
    expect(await primaryRule("When is our VAT return for Q1 2026 due?")).toBe("pdv.rok-prijave.2026.zadnji-dan")
    expect(await primaryRule("Do kad se predaje PDV prijava za razdoblja u 2026.?")).toBe("pdv.rok-prijave.2026.zadnji-dan")
    expect(await primaryRule("Do kad se predaje PDV-S za 2026.?")).toBe("pdv.rok-pdv-s.2026")
    expect(await primaryRule("Do kad se predaje PDV prijava za 2025.?")).toBe("pdv.rok-prijave.do-2025")
  })
})
