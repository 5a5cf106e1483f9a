import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { runExportJob } from "../../../src-main/export/export-job"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import { ClientsRepository } from "../../../src-main/store/clients-repo"
import { DocumentsRepository } from "../../../src-main/store/documents-repo"
import { StoredRequest } from "../../../src-main/store/stored-request"
import type { Store } from "../../../src-main/store/store"
import { openTestStore, tempDbPath } from "../store/fixtures"
import { threadService } from "../runs/thread-fixtures"

// Seed 002's document actions as runs (issue 22): an audit, a comparison and a summary start
// through the run service like a question, stream their stages, end in one terminal, are stored
// as a trace that verifies by replay from the documents frozen in the request (the files deleted
// first), and a question without an action stores the request it stored before.

const FIXTURES = join(__dirname, "../../fixtures/einvoices")

function seeded() {
  const store = openTestStore(tempDbPath())
  new ClientsRepository(store).save({ id: "c1", name: "Hotel Lučica d.o.o.", context: {} })
  const docs = new DocumentsRepository(store)
  const addXml = (name: string, invoiceNumber: string) =>
    docs.add({ bytes: readFileSync(join(FIXTURES, name)), fileName: name, clientId: "c1", title: name.replace(".xml", ""), kind: "xml", text: name, pageCount: null, invoiceNumber }).document
  const valid = addXml("ubl-invoice-valid.xml", "17-P1-1")
  const wrongRate = addXml("ubl-wrong-vat-rate.xml", "17-P1-2")
  const badOib = addXml("ubl-bad-oib.xml", "17-P1-3")
  const note = docs.add({ bytes: Buffer.from("Zapisnik sa sastanka.\nDogovoren rok isporuke 15. 3."), fileName: "zapisnik.txt", clientId: "c1", title: "Zapisnik", kind: "text", text: "Zapisnik sa sastanka.\nDogovoren rok isporuke 15. 3.", pageCount: null }).document
  const { runs } = threadService(store)
  return { store, docs, runs, valid, wrongRate, badOib, note }
}

function answerOf(events: readonly ReasoningEvent[]) {
  const last = events.at(-1)
  if (last === undefined || last.stage !== "ANSWER") throw new Error(`expected an ANSWER, got ${last?.stage ?? "nothing"}`)
  return last.data
}

function storedRequest(store: Store, requestId: string): StoredRequest {
  const json = store.sqlite.prepare("SELECT request_json FROM traces WHERE request_id = ?").pluck().get(requestId)
  if (typeof json !== "string") throw new Error(`no trace ${requestId}`)
  return StoredRequest.parse(JSON.parse(json))
}

describe("an e-invoice audit as a run", () => {
  it("finds the wrong VAT rate citing the pack's rule and the BT field, streams its stages and verifies", async () => {
    const s = seeded()
    const result = await s.runs.ask({ question: "Revizija @17-P1-2", clientId: "c1", locale: "en", action: { kind: "audit", documentIds: [s.wrongRate.id] } })
    expect(result.status).toBe("complete")
    const stages = result.events.map((e) => `${e.stage}:${e.status}`)
    expect(stages.filter((s) => s.endsWith(":complete")).map((s) => s.split(":")[0])).toEqual([
      "QUESTION_INTAKE",
      "CONTEXT_RESOLUTION",
      "SOURCES",
      "RETRIEVAL",
      "ANALYSIS",
      "ANSWER",
    ])
    expect(result.events.filter((e) => e.stage === "ANSWER" || e.stage === "ERROR" || e.stage === "REFUSAL")).toHaveLength(1)
    const answer = answerOf(result.events)
    expect(answer.documentAction).toBe("audit")
    const wrong = answer.documentFindings?.find((f) => f.code === "VAT_RATE_WRONG_FOR_ITEM")
    expect(wrong).toMatchObject({ severity: "error", bt: "BT-152", citation: { source: "PACK", ruleId: "pdv.stopa.kruh" } })
    expect(answer.answerEn).toMatch(/Error: .*rate 25%.*\(rule pdv\.stopa\.kruh · field BT-152\)/)
    expect(answer.answerHr).toMatch(/Greška: .*\(pravilo pdv\.stopa\.kruh · polje BT-152\)/)
    expect(answer.headline).toBe("E-invoice 17-P1-2 (“ubl-wrong-vat-rate”): 1 error(s)")
    expect(answer.documentEvidence?.[0]).toMatchObject({ documentId: s.wrongRate.id, contentHash: s.wrongRate.sha256 })
    expect(await s.runs.verify(result.requestId)).toMatchObject({ ok: true })
  })

  it("finds the bad OIB check digit in Croatian and passes a correct invoice without errors", async () => {
    const s = seeded()
    const bad = answerOf((await s.runs.ask({ question: "Revizija", clientId: "c1", locale: "hr", action: { kind: "audit", documentIds: [s.badOib.id] } })).events)
    expect(bad.documentFindings?.filter((f) => f.severity === "error").map((f) => [f.code, f.bt])).toEqual([
      ["OIB_CHECK_DIGIT", "BT-47"],
      ["OIB_CHECK_DIGIT", "BT-48"],
    ])
    expect(bad.answerHr).toContain("OIB kupca 98765432107 ima pogrešnu kontrolnu znamenku")
    const good = answerOf((await s.runs.ask({ question: "Revizija", clientId: "c1", locale: "hr", action: { kind: "audit", documentIds: [s.valid.id] } })).events)
    expect(good.documentFindings?.filter((f) => f.severity !== "info")).toEqual([])
    expect(good.headline).toContain("bez grešaka")
    expect(good.answerHr).toMatch(/^Revizija e-računa .* prema paketu pravila hr-core .*: bez grešaka/)
  })

  it("replays from the invoice frozen in the request after the file is gone", async () => {
    const s = seeded()
    const result = await s.runs.ask({ question: "Revizija", clientId: "c1", action: { kind: "audit", documentIds: [s.wrongRate.id] } })
    const request = storedRequest(s.store, result.requestId)
    expect(request.action).toEqual({ kind: "audit" })
    expect(request.documents?.[0]?.invoice?.lines.length).toBeGreaterThan(0)
    rmSync(s.docs.contentDir, { recursive: true, force: true })
    expect(() => s.docs.content(s.wrongRate.id)).toThrow()
    expect(await s.runs.verify(result.requestId)).toMatchObject({ ok: true })
  })

  it("exports the audit's trace in a signed bundle that verifies by replay, with the files gone", async () => {
    const s = seeded()
    await s.runs.ask({ question: "Revizija", clientId: "c1", action: { kind: "audit", documentIds: [s.badOib.id] } })
    rmSync(s.docs.contentDir, { recursive: true, force: true })
    s.store.close()
    const dir = mkdtempSync(join(tmpdir(), "fiskai-action-bundle-"))
    const bundle = join(dir, "audit.zip")
    await runExportJob({ dbPath: s.store.path, selection: {}, outPath: bundle, userDataDir: dir })
    const verdict = await verifyBundle(bundle, { engine: buildAnswerWithReasoning })
    expect(verdict.problems).toEqual([])
    expect(verdict.traces.map((t) => t.ok)).toEqual([true])
    rmSync(dir, { recursive: true, force: true })
  })

  it("refuses to audit a document that is not an e-invoice, in one terminal, and says why", async () => {
    const s = seeded()
    const result = await s.runs.ask({ question: "Revizija", clientId: "c1", locale: "en", action: { kind: "audit", documentIds: [s.note.id] } })
    const last = result.events.at(-1)
    expect(last?.stage).toBe("REFUSAL")
    if (last?.stage !== "REFUSAL") return
    expect(last.data.message).toBe("Document “Zapisnik” is not an e-invoice (UBL 2.1 or CII), so it cannot be audited.")
    expect(await s.runs.verify(result.requestId)).toMatchObject({ ok: true })
  })
})

describe("compare and summarize as runs", () => {
  it("compares two e-invoices field by field, naming both as evidence", async () => {
    const s = seeded()
    const result = await s.runs.ask({ question: "Usporedi", clientId: "c1", locale: "en", action: { kind: "compare", documentIds: [s.valid.id, s.badOib.id] } })
    const answer = answerOf(result.events)
    expect(answer.documentAction).toBe("compare")
    expect(answer.answerEn).toContain("- Buyer's OIB · BT-47: 98765432106 → 98765432107 [matters for tax]")
    expect(answer.answerEn).toContain("2 difference(s), 2 of them matter for tax.")
    expect(answer.documentEvidence?.map((e) => e.documentId)).toEqual([s.valid.id, s.badOib.id])
    expect(await s.runs.verify(result.requestId)).toMatchObject({ ok: true })
  })

  it("carries its differences as data in the answer, and a replay computes the same ones", async () => {
    const s = seeded()
    const result = await s.runs.ask({ question: "Usporedi", clientId: "c1", locale: "hr", action: { kind: "compare", documentIds: [s.valid.id, s.wrongRate.id] } })
    const answer = answerOf(result.events)
    const differences = answer.documentDifferences ?? []
    expect(differences.map((d) => [d.field, d.a, d.b, d.taxRelevant])).toEqual([
      ["totals.taxAmount", "87.13", "96.73", true],
      ["totals.taxInclusive", "556.12", "565.72", true],
      ["totals.payable", "556.12", "565.72", false],
      ["vatBreakdown[S 5].taxableAmount", "48.00", undefined, true],
      ["vatBreakdown[S 5].taxAmount", "2.40", undefined, true],
      ["vatBreakdown[S 25].taxableAmount", "249.99", "297.99", true],
      ["vatBreakdown[S 25].taxAmount", "62.50", "74.50", true],
      ["lines[1].vatRate", "5", "25", true],
    ])
    expect(answer.answerHr).toContain("razlika 8, od toga važnih za porez 7.")
    expect(answer.answerHr).toContain("- Iznos za plaćanje · BT-115: 556.12 → 565.72\n")
    expect(answer.answerHr).toContain("- Stopa PDV-a (stavka 1) · BT-152: 5 → 25 [važno za porez]")
    // The stored trace holds the same list, and verify replays the run to it event for event.
    const stored = s.runs.get(result.requestId)?.events.at(-1)
    expect(stored?.stage === "ANSWER" ? stored.data.documentDifferences : undefined).toEqual(differences)
    expect(await s.runs.verify(result.requestId)).toMatchObject({ ok: true })
    // An audit and a summary carry no differences.
    const audit = await s.runs.ask({ question: "Revizija", clientId: "c1", locale: "hr", action: { kind: "audit", documentIds: [s.valid.id] } })
    expect(answerOf(audit.events).documentDifferences).toBeUndefined()
  })

  it("summarizes an e-invoice from its fields and a text document from its beginning", async () => {
    const s = seeded()
    const invoice = answerOf((await s.runs.ask({ question: "Sažmi", clientId: "c1", locale: "hr", action: { kind: "summarize", documentIds: [s.valid.id] } })).events)
    expect(invoice.answerHr).toMatch(/^E-račun 17-P1-1 .*, izdan /)
    expect(invoice.answerHr).toContain("Kupac: Hotel Lučica d.o.o., OIB 98765432106")
    const note = await s.runs.ask({ question: "Sažmi", clientId: "c1", locale: "hr", action: { kind: "summarize", documentIds: [s.note.id] } })
    expect(answerOf(note.events).answerHr).toContain("nije e-račun; njegov tekst počinje ovako:\n„Zapisnik sa sastanka. Dogovoren rok isporuke 15. 3.“")
    expect(storedRequest(s.store, note.requestId).documents?.[0]?.excerpt).toBe("Zapisnik sa sastanka.\nDogovoren rok isporuke 15. 3.")
    expect(await s.runs.verify(note.requestId)).toMatchObject({ ok: true })
  })
})

describe("a question without an action", () => {
  it("stores the same request as before: no action key, no parsed invoice", async () => {
    const s = seeded()
    const result = await s.runs.ask({ question: "Koja je stopa PDV-a na kruh?", clientId: "c1", askedOn: "2026-03-20" })
    const json = String(s.store.sqlite.prepare("SELECT request_json FROM traces WHERE request_id = ?").pluck().get(result.requestId))
    expect(json).not.toContain("action")
    expect(json).toBe(
      canonicalJson({ requestId: result.requestId, question: "Koja je stopa PDV-a na kruh?", engineVersion: storedRequest(s.store, result.requestId).engineVersion, askedOn: "2026-03-20", profile: {}, clientId: "c1" }),
    )
  })
})
