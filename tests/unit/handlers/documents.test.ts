import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { AddedDocument, DocumentCompletion, DocumentHit, DocumentSummary } from "../../../src-shared/documents"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value, failure } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import type { Client } from "../../../src-shared/traces"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import type { TraceDetail } from "../../../src-shared/traces"
import { dumpDatabase, openTempServices, untilRunStops, type TempServices } from "./temp-services"

// The document channels through the real handler table and dispatcher, over real services on a
// SQLite file in a temp dir: a dropped e-invoice is stored with its number and date, listed,
// found by its words and by an @-mention's fuzzy completion, and attached to a question (runs.ask); a file
// intake refuses, an unknown client or document comes back as a typed error in the asked
// language, and nothing is stored then.

const FIXTURES = join(__dirname, "../../fixtures/einvoices")
const fixture = (name: string) => readFileSync(join(FIXTURES, name)).toString("base64")

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
  return { services: opened.services, call, published: opened.published }
}

async function newClient(call: ReturnType<typeof setup>["call"]): Promise<Client> {
  return value<Client>(call("clients.save", { name: "Obrt Ana", context: { entity: { type: "OBRT", obrtSubtype: "PAUSALNI", vat: { status: "IN_VAT" }, location: { country: "HR", county: "Grad Zagreb" } } } }))
}

describe("document channels", () => {
  it("adds a dropped e-invoice for a client, with its number and date, and gives it back when dropped again", async () => {
    const { call } = setup()
    const client = await newClient(call)
    const input = { clientId: client.id, fileName: "racun-17.xml", contentBase64: fixture("ubl-invoice-valid.xml") }
    const added = await value<AddedDocument>(call("documents.add", input))
    expect(added.created).toBe(true)
    expect(added.document).toMatchObject({ clientId: client.id, kind: "xml", title: "racun-17", invoiceNumber: "17-P1-1", issueDate: "2026-03-15", isEInvoice: true, pagesWithoutText: [] })
    expect(added.document.sha256).toMatch(/^[0-9a-f]{64}$/)
    const again = await value<AddedDocument>(call("documents.add", { ...input, fileName: "copy.xml" }))
    expect(again).toMatchObject({ created: false, document: { id: added.document.id } })
    const list = await value<DocumentSummary[]>(call("documents.list", { clientId: client.id }))
    expect(list.map((d) => d.id)).toEqual([added.document.id])
    // Another client's list, and the firm's own, do not show it.
    expect(await value<DocumentSummary[]>(call("documents.list", { clientId: null }))).toEqual([])
  })

  it("stores a text file that is no e-invoice, finds it by its words, and completes @-mentions fuzzily", async () => {
    const { call } = setup()
    const client = await newClient(call)
    const note = Buffer.from("Ugovor o najmu poslovnog prostora, zakupnina 800 EUR mjesečno.").toString("base64")
    const contract = await value<AddedDocument>(call("documents.add", { clientId: client.id, fileName: "ugovor.txt", contentBase64: note, title: "Ugovor o najmu" }))
    expect(contract.document).toMatchObject({ kind: "text", isEInvoice: false, invoiceNumber: null })
    const invoice = await value<AddedDocument>(call("documents.add", { clientId: client.id, fileName: "r.xml", contentBase64: fixture("ubl-wrong-vat-rate.xml") }))
    const hits = await value<DocumentHit[]>(call("documents.search", { text: "zakupnina", clientId: client.id }))
    expect(hits.map((h) => h.document.id)).toEqual([contract.document.id])
    expect(hits[0]?.snippet.filter((p) => p.hit).map((p) => p.text)).toEqual(["zakupnina"])
    // By number, by a word of the title, and with a typo.
    const byNumber = await value<DocumentCompletion[]>(call("documents.complete", { text: "17-P", clientId: client.id }))
    expect(byNumber.map((c) => [c.document.id, c.matchedOn])).toEqual([[invoice.document.id, "number"]])
    const byWord = await value<DocumentCompletion[]>(call("documents.complete", { text: "najm", clientId: client.id }))
    expect(byWord[0]?.document.id).toBe(contract.document.id)
    const typo = await value<DocumentCompletion[]>(call("documents.complete", { text: "ugovr", clientId: client.id }))
    expect(typo[0]?.document.id).toBe(contract.document.id)
  })

  it("refuses what intake refuses, unknown clients and documents, in the asked language, storing nothing", async () => {
    const { call, services } = setup()
    const client = await newClient(call)
    const before = dumpDatabase(services)
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]).toString("base64")
    const refused = await failure(call("documents.add", { clientId: client.id, fileName: "a.docx", contentBase64: zip, locale: "hr" }))
    expect(refused.code).toBe("BAD_INPUT")
    expect(refused.message).toMatch(/ZIP arhiva/)
    const empty = await failure(call("documents.add", { clientId: client.id, fileName: "a.txt", contentBase64: "", locale: "en" }))
    expect(empty).toMatchObject({ code: "BAD_INPUT", message: expect.stringMatching(/empty/) })
    const unknown = await failure(call("documents.add", { clientId: "no-such", fileName: "a.txt", contentBase64: "YQ==", locale: "en" }))
    expect(unknown).toMatchObject({ code: "NOT_FOUND", message: expect.stringMatching(/no client no-such/) })
    expect(dumpDatabase(services)).toEqual(before)
  })

  it("a question attaches documents (as the Ask screen's drop does): its run reads them and its trace names them; one not there is NOT_FOUND", async () => {
    const { call, services, published } = setup()
    const client = await newClient(call)
    const invoice = await value<AddedDocument>(call("documents.add", { clientId: client.id, fileName: "r.xml", contentBase64: fixture("ubl-invoice-valid.xml") }))
    const ask = { question: "Koji je OIB prodavatelja?", clientId: client.id, documentIds: [invoice.document.id] }
    const { requestId } = await value<{ requestId: string }>(call("runs.ask", ask))
    const events = await untilRunStops(services, requestId, published)
    await services.runs.settled()
    const answer = events.at(-1)
    expect(answer?.stage).toBe("ANSWER")
    if (answer?.stage === "ANSWER") {
      expect(answer.data.documentEvidence?.map((d) => [d.documentId, d.contentHash])).toEqual([[invoice.document.id, invoice.document.sha256]])
      expect(answer.data.documentEvidence?.[0]?.facts.map((f) => f.field)).toContain("seller.oib")
    }
    const stored = await value<TraceDetail>(call("traces.get", { requestId }))
    expect(stored.trace).toMatchObject({ status: "complete", outcome: "ANSWER" })
    const missing = await failure(call("runs.ask", { ...ask, documentIds: ["no-such"], locale: "en" }))
    expect(missing).toMatchObject({ code: "NOT_FOUND", message: "no document no-such" })
  })
})
