import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { TraceStats } from "../../../src-shared/traces"
import { createHandlers } from "../../../src-main/handlers"
import { createDispatcher, type Caller, type Dispatch } from "../../../src-main/ipc/dispatcher"
import { dumpDatabase, openTempServices, untilRunStops, type TempServices } from "../handlers/temp-services"

const appPage: Caller = { transport: "electron", url: "file:///app/out/renderer/index.html#/" }
const strangerPage: Caller = { transport: "electron", url: "https://evil.example/" }
const validClient = { name: "Obrt Ana", oib: "12345678903", context: { entity: { type: "OBRT", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } } } }

describe("the IPC wrapper over the real handler table", () => {
  let temp: TempServices
  let dispatch: Dispatch
  const unexpected: Array<[string, unknown]> = []

  beforeEach(() => {
    temp = openTempServices()
    unexpected.length = 0
    dispatch = createDispatcher(createHandlers(temp.services), {
      isTrustedCaller: (caller) => caller.url === appPage.url,
      onUnexpectedError: (channel, error) => void unexpected.push([channel, error]),
    })
  })
  afterEach(() => temp.cleanup())

  it("refuses every channel to an unknown sender, before looking at the input, and writes nothing", async () => {
    const before = dumpDatabase(temp.services)
    for (const [channel, input] of [
      ["clients.save", validClient],
      ["settings.update", { firmName: "Evil d.o.o." }],
      ["runs.ask", { question: "Koja je stopa PDV-a?" }],
      ["traces.list", {}],
      ["clients.save", "not even an object"],
    ] as const) {
      const result = await dispatch(channel, input, strangerPage)
      expect(result).toEqual({ ok: false, error: { code: "FORBIDDEN", message: expect.any(String) } })
    }
    expect(await dispatch("clients.list", {}, { transport: "electron", url: null })).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } })
    await temp.services.runs.settled()
    expect(dumpDatabase(temp.services)).toEqual(before)
    expect(temp.published).toEqual([])
  })

  it("answers malformed input with BAD_INPUT naming the field, and changes nothing", async () => {
    const before = dumpDatabase(temp.services)
    const badOib = await dispatch("clients.save", { ...validClient, oib: "123" }, appPage)
    expect(badOib).toEqual({
      ok: false,
      error: { code: "BAD_INPUT", message: "invalid input at oib: OIB must be 11 digits", issues: [{ path: "oib", message: "OIB must be 11 digits" }] },
    })
    const badVat = await dispatch("clients.save", { ...validClient, context: { entity: { ...validClient.context.entity, vat: { status: "MAYBE" } } } }, appPage)
    expect(badVat.ok).toBe(false)
    if (!badVat.ok) expect(badVat.error.issues?.[0]?.path).toBe("context.entity.vat.status")
    const extraKey = await dispatch("settings.update", { deliberatePauseMs: 100, isAdmin: true }, appPage)
    expect(extraKey).toMatchObject({ ok: false, error: { code: "BAD_INPUT" } })
    const outOfRange = await dispatch("settings.update", { deliberatePauseMs: 60_000 }, appPage)
    expect(outOfRange).toMatchObject({ ok: false, error: { code: "BAD_INPUT", issues: [{ path: "deliberatePauseMs" }] } })
    const emptyQuestion = await dispatch("runs.ask", { question: "   " }, appPage)
    expect(emptyQuestion).toMatchObject({ ok: false, error: { code: "BAD_INPUT", issues: [{ path: "question", message: "question is empty" }] } })
    const badDate = await dispatch("runs.ask", { question: "Koja je stopa PDV-a?", asOfDate: "2025-13-01" }, appPage)
    expect(badDate).toMatchObject({ ok: false, error: { code: "BAD_INPUT", issues: [{ path: "asOfDate" }] } })
    for (const junk of [null, undefined, 42, "x", [], { requestId: 7 }]) {
      expect(await dispatch("traces.get", junk, appPage)).toMatchObject({ ok: false, error: { code: "BAD_INPUT" } })
    }
    await temp.services.runs.settled()
    expect(dumpDatabase(temp.services)).toEqual(before)
    expect(temp.published).toEqual([])
  })

  it("refuses an input that breaks the schema check itself as BAD_INPUT, not as an internal failure", async () => {
    // Found by the IPC fuzz (seed 1105448479): zod's length check stringifies an array `length`,
    // and an element without a usable toString makes it throw inside safeParse.
    const noToString = Object.create(null) as object
    const result = await dispatch("rules.publish", { changeIds: { length: [noToString] }, actor: "x" }, appPage)
    expect(result).toMatchObject({ ok: false, error: { code: "BAD_INPUT", message: "invalid input: its shape could not be read" } })
    expect(unexpected).toEqual([])
  })

  it("answers an unknown channel with NOT_FOUND, including inherited object keys", async () => {
    for (const channel of ["deleteEverything", "constructor", "__proto__", "toString", "ask", "reasoning:ask", "runs", "runs.constructor", "runs.event"]) {
      expect(await dispatch(channel, {}, appPage)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } })
    }
  })

  it("passes valid input through to the services and returns the contract's output", async () => {
    const saved = await dispatch("clients.save", validClient, appPage)
    expect(saved).toMatchObject({ ok: true, value: { name: "Obrt Ana", oib: "12345678903" } })
    expect(await dispatch("clients.list", {}, appPage)).toMatchObject({ ok: true, value: [{ name: "Obrt Ana" }] })
    const asked = await dispatch("runs.ask", { question: "Koja je stopa PDV-a?" }, appPage)
    expect(asked.ok).toBe(true)
    if (!asked.ok) return
    const { requestId } = asked.value as { requestId: string }
    const events = await untilRunStops(temp.services, requestId)
    expect(events.at(-1)?.stage).toBe("ANSWER")
  })

  it("maps a store failure to a typed error and an unexpected one to INTERNAL without details", async () => {
    expect(await dispatch("traces.get", { requestId: "no-such-run" }, appPage)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } })
    temp.services.store.close()
    const broken = await dispatch("traces.list", {}, appPage)
    expect(broken).toEqual({ ok: false, error: { code: "INTERNAL", message: "internal error; see the application log" } })
    expect(unexpected.map(([channel]) => channel)).toEqual(["traces.list"])
  })

  it("fails closed when a handler returns data outside the contract", async () => {
    const handlers = createHandlers(temp.services)
    const leaky = createDispatcher(
      { ...handlers, "traces.stats": async () => ({ total: "lots" }) as unknown as TraceStats },
      { isTrustedCaller: () => true, onUnexpectedError: (channel, error) => void unexpected.push([channel, error]) },
    )
    expect(await leaky("traces.stats", {}, appPage)).toMatchObject({ ok: false, error: { code: "INTERNAL" } })
    expect(unexpected.map(([channel]) => channel)).toEqual(["traces.stats"])
  })
})
