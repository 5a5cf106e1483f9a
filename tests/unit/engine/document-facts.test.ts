import { describe, expect, test } from "vitest"
import { ReasoningEvent } from "../../../src-shared/events/event"
import type { RunDocument } from "../../../src-shared/run-documents"
import { askedFields, withDocumentFacts } from "../../../src-main/engine/document-facts"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import type { EngineDeps, EngineRequest } from "../../../src-main/engine/types"
import { hrCorePack } from "../store/engine-fixtures"
import { drain, fixedClock } from "./helpers"

// Questions about a document's own fields, answered from the fields the frozen request carries
// (engine/document-facts.ts): which words ask for which fields, the stages and the answer, the
// user's Stop, and what goes to the rule engine unchanged.

const INVOICE: RunDocument = {
  id: "doc-1",
  title: "Račun pekara",
  contentHash: "a".repeat(64),
  kind: "xml",
  invoiceNumber: "R-7",
  addedAt: "2026-03-16T08:00:00.000Z",
  facts: [
    { field: "number", value: "R-7", path: "cbc:ID", bt: "BT-1" },
    { field: "issueDate", value: "2026-03-15", path: "cbc:IssueDate", bt: "BT-2" },
    { field: "currency", value: "EUR", path: "cbc:DocumentCurrencyCode", bt: "BT-5" },
    { field: "seller.name", value: "Pekara Zrno d.o.o.", path: "cac:AccountingSupplierParty", bt: "BT-27" },
    { field: "seller.oib", value: "12345678903", path: "cac:AccountingSupplierParty/cbc:CompanyID", bt: "BT-30" },
    { field: "buyer.name", value: "Hotel Lučica d.o.o.", path: "cac:AccountingCustomerParty", bt: "BT-44" },
    { field: "totals.payable", value: "1234.5", path: "cac:LegalMonetaryTotal/cbc:PayableAmount", bt: "BT-115" },
  ],
}
const NOTE: RunDocument = { id: "doc-2", title: "Bilješka", contentHash: "b".repeat(64), kind: "text", invoiceNumber: null, addedAt: "2026-03-16T08:00:00.000Z" }

const engine = withDocumentFacts(buildAnswerWithReasoning)
const deps = (extra: Partial<EngineDeps> = {}): EngineDeps => ({ pack: hrCorePack(), clock: fixedClock(), deliberatePauseMs: 0, ...extra })
const request = (question: string, documents: RunDocument[], extra: Partial<EngineRequest> = {}): EngineRequest =>
  Object.assign({ requestId: "req_doc", question, askedOn: "2026-03-20", ...extra }, { documents })

describe("which fields a question asks about", () => {
  test("Croatian and English words, inflected, name the fields", () => {
    expect(askedFields("Tko je prodavatelj?")).toEqual(["seller.name", "seller.oib", "seller.vatId"])
    expect(askedFields("Koji je OIB kupca na @R-7?")).toEqual(["buyer.name", "buyer.oib", "buyer.vatId"])
    expect(askedFields("Koji su OIB-i?")).toEqual(["seller.oib", "buyer.oib"])
    expect(askedFields("When is it due?")).toEqual(["issueDate", "dueDate"])
    expect(askedFields("Koliko iznosi ukupno za platiti?")).toContain("totals.payable")
    // "The amount due" asks for a total, not for the dates.
    expect(askedFields("What is the amount due?")).toEqual(["currency", "totals.taxExclusive", "totals.taxAmount", "totals.taxInclusive", "totals.payable"])
  })

  test("a judgement of the document, or no field at all, is not a question about its fields", () => {
    expect(askedFields("Je li PDV na @R-7 ispravno obračunat?")).toEqual([])
    expect(askedFields("Compare @R-7 with @R-8")).toEqual([])
    expect(askedFields("Što misliš o @R-7?")).toEqual([])
    // The mention itself never counts as a word: "@Kupac-1" does not ask for the buyer.
    expect(askedFields("Što je @Kupac-1?")).toEqual([])
  })
})

describe("a run about a document's fields", () => {
  test("goes through the stages and answers with the fields read, naming the document as evidence", async () => {
    const { events, terminal } = await drain(engine(request("Tko je prodavatelj i koliko treba platiti?", [INVOICE]), deps()))
    for (const event of events) expect(ReasoningEvent.safeParse(event).success).toBe(true)
    expect(events.map((e) => `${e.stage}:${e.status}`)).toEqual([
      "QUESTION_INTAKE:started",
      "QUESTION_INTAKE:complete",
      "CONTEXT_RESOLUTION:started",
      "CONTEXT_RESOLUTION:complete",
      "SOURCES:started",
      "SOURCES:complete",
      "RETRIEVAL:started",
      "RETRIEVAL:complete",
      "ANSWER:complete",
    ])
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i))
    if (terminal?.outcome !== "ANSWER") throw new Error("expected an answer")
    expect(terminal.answerHr).toBe(
      [
        "Dokument R-7 („Račun pekara“):",
        "- prodavatelj: Pekara Zrno d.o.o. (BT-27)",
        "- OIB prodavatelja: 12345678903 (BT-30)",
        "- iznos za plaćanje: 1.234,50 EUR (BT-115)",
      ].join("\n"),
    )
    expect(terminal.headline).toBe("Prema dokumentu R-7 („Račun pekara“)")
    expect(terminal.documentEvidence?.[0]?.facts.map((f) => f.field)).toEqual(["currency", "seller.name", "seller.oib", "totals.payable"])
    expect(terminal.asOfDate).toBe("2026-03-20")
  })

  test("says so for a field the document does not state, and for a document that is not an e-invoice", async () => {
    const { terminal } = await drain(engine(request("What is the due date?", [INVOICE, NOTE], { locale: "en" }), deps()))
    if (terminal?.outcome !== "ANSWER") throw new Error("expected an answer")
    expect(terminal.answerEn).toContain("- issue date: 15 March 2026 (BT-2)")
    expect(terminal.answerEn).toContain("Document “Bilješka”: is not an e-invoice, so its fields are not read.")
    expect(terminal.headline).toBe("According to R-7 (“Račun pekara”) and 1 more")
  })

  test("the user's Stop ends it in ERROR CANCELLED at a stage boundary, and the replay stops there too", async () => {
    const stop = new AbortController()
    stop.abort()
    const live = await drain(engine(request("Tko je kupac?", [INVOICE]), deps({ signal: stop.signal })))
    expect(live.terminal).toMatchObject({ outcome: "ERROR", code: "CANCELLED" })
    expect(live.events).toHaveLength(1)
    const replay = await drain(engine(request("Tko je kupac?", [INVOICE]), deps({ stopAtSeq: 0 })))
    expect(replay.events.map((e) => e.stage)).toEqual(live.events.map((e) => e.stage))
  })

  test("a question with only documents that are not e-invoices, or none, goes to the rule engine", async () => {
    const direct = await drain(buildAnswerWithReasoning(request("Koja je stopa PDV-a na kruh?", [NOTE]), deps()))
    const wrapped = await drain(engine(request("Koja je stopa PDV-a na kruh?", [NOTE]), deps()))
    expect(wrapped.events).toEqual(direct.events)
    const without = await drain(engine({ requestId: "req_doc", question: "Tko je kupac?", askedOn: "2026-03-20" }, deps()))
    expect(JSON.stringify(without.events)).not.toContain("documentEvidence")
  })
})
