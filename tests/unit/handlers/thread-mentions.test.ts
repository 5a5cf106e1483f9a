import { readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { AddedDocument } from "../../../src-shared/documents"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { value } from "../../support/ipc-result"
import type { ChannelKey } from "../../../src-shared/ipc/channels"
import type { ThreadAskResult, ThreadPaused } from "../../../src-shared/thread-ask"
import type { Thread, ThreadDetail, ThreadTurnRef } from "../../../src-shared/threads"
import type { Client } from "../../../src-shared/traces"
import { createServices, type Services } from "../../../src-main/composition/services"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { dumpDatabase, openTempServices, untilRunStops } from "./temp-services"

// @-mentions in a thread's question through threads.ask, threads.resume and threads.dismiss over
// real services: a mention one document clearly has runs at once and is registered in the
// thread's documents; an ambiguous one pauses with the candidates and runs nothing; the pause is
// in the checkpoint, so a fresh host on the same database shows it and resumes it; a mention no
// document matches is refused in the asked language.

const FIXTURES = join(__dirname, "../../fixtures/einvoices")
const fixture = (name: string) => readFileSync(join(FIXTURES, name)).toString("base64")

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function host(services: Services) {
  const dispatch = createDispatcher(createHandlers(services), { isTrustedCaller: () => true })
  return (key: ChannelKey, input: unknown) => dispatch(key, input, { transport: "websocket", url: null }) as Promise<IpcResult<never>>
}

async function seeded() {
  const temp = openTempServices()
  cleanups.push(async () => rmSync(temp.dir, { recursive: true, force: true }))
  let closed = false
  cleanups.push(async () => {
    if (!closed) await temp.services.close()
  })
  const call = host(temp.services)
  const client = await value<Client>(
    call("clients.save", { name: "Obrt Ana", context: { entity: { type: "OBRT", obrtSubtype: "PAUSALNI", vat: { status: "IN_VAT" }, location: { country: "HR", county: "Grad Zagreb" } } } }),
  )
  const add = async (name: string, title: string) =>
    (await value<AddedDocument>(call("documents.add", { clientId: client.id, fileName: `${name}`, contentBase64: fixture(name), title }))).document
  // Two invoices with the same number (a correct one and its wrong-rate twin) and a credit note.
  const valid = await add("ubl-invoice-valid.xml", "Račun Alfa")
  const wrong = await add("ubl-wrong-vat-rate.xml", "Račun Beta")
  const credit = await add("ubl-creditnote-valid.xml", "Odobrenje")
  const thread = await value<Thread>(call("threads.create", { clientId: client.id, asOfDate: "2026-03-15" }))
  return {
    ...temp,
    call,
    docs: { valid, wrong, credit },
    thread,
    close: async () => {
      closed = true
      await temp.services.close()
    },
  }
}

describe("@-mentions in a thread", () => {
  it("runs a question whose mention one document has, and registers it in the thread's documents", async () => {
    const s = await seeded()
    const turn = await value<ThreadAskResult>(s.call("threads.ask", { threadId: s.thread.id, question: "Koja je stopa PDV-a na @3-P1-1?" }))
    expect("requestId" in turn).toBe(true)
    if (!("requestId" in turn)) return
    await untilRunStops(s.services, turn.requestId, s.published)
    await s.services.traces.settled()
    const detail = await value<ThreadDetail>(s.call("threads.get", { id: s.thread.id }))
    expect(detail.state.conversationDocs).toEqual({ "3-P1-1": s.docs.credit.id })
    expect(detail.state.pendingMention ?? null).toBeNull()
    expect(detail.turns.map((t) => t.question)).toEqual(["Koja je stopa PDV-a na @3-P1-1?"])
  })

  it("pauses an ambiguous mention with its candidates, and a fresh host on the same database resumes it", async () => {
    const s = await seeded()
    const before = dumpDatabase(s.services).traces
    const paused = await value<ThreadAskResult>(s.call("threads.ask", { threadId: s.thread.id, question: "Je li PDV na @17-P1-1 točan?", dropped: ["date"], locale: "hr" }))
    expect("paused" in paused).toBe(true)
    const pause = (paused as ThreadPaused).paused
    expect(pause.unresolved.map((u) => u.mention)).toEqual(["17-P1-1"])
    expect(pause.unresolved[0]?.candidates.map((c) => c.id).sort()).toEqual([s.docs.valid.id, s.docs.wrong.id].sort())
    // Nothing ran.
    expect(dumpDatabase(s.services).traces).toEqual(before)
    await s.close()

    // The app restarts: a new host on the same database file.
    const again = createServices({ dbPath: s.dbPath, settingsOverrides: { deliberatePauseMs: 0 }, onBackgroundError: () => {} })
    cleanups.push(() => again.close())
    const published: ReasoningEvent[] = []
    again.events.subscribe((event) => published.push(event))
    const call = host(again)
    const shown = await value<ThreadDetail>(call("threads.get", { id: s.thread.id }))
    expect(shown.state.pendingMention?.question).toBe("Je li PDV na @17-P1-1 točan?")
    // A document that was not offered is refused; the pause stays.
    const bad = await call("threads.resume", { id: s.thread.id, choices: [{ mention: "17-P1-1", documentId: s.docs.credit.id }] })
    expect(bad.ok ? null : bad.error.code).toBe("BAD_INPUT")
    const turn = await value<ThreadTurnRef>(call("threads.resume", { id: s.thread.id, choices: [{ mention: "17-P1-1", documentId: s.docs.wrong.id }] }))
    await untilRunStops(again, turn.requestId, published)
    await again.traces.settled()
    const detail = await value<ThreadDetail>(call("threads.get", { id: s.thread.id }))
    expect(detail.state.pendingMention ?? null).toBeNull()
    expect(detail.state.conversationDocs).toEqual({ "17-P1-1": s.docs.wrong.id })
    expect(detail.turns).toHaveLength(1)
    expect(detail.turns[0]).toMatchObject({ requestId: turn.requestId, question: "Je li PDV na @17-P1-1 točan?" })
    // The next mention of the same name is known to the thread: no second pause.
    const next = await value<ThreadAskResult>(call("threads.ask", { threadId: s.thread.id, question: "A koji je rok plaćanja za @17-P1-1?" }))
    expect("requestId" in next).toBe(true)
    if ("requestId" in next) await untilRunStops(again, next.requestId, published)
    await again.traces.settled()
  })

  it("dismisses a pause, and refuses a mention no document matches, in the asked language", async () => {
    const s = await seeded()
    await value(s.call("threads.ask", { threadId: s.thread.id, question: "Što piše na @17-P1-1?" }))
    await value(s.call("threads.dismiss", { id: s.thread.id }))
    const detail = await value<ThreadDetail>(s.call("threads.get", { id: s.thread.id }))
    expect(detail.state.pendingMention ?? null).toBeNull()
    const nothing = await s.call("threads.resume", { id: s.thread.id, choices: [{ mention: "17-P1-1", documentId: s.docs.valid.id }] })
    expect(nothing.ok ? null : nothing.error.code).toBe("CONFLICT")
    const missing = await s.call("threads.ask", { threadId: s.thread.id, question: "Što je @zzqqxx?", locale: "hr" })
    expect(missing.ok ? null : missing.error).toMatchObject({ code: "BAD_INPUT", message: expect.stringMatching(/nijedan dokument.*@zzqqxx/) })
  })

  it("takes a mention the user picked in the completion list as it is, without a pause", async () => {
    const s = await seeded()
    const turn = await value<ThreadAskResult>(
      s.call("threads.ask", { threadId: s.thread.id, question: "Provjeri @17-P1-1", documents: [{ mention: "17-P1-1", documentId: s.docs.valid.id }] }),
    )
    expect("requestId" in turn).toBe(true)
    if ("requestId" in turn) await untilRunStops(s.services, turn.requestId, s.published)
    await s.services.traces.settled()
    const detail = await value<ThreadDetail>(s.call("threads.get", { id: s.thread.id }))
    expect(detail.state.conversationDocs).toEqual({ "17-P1-1": s.docs.valid.id })
  })
})
