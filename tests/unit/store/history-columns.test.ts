import { describe, expect, test } from "vitest"
import { FlagsRepository } from "../../../src-main/store/flags-repo"
import { AS_OF, CLEAR_QUESTION, realService } from "./engine-fixtures"
import { openTestStore } from "./fixtures"

// History rows for a week's work (issue 23): each run's headline and its reports, and a filter for
// reported runs, on a real database the engine wrote.

describe("history rows", () => {
  test("carry the answer's headline and the run's open and decided reports; 'flagged' keeps reported runs only", async () => {
    const store = openTestStore()
    const service = realService(store)
    const answered = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    const refused = await service.ask({ question: "What is the VAT rate in Germany?", asOfDate: AS_OF })
    const flags = new FlagsRepository(store)
    flags.create({ runId: answered.requestId, kind: "wrong", note: "Prag?" })
    const decided = flags.create({ runId: answered.requestId, kind: "unclear", note: "Nejasno." })
    flags.decide({ id: decided.id, decision: "rejected", note: "Jasno je." })

    const items = service.list({}).items
    const answer = items.find((item) => item.requestId === answered.requestId)
    const refusal = items.find((item) => item.requestId === refused.requestId)
    const headline = service.get(answered.requestId)?.events.flatMap((e) => (e.stage === "ANSWER" && e.status === "complete" ? [e.data.headline] : []))[0]
    expect(answer?.headline).toBe(headline)
    expect(answer?.flags).toEqual({ open: 1, decided: 1 })
    expect(refusal?.headline).toMatch(/\S/)
    expect(refusal?.flags).toEqual({ open: 0, decided: 0 })

    expect(service.list({ flagged: true }).items.map((item) => item.requestId)).toEqual([answered.requestId])
    expect(service.list({ flagged: true, search: "Germany" }).items).toEqual([])
  })
})
