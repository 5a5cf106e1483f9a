import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import { IpcFailure } from "../../../src-shared/ipc/channel"
import { createHandlers } from "../../../src-main/handlers"
import type { HandlerTable } from "../../../src-main/ipc/handler-table"
import { createServices } from "../../../src-main/composition/services"
import { openTempServices, untilRunStops, type TempServices } from "./temp-services"

async function failureCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    if (error instanceof IpcFailure) return error.code
    throw error
  }
  throw new Error("expected a failure")
}

describe("live runs through the handler table", () => {
  let temp: TempServices
  let handlers: HandlerTable

  beforeEach(() => {
    temp = openTempServices()
    handlers = createHandlers(temp.services)
  })
  afterEach(() => temp.cleanup())

  it("returns the request id before the run's first event, then streams the whole run to subscribers", async () => {
    const seenBeforeReturn: ReasoningEvent[] = []
    const stop = temp.services.events.subscribe((event) => seenBeforeReturn.push(event))
    const { requestId } = await handlers["runs.ask"]({ question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?" })
    stop()
    expect(seenBeforeReturn).toEqual([])
    const events = await untilRunStops(temp.services, requestId)
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i))
    expect(events[0]).toMatchObject({ stage: "QUESTION_INTAKE", status: "started" })
    const answer = events.at(-1)
    expect(answer?.stage).toBe("ANSWER")
    if (answer?.stage === "ANSWER") expect(answer.data.citations.length).toBeGreaterThan(0)
    await temp.services.runs.settled()
    const stored = await handlers["traces.get"]({ requestId })
    expect(stored.events).toEqual(events)
    expect(stored.trace).toMatchObject({ status: "complete", outcome: "ANSWER" })
  })

  it("continues a run waiting for a clarification with the answer given", async () => {
    const { requestId } = await handlers["runs.ask"]({ question: "porez" })
    const untilAsked = await untilRunStops(temp.services, requestId)
    const awaiting = untilAsked.at(-1)
    expect(awaiting?.status).toBe("awaiting_input")
    const option = awaiting?.stage === "CLARIFICATION" && awaiting.status === "awaiting_input" ? awaiting.data.options?.[0] : undefined
    expect(option).toBeDefined()
    const rest = untilRunStops(temp.services, requestId, [])
    await handlers["runs.answer"]({ requestId, answer: option?.value ?? "" })
    const continued = await rest
    expect(continued[0]).toMatchObject({ stage: "CLARIFICATION", status: "complete", seq: untilAsked.length })
    expect(isTerminal(continued.at(-1) as ReasoningEvent)).toBe(true)
    await temp.services.runs.settled()
    const stored = await handlers["traces.get"]({ requestId })
    expect(stored.events).toEqual([...untilAsked, ...continued])
  })

  it("asks a second question after the first is answered, and answers it for the date chosen", async () => {
    // Vague topic first, then a day that does not exist: two rounds, each resumed from the store.
    const { requestId } = await handlers["runs.ask"]({ question: "doprinosi na dan 31.02.2025." })
    const topic = (await untilRunStops(temp.services, requestId)).at(-1)
    expect(topic).toMatchObject({
      stage: "CLARIFICATION",
      status: "awaiting_input",
      data: { reason: "topic", options: expect.arrayContaining([{ label: "Doprinos za mirovinsko osiguranje", value: "concept:doprinos-mirovinsko" }]) },
    })
    const afterTopic = untilRunStops(temp.services, requestId, [])
    await handlers["runs.answer"]({ requestId, answer: "concept:doprinos-mirovinsko" })
    const date = (await afterTopic).at(-1)
    expect(date).toMatchObject({ stage: "CLARIFICATION", status: "awaiting_input", data: { reason: "impossible-date" } })
    await temp.services.runs.settled()
    expect((await handlers["traces.get"]({ requestId })).trace.status).toBe("awaiting_input")
    const afterDate = untilRunStops(temp.services, requestId, [])
    await handlers["runs.answer"]({ requestId, answer: "2025-02-28" })
    expect((await afterDate).at(-1)).toMatchObject({
      stage: "ANSWER",
      data: { asOfDate: "2025-02-28", primaryRuleId: "doprinos.mirovinsko-20" },
    })
    await temp.services.runs.settled()
    expect((await handlers["traces.get"]({ requestId })).trace).toMatchObject({ status: "complete", asOfDate: "2025-02-28" })
  })

  it("cancels a waiting run into a refusal that says to clarify", async () => {
    const { requestId } = await handlers["runs.ask"]({ question: "porez" })
    await untilRunStops(temp.services, requestId)
    const rest = untilRunStops(temp.services, requestId, [])
    await handlers["runs.cancel"]({ requestId })
    const last = (await rest).at(-1)
    expect(last).toMatchObject({ stage: "REFUSAL", data: { reason: "NEEDS_CLARIFICATION" } })
    await temp.services.runs.settled()
    expect((await handlers["traces.get"]({ requestId })).trace.outcome).toBe("REFUSAL")
  })

  it("refuses to answer or cancel a run that is not waiting, or does not exist", async () => {
    const { requestId } = await handlers["runs.ask"]({ question: "Koja je stopa PDV-a?" })
    await untilRunStops(temp.services, requestId)
    expect(await failureCode(handlers["runs.answer"]({ requestId, answer: "da" }))).toBe("CONFLICT")
    expect(await failureCode(handlers["runs.cancel"]({ requestId }))).toBe("CONFLICT")
    expect(await failureCode(handlers["runs.cancel"]({ requestId: "no-such-run" }))).toBe("NOT_FOUND")
    expect(await failureCode(handlers["runs.ask"]({ question: "Koja je stopa PDV-a?", clientId: "no-such-client" }))).toBe("NOT_FOUND")
  })

  it("answers a clarification after a restart, from the stored run", async () => {
    const { requestId } = await handlers["runs.ask"]({ question: "porez" })
    const asked = await untilRunStops(temp.services, requestId)
    await temp.services.close()
    const reopened = createServices({ dbPath: temp.dbPath, settingsOverrides: { deliberatePauseMs: 0 }, onBackgroundError: () => {} })
    try {
      const again = createHandlers(reopened)
      expect((await again["traces.list"]({ status: "awaiting_input" })).items.map((t) => t.requestId)).toEqual([requestId])
      const rest = untilRunStops(reopened, requestId, [])
      const awaiting = asked.at(-1)
      const option = awaiting?.stage === "CLARIFICATION" && awaiting.status === "awaiting_input" ? awaiting.data.options?.[0] : undefined
      await again["runs.answer"]({ requestId, answer: option?.value ?? "" })
      expect(isTerminal((await rest).at(-1) as ReasoningEvent)).toBe(true)
      await reopened.runs.settled()
      expect((await again["traces.get"]({ requestId })).trace.status).toBe("complete")
    } finally {
      await reopened.close()
    }
  })

  it("keeps settings across a restart and tells subscribers when they change", async () => {
    const changed: number[] = []
    temp.services.settingsChanged.subscribe((settings) => changed.push(settings.deliberatePauseMs))
    expect((await handlers["settings.update"]({ deliberatePauseMs: 250, locale: "en" })).deliberatePauseMs).toBe(250)
    expect(changed).toEqual([250])
    await temp.services.close()
    const reopened = createServices({ dbPath: temp.dbPath, onBackgroundError: () => {} })
    try {
      expect(await createHandlers(reopened)["settings.get"]({})).toMatchObject({ deliberatePauseMs: 250, locale: "en" })
    } finally {
      await reopened.close()
    }
  })
})

describe("Stop on a live run", () => {
  /** Longer than any test may run: a run that waited for it would time the test out. */
  const TEN_MINUTES = 10 * 60 * 1000
  let dir: string
  let services: ReturnType<typeof createServices>
  let handlers: HandlerTable

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "fiskai-stop-"))
    services = createServices({ dbPath: join(dir, "fiskai.sqlite"), settingsOverrides: { deliberatePauseMs: TEN_MINUTES }, onBackgroundError: () => {} })
    handlers = createHandlers(services)
  })
  afterEach(async () => {
    await services.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("stops a run in its deliberate pause: the window gets the CANCELLED terminal, History the same outcome", async () => {
    const { requestId } = await handlers["runs.ask"]({ question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?" })
    // CONFIDENCE complete is the last event before the pause.
    const untilPause = new Promise<void>((resolve) => {
      const unsubscribe = services.events.subscribe((event) => {
        if (event.requestId === requestId && event.stage === "CONFIDENCE" && event.status === "complete") {
          unsubscribe()
          resolve()
        }
      })
    })
    const all = untilRunStops(services, requestId)
    await untilPause
    expect(await handlers["runs.cancel"]({ requestId })).toEqual({ requestId })
    const events = await all
    const confidence = events.findIndex((e) => e.stage === "CONFIDENCE" && e.status === "complete")
    expect(events.slice(confidence + 1).map((e) => e.stage)).toEqual(["ERROR"])
    expect(events.at(-1)).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED", message: "Obrada je zaustavljena na vaš zahtjev" } })
    await services.runs.settled()
    const stored = await handlers["traces.get"]({ requestId })
    expect(stored.events).toEqual(events)
    expect(stored.trace).toMatchObject({ status: "complete", outcome: "ERROR" })
    expect((await handlers["traces.list"]({})).items.find((t) => t.requestId === requestId)).toMatchObject({ status: "complete", outcome: "ERROR" })
    expect(await services.traces.verify(requestId)).toMatchObject({ ok: true, chainOk: true, replayOk: true })
  })

  it("stops a run asked a moment ago, before its first event", async () => {
    const { requestId } = await handlers["runs.ask"]({ question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?" })
    const all = untilRunStops(services, requestId)
    await handlers["runs.cancel"]({ requestId })
    expect((await all).at(-1)).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED" } })
    await services.runs.settled()
    expect(await services.traces.verify(requestId)).toMatchObject({ ok: true })
  })

  it("refuses to stop a run that has ended, with a message in the user's language", async () => {
    const { requestId } = await handlers["runs.ask"]({ question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?" })
    await handlers["runs.cancel"]({ requestId })
    await services.runs.settled()
    const failure = await handlers["runs.cancel"]({ requestId }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(IpcFailure)
    expect(failure).toMatchObject({ code: "CONFLICT", message: `Obrada ${requestId} je već završena, nema se što zaustaviti.` })
  })
})
