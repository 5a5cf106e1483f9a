import { afterEach, describe, expect, it } from "vitest"
import type { AnswerPaper } from "../../../../src-shared/answer-paper"
import type { IpcResult } from "../../../../src-shared/ipc/channel"
import { value, failure } from "../../../support/ipc-result"
import type { ChannelKey } from "../../../../src-shared/ipc/channels"
import { createHandlers } from "../../../../src-main/handlers/index"
import { createDispatcher } from "../../../../src-main/ipc/dispatcher"
import { dumpDatabase, openTempServices, untilRunStops, type TempServices } from "../../handlers/temp-services"

// The paper channels through the real handler table and dispatcher over real services (a real
// SQLite file, the real engine and pack): the paper of a finished run names its client by the
// profile's name and OIB; an unknown run, a bad input and the browser host's PDF are clear typed
// errors; nothing is written to the database. (A run with nothing to print is refused by the
// renderer itself: answer-paper.test.ts.)

let temp: TempServices | null = null
afterEach(async () => {
  await temp?.cleanup()
  temp = null
})

function setup() {
  const opened = openTempServices()
  temp = opened
  const dispatch = createDispatcher(createHandlers(opened.services), { isTrustedCaller: () => true })
  const call = (key: ChannelKey, input: unknown) => dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<never>>
  return { temp: opened, call }
}

describe("paper.render and paper.savePdf", () => {
  it("renders a finished run's paper with its client's name and OIB, and writes nothing", async () => {
    const { temp, call } = setup()
    const client = await value<{ id: string }>(
      call("clients.save", { name: "Primjer d.o.o.", oib: "12345678903", context: { entity: { type: "DOO", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } } } }),
    )
    const question = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
    const { requestId } = await value<{ requestId: string }>(call("runs.ask", { question, asOfDate: "2025-06-01", clientId: client.id, locale: "hr" }))
    await untilRunStops(temp.services, requestId, temp.published)
    const before = dumpDatabase(temp.services)

    const paper = await value<AnswerPaper>(call("paper.render", { requestId }))
    expect(paper.requestId).toBe(requestId)
    expect(paper.locale).toBe("hr")
    expect(paper.canSavePdf).toBe(false)
    expect(paper.text).toContain(`Pitanje: ${question}`)
    expect(paper.text).toContain("Klijent: Primjer d.o.o. (OIB 12345678903)")
    const stored = temp.services.traces.get(requestId)
    expect(paper.text).toContain(`Zadnji hash lanca: ${stored?.trace.chainHead ?? "?"}`)
    expect(dumpDatabase(temp.services)).toEqual(before)
  }, 60_000)

  it("answers NOT_FOUND, BAD_INPUT and UNAVAILABLE clearly", async () => {
    const { call } = setup()
    expect(await failure(call("paper.render", { requestId: "no-such-run" }))).toMatchObject({ code: "NOT_FOUND", message: "no trace no-such-run" })
    expect(await failure(call("paper.render", { requestId: "" }))).toMatchObject({ code: "BAD_INPUT" })
    expect(await failure(call("paper.render", { requestId: "r", extra: 1 }))).toMatchObject({ code: "BAD_INPUT" })
    const pdf = await failure(call("paper.savePdf", { requestId: "no-such-run" }))
    expect(pdf.code).toBe("UNAVAILABLE")
    expect(pdf.message).toContain("choose Save as PDF")
  })
})
