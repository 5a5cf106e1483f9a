import { describe, expect, test } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { createConcurrencyGate } from "../../../src-main/engine/concurrency-gate"
import { RunService, TraceStateError } from "../../../src-main/runs/run-service"
import type { ReasoningEngine } from "../../../src-main/engine/types"
import { openStore } from "../../../src-main/store/store"
import { openTestStore, tempDbPath } from "../store/fixtures"
import { AS_OF, CLEAR_QUESTION, hrCorePack, realService, VAGUE_QUESTION, withoutTs } from "../store/engine-fixtures"

describe("ask", () => {
  test("a run is stored whole, with its summary columns filled from its events", async () => {
    const service = realService()
    const result = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(result.status).toBe("complete")
    const detail = service.get(result.requestId)
    expect(detail?.events).toEqual(result.events)
    const terminal = result.events.at(-1)
    const context = result.events.find((e) => e.stage === "CONTEXT_RESOLUTION" && e.status === "complete")
    const confidence = result.events.find((e) => e.stage === "CONFIDENCE" && e.status === "complete")
    if (context?.stage !== "CONTEXT_RESOLUTION" || context.status !== "complete") throw new Error("no context event")
    if (confidence?.stage !== "CONFIDENCE" || confidence.status !== "complete") throw new Error("no confidence event")
    expect(detail?.trace).toMatchObject({
      status: "complete",
      outcome: terminal?.stage,
      question: CLEAR_QUESTION,
      asOfDate: AS_OF,
      domain: context.data.domain,
      riskTier: context.data.riskTier,
      confidence: confidence.data.score,
      eventCount: result.events.length,
      packId: hrCorePack().id,
      packHash: hrCorePack().hash,
    })
    expect(detail?.trace.ttfusMs).not.toBeNull()
    expect(detail?.trace.durationMs).not.toBeNull()
  })

  test("without a date set, a date the question names is the date the run is for", async () => {
    const store = openTestStore(tempDbPath(), () => new Date("2026-11-22T10:00:00Z"))
    const service = realService(store)
    const run = await service.ask({ question: "Koliki je prag za ulazak u sustav PDV-a na dan 1.6.2024.?" })
    const detail = service.get(run.requestId)
    expect(detail?.trace.asOfDate).toBe("2024-06-01")
    expect(run.event).toMatchObject({ data: { asOfDate: "2024-06-01" } })
    // What is frozen: the day it was asked, and no as-of date the user did not set.
    const request = JSON.parse(store.sqlite.prepare("SELECT request_json FROM traces WHERE request_id = ?").pluck().get(run.requestId) as string) as Record<string, unknown>
    expect(request).toMatchObject({ askedOn: "2026-11-22" })
    expect(request).not.toHaveProperty("asOfDate")
    // A date set on the request still wins over the question's.
    const set = await service.ask({ question: "Koliki je prag za ulazak u sustav PDV-a na dan 1.6.2024.?", asOfDate: "2025-06-01" })
    expect(service.get(set.requestId)?.trace.asOfDate).toBe("2025-06-01")
  })

  test("a run that defaulted to the day it was asked replays on that day, whatever the clock says later", async () => {
    const path = tempDbPath()
    const asked = openStore({ path, clock: () => new Date("2026-11-22T10:00:00Z") })
    const run = await realService(asked).ask({ question: CLEAR_QUESTION })
    expect(realService(asked).get(run.requestId)?.trace.asOfDate).toBe("2026-11-22")
    asked.close()
    const aYearLater = openTestStore(path, () => new Date("2027-11-22T10:00:00Z"))
    expect(await realService(aYearLater).verify(run.requestId)).toMatchObject({ ok: true })
  })

  test("a client's profile is snapshotted at the start: editing the client later changes no trace", async () => {
    const service = realService()
    const client = service.clients.save({
      name: "Obrt Ana",
      context: { entity: { type: "OBRT", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } }, counters: { revenueYtd: 65000 } },
    })
    const run = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF, clientId: client.id })
    service.clients.save({ id: client.id, name: "Obrt Ana", context: { counters: { revenueYtd: 1000 } } })
    const stored = service.get(run.requestId)
    const context = stored?.events.find((e) => e.stage === "CONTEXT_RESOLUTION" && e.status === "complete")
    expect(context?.data).toMatchObject({ clientId: client.id, evaluationContext: { counters: { revenueYtd: 65000 } } })
    expect(await service.verify(run.requestId)).toMatchObject({ ok: true })
  })
})

describe("resume and cancel", () => {
  test("a run suspended at a clarification resumes after the database is closed and reopened, exactly as an uninterrupted run", async () => {
    const path = tempDbPath()
    const firstStore = openStore({ path })
    const first = realService(firstStore)
    const suspended = await first.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF }, { requestId: "req-resume" })
    expect(suspended.status).toBe("awaiting_input")
    if (suspended.event.status !== "awaiting_input") throw new Error("not suspended")
    const option = suspended.event.data.options?.[0]?.value
    if (option === undefined) throw new Error("the clarification offers no option")
    firstStore.close()

    const reopened = realService(openTestStore(path))
    expect(reopened.get("req-resume")?.trace.status).toBe("awaiting_input")
    const resumed = await reopened.resume("req-resume", option)
    expect(resumed.status).toBe("complete")
    expect(resumed.events[0]).toMatchObject({ stage: "CLARIFICATION", status: "complete", seq: suspended.events.length })

    const uninterrupted = await realService().ask({ question: VAGUE_QUESTION, asOfDate: AS_OF }, { requestId: "req-resume", clarifications: [option] })
    const stored = reopened.get("req-resume")?.events ?? []
    expect(withoutTs(stored)).toEqual(withoutTs(uninterrupted.events))
    expect(reopened.get("req-resume")?.trace).toMatchObject({ status: "complete", outcome: uninterrupted.event.stage, eventCount: stored.length })
    expect(await reopened.verify("req-resume")).toMatchObject({ ok: true, chainOk: true, replayOk: true })
  })

  test("a suspended run is found by its question; once it ends, by its answer too", async () => {
    const service = realService()
    // Several VAT deadlines fit, so the run asks which one.
    const suspended = await service.ask({ question: "Koji je rok za PDV?", asOfDate: AS_OF })
    expect(suspended.status).toBe("awaiting_input")
    expect(service.list({ search: "rok" }).items.map((t) => t.requestId)).toEqual([suspended.requestId])
    const cancelled = await service.cancel(suspended.requestId)
    if (cancelled.event.stage !== "REFUSAL") throw new Error("not a refusal")
    // A word of the refusal message that the question does not have.
    const answerWord = cancelled.event.data.message.split(/[^\p{L}]+/u).find((w) => w.length >= 5 && !/^(koji|rok|pdv)$/i.test(w))
    if (answerWord === undefined) throw new Error("no answer word")
    expect(service.list({ search: answerWord }).items.map((t) => t.requestId)).toContain(suspended.requestId)
    expect(service.list({ search: "rok" }).items.map((t) => t.requestId)).toEqual([suspended.requestId])
  })

  test("cancel ends a suspended run in REFUSAL NEEDS_CLARIFICATION, appended to the same chain", async () => {
    const service = realService()
    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    const cancelled = await service.cancel(suspended.requestId)
    expect(cancelled.event).toMatchObject({ stage: "REFUSAL", data: { reason: "NEEDS_CLARIFICATION" } })
    expect(service.get(suspended.requestId)?.trace).toMatchObject({ status: "complete", outcome: "REFUSAL", refusalReason: "NEEDS_CLARIFICATION" })
    expect(await service.verify(suspended.requestId)).toMatchObject({ ok: true })
  })

  test("the time spent waiting for the answer counts neither in the run's duration nor in its TTFUS", async () => {
    let now = Date.parse("2025-06-01T08:00:00Z")
    const store = openStore({ path: tempDbPath(), clock: () => new Date((now += 1)) })
    const service = realService(store)
    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    const asked = suspended.events.find((e) => e.stage === "CLARIFICATION" && e.status === "awaiting_input")
    const option = asked?.stage === "CLARIFICATION" && asked.status === "awaiting_input" ? asked.data.options?.[0]?.value : undefined
    if (option === undefined) throw new Error("the vague question offers no option")
    now += 60 * 60 * 1000 // the user answers an hour later, with the first option offered
    await service.resume(suspended.requestId, option)
    const trace = service.get(suspended.requestId)?.trace
    expect(trace?.status).toBe("complete")
    // Every clock reading moves 1 ms: the run's own time is its few dozen readings.
    expect(trace?.durationMs).toBeGreaterThan(0)
    expect(trace?.durationMs).toBeLessThan(1000)
    expect(trace?.ttfusMs).toBeLessThan(1000)
    store.close()
  })

  test("a resume waits its turn like a new run: at full capacity it is refused, the run stays suspended, and a later resume works", async () => {
    const store = openTestStore()
    const gate = createConcurrencyGate(1)
    const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: hrCorePack(), engineDefaults: { gate } })
    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    expect(suspended.status).toBe("awaiting_input")
    expect(gate.tryAcquire()).toBe(true) // another run holds the only slot
    await expect(service.resume(suspended.requestId, "confirm")).rejects.toThrow(/cannot continue .* now: .*try again/)
    expect(service.get(suspended.requestId)?.trace).toMatchObject({ status: "awaiting_input", eventCount: suspended.events.length })
    gate.release()
    expect((await service.resume(suspended.requestId, "confirm")).status).toBe("complete")
  })

  test("a resume keeps the stage time limit: a replay too slow to reach the stored events is refused, nothing is written", async () => {
    let now = Date.parse("2025-06-01T08:00:00Z")
    const store = openTestStore(tempDbPath(), () => new Date((now += 1)))
    const suspended = await realService(store).ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    // Every clock reading now moves 10 s: the first replayed stage already exceeds a 5 s limit.
    const slow = openTestStore(store.path, () => new Date((now += 10_000)))
    const service = new RunService({ store: slow, engine: buildAnswerWithReasoning, pack: hrCorePack(), engineDefaults: { stageTimeoutMs: 5_000 } })
    await expect(service.resume(suspended.requestId, "confirm")).rejects.toThrow(/try again/)
    expect(service.get(suspended.requestId)?.events).toHaveLength(suspended.events.length)
    expect(service.get(suspended.requestId)?.trace.status).toBe("awaiting_input")
  })

  test("only a suspended run can be resumed, and only once", async () => {
    const service = realService()
    const done = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    await expect(service.resume(done.requestId, "confirm")).rejects.toThrow(TraceStateError)
    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    await service.resume(suspended.requestId, "cancel")
    await expect(service.resume(suspended.requestId, "cancel")).rejects.toThrow(/not waiting for a clarification/)
    await expect(service.resume("no-such-run", "x")).rejects.toThrow(/no trace/)
  })

  test("a resume whose replay differs from the stored run is refused and leaves the run suspended", async () => {
    const store = openTestStore()
    const suspended = await realService(store).ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    // An engine that words its intake differently: not the engine that produced the trace.
    const drifted: ReasoningEngine = async function* (request, deps) {
      const inner = buildAnswerWithReasoning(request, deps)
      for (let next = await inner.next(); ; next = await inner.next()) {
        if (next.done) return next.value
        yield next.value.seq === 1 ? { ...next.value, message: "reworded" } : next.value
      }
    }
    const service = new RunService({ store, engine: drifted, pack: hrCorePack() })
    await expect(service.resume(suspended.requestId, "confirm")).rejects.toThrow(/does not replay identically.*seq 1/)
    expect(service.get(suspended.requestId)?.trace).toMatchObject({ status: "awaiting_input", eventCount: suspended.events.length })
    // The genuine engine can still resume it.
    expect((await realService(store).resume(suspended.requestId, "cancel")).status).toBe("complete")
  })
})

describe("crashed runs", () => {
  test("a run left running by a closed writer is marked interrupted at the next open and stays visible", async () => {
    const path = tempDbPath()
    const store = openStore({ path })
    const stalls: ReasoningEngine = async function* (request, deps) {
      const inner = buildAnswerWithReasoning(request, deps)
      for (let next = await inner.next(); !next.done; next = await inner.next()) {
        yield next.value
        if (next.value.stage === "SOURCES" && next.value.status === "complete") await new Promise(() => {})
      }
      throw new Error("unreachable")
    }
    const service = new RunService({ store, engine: stalls, pack: hrCorePack() })
    const { requestId } = service.start({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(realService(store).get(requestId)?.trace.status).toBe("running")
    store.close()

    const reopened = openTestStore(path)
    expect(reopened.interruptedAtOpen).toEqual([requestId])
    const service2 = realService(reopened)
    const trace = service2.get(requestId)
    expect(trace?.trace.status).toBe("interrupted")
    expect(trace?.events.at(-1)).toMatchObject({ stage: "SOURCES", status: "complete" })
    // Its row is settled from the events that reached the store: chain position and summary so far.
    const context = trace?.events.find((e) => e.stage === "CONTEXT_RESOLUTION" && e.status === "complete")
    if (context?.stage !== "CONTEXT_RESOLUTION" || context.status !== "complete") throw new Error("no context event")
    expect(trace?.trace).toMatchObject({ eventCount: trace?.events.length, domain: context.data.domain, riskTier: context.data.riskTier, outcome: null, durationMs: null })
    // It got past its first source: the time to first useful stage is recovered from the events.
    expect(trace?.trace.ttfusMs).toEqual(expect.any(Number))
    expect(service2.list({ status: "interrupted" }).items.map((t) => t.requestId)).toEqual([requestId])
    expect(service2.list({ search: "PDV" }).items.map((t) => t.requestId)).toEqual([requestId])
    expect(await service2.verify(requestId)).toMatchObject({ ok: true })
  })

  test("a run whose writer is alive in this process is not marked interrupted by another open", async () => {
    const path = tempDbPath()
    const store = openTestStore(path)
    const stalls: ReasoningEngine = async function* (request, deps) {
      // Up to the first stage boundary (the trace row is written there), then it never goes on.
      for await (const event of buildAnswerWithReasoning(request, deps)) {
        yield event
        if (event.status === "complete") break
      }
      await new Promise(() => {})
      throw new Error("unreachable")
    }
    const { requestId } = new RunService({ store, engine: stalls, pack: hrCorePack() }).start({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = openTestStore(path)
    expect(second.interruptedAtOpen).toEqual([])
    expect(realService(second).get(requestId)?.trace.status).toBe("running")
    // Mid-run, its stored events continue the chain the row last recorded, and replay as a prefix.
    expect(await realService(second).verify(requestId)).toMatchObject({ ok: true })
  })
})
