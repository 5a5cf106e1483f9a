import { describe, expect, it } from "vitest"
import type { ClarificationPayload } from "../../../src-shared/events/payloads"
import { goldenEvents } from "./golden-run"

// Words the pack does not know make the engine ask before it answers ("the question mentions …,
// I can answer only about …"). Everyday words must not: a past "to be", the next period and a
// late filing are the question's circumstances. The buyer is not everyday: a rule about supplying
// would answer a buyer's question wrongly, so a buyer's question still asks first.

async function mentioned(question: string, asOf = "2025-06-01"): Promise<string | undefined> {
  const events = await goldenEvents({ question, asOf }, "2026-11-25T10:00:00.000Z")
  const asked = events.find((e) => e.status === "awaiting_input")?.data as ClarificationPayload | undefined
  return /(?:spominje|mentions) [„“]([^”]+)”/.exec(asked?.question ?? "")?.[1]
}

describe("words the pack does not know", () => {
  it("do not include having been, the next year or a late filing", async () => {
    expect(await mentioned("Obrt paušalist, primici u 2024. bili 42.000 EUR, je li mogao ostati paušalist u 2024.?", "2024-06-01")).toBeUndefined()
    expect(await mentioned("Moramo li od iduće godine izdavati eRačune?")).toBeUndefined()
    expect(await mentioned("Kolika je kazna za d.o.o. za kasnu predaju JOPPD-a u 2025.?")).toBeUndefined()
  })

  it("still include the buyer, whom the pack's supply rules do not answer", async () => {
    expect(await mentioned("Our client is not in the VAT system and buys consulting services from a German company - does it need a VAT ID number?")).toBe("buys")
  })
})
