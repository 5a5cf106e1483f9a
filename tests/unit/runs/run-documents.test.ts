import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { runExportJob } from "../../../src-main/export/export-job"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { ClientsRepository } from "../../../src-main/store/clients-repo"
import { DocumentError, DocumentsRepository, sha256Of } from "../../../src-main/store/documents-repo"
import { StoredRequest } from "../../../src-main/store/stored-request"
import type { Store } from "../../../src-main/store/store"
import { openTestStore, tempDbPath } from "../store/fixtures"
import { threadService } from "./thread-fixtures"

// The documents a thread's question names go with its run (issue 22): the frozen request records
// each one (id, title, SHA-256 of its bytes, its e-invoice fields), a question about a document's
// facts is answered from those fields with the document as the evidence, and the trace verifies
// by replay. A question that names no document stores exactly the request it stored before.

const FIXTURES = join(__dirname, "../../fixtures/einvoices")

function seeded(path = tempDbPath()) {
  const store = openTestStore(path)
  const clients = new ClientsRepository(store)
  if (clients.get("c1") === null) clients.save({ id: "c1", name: "Hotel Lučica d.o.o.", context: {} })
  const docs = new DocumentsRepository(store)
  const addXml = (name: string, title: string, invoiceNumber: string) => {
    const bytes = readFileSync(join(FIXTURES, name))
    return docs.add({ bytes, fileName: name, clientId: "c1", title, kind: "xml", text: title, pageCount: null, invoiceNumber }).document
  }
  const valid = addXml("ubl-invoice-valid.xml", "Račun pekara ožujak", "17-P1-1")
  const note = docs.add({ bytes: Buffer.from("Bilješka o sastanku"), fileName: "biljeska.txt", clientId: "c1", title: "Bilješka", kind: "text", text: "Bilješka o sastanku", pageCount: null }).document
  const { threads, runs } = threadService(store)
  const thread = threads.newThread({ clientId: "c1", asOfDate: "2026-03-20" })
  return { store, docs, threads, runs, thread, valid, note }
}

function requestOf(store: Store, requestId: string): StoredRequest {
  const json = store.sqlite.prepare("SELECT request_json FROM traces WHERE request_id = ?").pluck().get(requestId)
  if (typeof json !== "string") throw new Error(`no trace ${requestId}`)
  return StoredRequest.parse(JSON.parse(json))
}

function terminalOf(events: readonly ReasoningEvent[]) {
  const last = events.at(-1)
  if (last === undefined || last.stage !== "ANSWER") throw new Error(`expected an ANSWER, got ${last?.stage ?? "nothing"}`)
  return last.data
}

describe("documents in a thread's run", () => {
  it("answers who the buyer is and the buyer's OIB from the mentioned e-invoice, naming it, and verifies", async () => {
    const s = seeded()
    const begun = s.threads.begin(s.thread.id, "Tko je kupac na @17-P1-1 i koji mu je OIB?")
    if (!("requestId" in begun)) throw new Error("the mention should resolve")
    const result = await begun.done
    expect(result.status).toBe("complete")
    const request = requestOf(s.store, begun.requestId)
    expect(request.documents).toHaveLength(1)
    expect(request.documents?.[0]).toMatchObject({ id: s.valid.id, title: "Račun pekara ožujak", contentHash: s.valid.sha256, kind: "xml", invoiceNumber: "17-P1-1" })
    expect(request.documents?.[0]?.contentHash).toBe(sha256Of(readFileSync(join(FIXTURES, "ubl-invoice-valid.xml"))))
    const answer = terminalOf(result.events)
    expect(answer.answerHr).toContain("17-P1-1")
    expect(answer.answerHr).toContain("kupac: Hotel Lučica d.o.o.")
    expect(answer.answerHr).toContain("OIB kupca: 98765432106")
    expect(answer.answerHr).not.toContain("Pekara Zrno")
    expect(answer.documentEvidence).toEqual([
      expect.objectContaining({ documentId: s.valid.id, contentHash: s.valid.sha256, facts: expect.arrayContaining([expect.objectContaining({ field: "buyer.oib", value: "98765432106", bt: "BT-47" })]) }),
    ])
    // The stepper sees the stages of any run; the trace verifies by replaying the frozen request.
    expect(result.events.map((e) => `${e.stage}:${e.status}`)).toContain("RETRIEVAL:complete")
    expect(await s.runs.verify(begun.requestId)).toMatchObject({ ok: true })
  })

  it("exports the document-answered trace in a signed bundle that verifies by replay, like any other", async () => {
    const s = seeded()
    const begun = s.threads.begin(s.thread.id, "Tko je kupac na @17-P1-1?")
    if (!("requestId" in begun)) throw new Error("the mention should resolve")
    await begun.done
    s.store.close()
    const dir = mkdtempSync(join(tmpdir(), "fiskai-doc-bundle-"))
    const bundle = join(dir, "audit.zip")
    await runExportJob({ dbPath: s.store.path, selection: {}, outPath: bundle, userDataDir: dir })
    const verdict = await verifyBundle(bundle, { engine: buildAnswerWithReasoning })
    expect(verdict.problems).toEqual([])
    expect(verdict.traces.map((t) => t.ok)).toEqual([true])
    expect(verdict.ok).toBe(true)
    rmSync(dir, { recursive: true, force: true })
  })

  it("answers the VAT lines and totals in English with amounts as an accountant reads them", async () => {
    const s = seeded()
    const begun = s.threads.begin(s.thread.id, "What are the VAT lines and the total of @17-P1-1?", { locale: "en" })
    if (!("requestId" in begun)) throw new Error("the mention should resolve")
    const answer = terminalOf((await begun.done).events)
    expect(answer.answerEn).toContain("VAT line 1: VAT category S, VAT rate 5%, taxable amount EUR 48.00, VAT EUR 2.40")
    expect(answer.answerEn).toContain("total VAT: EUR 87.13")
    expect(answer.headline).toContain("17-P1-1")
    expect(await s.runs.verify(begun.requestId)).toMatchObject({ ok: true })
  })

  it("records a document that is not an e-invoice and leaves a rule question to the engine", async () => {
    const s = seeded()
    const begun = s.threads.begin(s.thread.id, "Koja je stopa PDV-a na kruh? @Bilješka")
    if (!("requestId" in begun)) throw new Error("the mention should resolve")
    const result = await begun.done
    expect(requestOf(s.store, begun.requestId).documents).toEqual([
      { id: s.note.id, title: "Bilješka", contentHash: s.note.sha256, kind: "text", invoiceNumber: null, addedAt: s.note.addedAt },
    ])
    // The rule engine took the question (its own stages), not the document reader.
    expect(result.events.some((e) => e.stage === "CLARIFICATION" || e.stage === "APPLICABILITY")).toBe(true)
    expect(JSON.stringify(result.events)).not.toContain("documentEvidence")
    expect(await s.runs.verify(begun.requestId)).toMatchObject({ ok: true })
  })

  it("a question naming no document stores no documents key: its request is what it was before", async () => {
    const s = seeded()
    const turn = await s.threads.ask(s.thread.id, "Koja je stopa PDV-a na kruh?")
    const json = s.store.sqlite.prepare("SELECT request_json FROM traces WHERE request_id = ?").pluck().get(turn.requestId)
    expect(String(json)).not.toContain("documents")
    expect(await s.runs.verify(turn.requestId)).toMatchObject({ ok: true })
  })

  it("an edited document fact in a stored request no longer verifies", async () => {
    const s = seeded()
    const begun = s.threads.begin(s.thread.id, "Tko je kupac na @17-P1-1?")
    if (!("requestId" in begun)) throw new Error("the mention should resolve")
    await begun.done
    const json = String(s.store.sqlite.prepare("SELECT request_json FROM traces WHERE request_id = ?").pluck().get(begun.requestId))
    // A forger with the database file: the seal is a trigger, which they can drop.
    s.store.sqlite.exec("DROP TRIGGER traces_sealed_when_complete; DROP TRIGGER traces_frozen_context")
    s.store.sqlite.prepare("UPDATE traces SET request_json = ? WHERE request_id = ?").run(json.replace("Hotel Lučica d.o.o.", "Hotel Drugi d.o.o."), begun.requestId)
    expect(await s.runs.verify(begun.requestId)).toMatchObject({ ok: false })
  })

  it("a mention resolved after the pause goes with the resumed turn: the chosen document, not its twin", async () => {
    const s = seeded()
    const twinBytes = readFileSync(join(FIXTURES, "ubl-wrong-vat-rate.xml"))
    const twin = s.docs.add({ bytes: twinBytes, fileName: "twin.xml", clientId: "c1", title: "Račun pekara ispravak", kind: "xml", text: "x", pageCount: null, invoiceNumber: "17-P1-1" }).document
    const paused = s.threads.begin(s.thread.id, "Koji je ukupni PDV na @17-P1-1?")
    if (!("paused" in paused)) throw new Error("two documents share the number: the question should pause")
    const turn = s.threads.resume(s.thread.id, [{ mention: "17-P1-1", documentId: twin.id }])
    const answer = terminalOf((await turn.done).events)
    expect(requestOf(s.store, turn.requestId).documents?.map((d) => [d.id, d.contentHash])).toEqual([[twin.id, sha256Of(twinBytes)]])
    expect(answer.documentEvidence?.map((e) => e.documentId)).toEqual([twin.id])
    expect(answer.answerHr).toContain("Račun pekara ispravak")
    expect(await s.runs.verify(turn.requestId)).toMatchObject({ ok: true })
  })

  it("a chosen document deleted before the run starts refuses the turn; nothing runs", () => {
    const s = seeded()
    s.docs.delete(s.valid.id)
    expect(() => s.threads.start(s.thread.id, "Tko je kupac?", { documentIds: [s.valid.id] })).toThrow(DocumentError)
    expect(s.store.sqlite.prepare("SELECT count(*) FROM traces").pluck().get()).toBe(0)
    expect(s.threads.get(s.thread.id).turns).toEqual([])
  })
})
