import { spawnSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { afterEach, describe, expect, test } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { createConcurrencyGate } from "../../../src-main/engine/concurrency-gate"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { EngineThread, EngineThreadError } from "../../../src-main/engine-thread/engine-thread"
import type { EngineDeps, EngineRequest } from "../../../src-main/engine/types"
import { chainEvent, chainHash, GENESIS_HASH } from "../../../src-main/trace/hash-chain"
import type { EngineRun } from "../../../src-main/engine/types"
import { RunService } from "../../../src-main/runs/run-service"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import { systemClock } from "../../../src-main/util/clock"
import { AS_OF, CLEAR_QUESTION, hrCorePack, VAGUE_QUESTION, withoutTs } from "../store/engine-fixtures"
import { openTestStore, tempDir } from "../store/fixtures"
import { drain } from "../engine/helpers"

// The engine on its own thread must be the same engine: the same events (timestamps aside) and
// the same result for every question, clarifications and capacity limits included; and a run
// whose thread fails must fail, never hang.

const threads: EngineThread[] = []
afterEach(async () => {
  for (const thread of threads.splice(0)) await thread.close()
})

function newThread(options: ConstructorParameters<typeof EngineThread>[0] = {}): EngineThread {
  const thread = new EngineThread(options)
  threads.push(thread)
  return thread
}

function request(question: string, extra: Partial<EngineRequest> = {}): EngineRequest {
  return { requestId: "01a20384-8282-7000-b42a-773b4ed81398", question, asOfDate: AS_OF, askedOn: AS_OF, ...extra }
}

function deps(extra: Partial<EngineDeps> = {}): EngineDeps {
  return { pack: hrCorePack(), clock: systemClock, deliberatePauseMs: 0, ...extra }
}

const QUESTIONS = [
  CLEAR_QUESTION,
  "Kolika je opća stopa PDV-a?",
  "What is the VAT registration threshold in Croatia?",
  "asdf qwer zxcv",
  "Koliki je prag za ulazak u sustav PDV-a na dan 1.6.2024.?",
]

describe("the engine thread", () => {
  test("yields the events and result the in-process engine yields, for every kind of question", async () => {
    const thread = newThread()
    for (const question of QUESTIONS) {
      // A question that names its own date is asked without another one (the two would disagree).
      const asked = (): EngineRequest => {
        const { asOfDate, ...undated } = request(question)
        return /\d{4}/.test(question) ? undated : { ...undated, asOfDate }
      }
      const onThread = await drain(thread.engine(asked(), deps()))
      const inProcess = await drain(buildAnswerWithReasoning(asked(), deps()))
      expect(withoutTs(onThread.events), question).toEqual(withoutTs(inProcess.events))
      expect(onThread.terminal, question).toEqual(inProcess.terminal)
    }
  })

  test("its events come frozen, chained exactly as the store would chain them", async () => {
    const { events } = await drain(newThread().engine(request(CLEAR_QUESTION), deps()))
    let head = GENESIS_HASH
    for (const event of events) {
      expect(everyObjectFrozen(event)).toBe(true)
      const chained = chainEvent(head, event)
      expect(chained.eventJson).toBe(canonicalJson(event))
      expect(chained.hash).toBe(chainHash(head, canonicalJson(event)))
      head = chained.hash
    }
    // On another chain (a resumed run continues a stored one) the hash is computed afresh.
    const first = events[0] as ReasoningEvent
    const elsewhere = "f".repeat(64)
    expect(chainEvent(elsewhere, first).hash).toBe(chainHash(elsewhere, canonicalJson(first)))
  })

  test("runs given advance answers, or a clarify callback, go through the clarification as in process", async () => {
    const thread = newThread()
    const suspended = await firstUntilInput(thread.engine(request(VAGUE_QUESTION), deps()))
    const question = suspended.at(-1)
    if (question?.status !== "awaiting_input") throw new Error("no clarification question")
    const answer = question.data.options?.[0]?.value ?? ""
    const answered = await drain(thread.engine(request(VAGUE_QUESTION), deps({ clarifications: [answer] })))
    const answeredInProcess = await drain(buildAnswerWithReasoning(request(VAGUE_QUESTION), deps({ clarifications: [answer] })))
    expect(withoutTs(answered.events)).toEqual(withoutTs(answeredInProcess.events))

    const asked: string[] = []
    const viaCallback = await drain(
      thread.engine(request(VAGUE_QUESTION), deps({ clarify: async (question) => (asked.push(question.question), { kind: "answer", value: answer }) })),
    )
    expect(asked).toHaveLength(1)
    expect(withoutTs(viaCallback.events)).toEqual(withoutTs(answeredInProcess.events))

    const cancelled = await drain(thread.engine(request(VAGUE_QUESTION), deps({ clarify: async () => ({ kind: "cancel" }) })))
    expect(cancelled.terminal).toMatchObject({ outcome: "REFUSAL", reason: "NEEDS_CLARIFICATION" })

    const failing = await drain(thread.engine(request(VAGUE_QUESTION), deps({ clarify: () => Promise.reject(new Error("window closed")) })))
    const failingInProcess = await drain(buildAnswerWithReasoning(request(VAGUE_QUESTION), deps({ clarify: () => Promise.reject(new Error("window closed")) })))
    expect(failing.terminal).toEqual(failingInProcess.terminal)
  })

  test("a run the consumer stops at a clarification ends on the thread too; later runs are unaffected", async () => {
    const thread = newThread()
    for (let i = 0; i < 3; i++) await firstUntilInput(thread.engine(request(VAGUE_QUESTION), deps()))
    const after = await drain(thread.engine(request(CLEAR_QUESTION), deps()))
    expect(after.terminal?.outcome).toBe("ANSWER")
  })

  test("the capacity gate is asked on the calling thread: a full gate ends the run in ERROR CAPACITY, and every run gives its place back", async () => {
    const thread = newThread()
    const gate = createConcurrencyGate(1)
    const holder = thread.engine(request(VAGUE_QUESTION), deps({ gate }))
    await holder.next()
    const refused = await drain(thread.engine(request(CLEAR_QUESTION), deps({ gate })))
    expect(refused.terminal).toMatchObject({ outcome: "ERROR", code: "CAPACITY" })
    await holder.return(undefined as never)
    const admitted = await drain(thread.engine(request(CLEAR_QUESTION), deps({ gate })))
    expect(admitted.terminal?.outcome).toBe("ANSWER")
    expect(gate.tryAcquire()).toBe(true)
  })

  test("runs at once are kept apart", async () => {
    const thread = newThread()
    const ids = ["a", "b", "c", "d"].map((c) => `01a20384-8282-7000-b42a-77300000000${c}`)
    const outcomes = await Promise.all(ids.map((requestId, i) => drain(thread.engine(request(QUESTIONS[i % QUESTIONS.length] ?? "", { requestId }), deps()))))
    outcomes.forEach((outcome, i) => {
      expect(new Set(outcome.events.map((e) => e.requestId))).toEqual(new Set([ids[i]]))
      expect(outcome.events.map((e) => e.seq)).toEqual(outcome.events.map((_, seq) => seq))
    })
  })

  test("a run given another clock than the wall clock stays in process, on that clock", async () => {
    const pinned = () => new Date("2024-02-03T04:05:06.000Z")
    const { events } = await drain(newThread().engine(request(CLEAR_QUESTION), deps({ clock: pinned })))
    expect(new Set(events.map((e) => e.ts))).toEqual(new Set(["2024-02-03T04:05:06.000Z"]))
  })

  test("a pack the thread cannot load fails the run with the reason", async () => {
    const pack = hrCorePack()
    const wrong = { ...pack, hash: "0".repeat(64) }
    await expect(drain(newThread().engine(request(CLEAR_QUESTION), deps({ pack: wrong })))).rejects.toThrow(/could not load rule pack 0{64}: the pack's content hashes to/)
  })

  test("warms up ahead of the first run: the pack is loaded, or the reason it cannot be is told at once", async () => {
    const thread = newThread()
    await expect(thread.warmUp(hrCorePack())).resolves.toBeUndefined()
    expect((await drain(thread.engine(request(CLEAR_QUESTION), deps()))).terminal?.outcome).toBe("ANSWER")
    const wrong = { ...hrCorePack(), hash: "1".repeat(64) }
    await expect(newThread().warmUp(wrong)).rejects.toThrow(/could not load rule pack 1{64}/)
  })

  test("a thread that dies fails its runs instead of leaving them waiting", async () => {
    const entry = join(tempDir(), "dying-worker.mjs")
    writeFileSync(entry, "process.exit(3)\n")
    const thread = newThread({ workerEntry: { url: pathToFileURL(entry), execArgv: [] } })
    await expect(drain(thread.engine(request(CLEAR_QUESTION), deps()))).rejects.toThrow(EngineThreadError)
    await expect(drain(thread.engine(request(CLEAR_QUESTION), deps()))).rejects.toThrow(/exit code 3/)
  })

  test("tells whether a run's next event is at hand from what the thread has posted, without a turn of the event loop", async () => {
    const run = newThread().engine(request(CLEAR_QUESTION), deps())
    const nextEventReady = run.nextEventReady
    if (nextEventReady === undefined) throw new Error("the engine thread's runs tell whether their next event is at hand")
    const first = await run.next()
    expect(first.done).toBe(false)
    // No await from here on: the event loop cannot deliver the thread's messages; only the probe can take them.
    const deadline = Date.now() + 10_000
    let ready = nextEventReady()
    while (!ready && Date.now() < deadline) ready = nextEventReady()
    expect(ready).toBe(true)
    const rest = await drain(run)
    expect(rest.terminal?.outcome).toBe("ANSWER")
    // After the terminal only the run's end comes, which is not an event.
    let sawEvent = false
    const until = Date.now() + 200
    while (Date.now() < until) sawEvent ||= nextEventReady()
    expect(sawEvent).toBe(false)
    // The in-process engine cannot tell: it computes an event only when asked for it.
    const inProcess: EngineRun = buildAnswerWithReasoning(request(CLEAR_QUESTION), deps())
    expect(inProcess.nextEventReady).toBeUndefined()
  })

  test("what a thread posted before it died still reaches the run, then the run fails", async () => {
    const { events } = await drain(buildAnswerWithReasoning(request(CLEAR_QUESTION), deps()))
    const first = events[0] as ReasoningEvent
    const eventJson = canonicalJson(first)
    const sealed = { eventJson, prevHash: GENESIS_HASH, hash: chainHash(GENESIS_HASH, eventJson) }
    const entry = join(tempDir(), "posts-then-dies.mjs")
    writeFileSync(
      entry,
      `import { parentPort, workerData } from "node:worker_threads"
parentPort.on("message", (message) => {
  if (message.type !== "start") return
  workerData.outbox.postMessage({ type: "event", run: message.run, ...${JSON.stringify(sealed)} })
  process.exit(3)
})
`,
    )
    const thread = newThread({ workerEntry: { url: pathToFileURL(entry), execArgv: [] } })
    const service = new RunService({ store: openTestStore(), engine: thread.engine, pack: hrCorePack() })
    const started = service.start({ question: CLEAR_QUESTION, asOfDate: AS_OF }, { requestId: first.requestId })
    await expect(started.done).rejects.toThrow(/exit code 3/)
    expect(service.get(started.requestId)).toMatchObject({ trace: { status: "interrupted" }, events: [{ seq: 0, stage: first.stage, status: first.status }] })
  })

  test("a warm-up keeps the process alive until the pack is loaded; an idle thread then lets it exit", async () => {
    const root = join(import.meta.dirname, "..", "..", "..")
    const child = spawnSync(join(root, "node_modules", ".bin", "node"), ["--import", "tsx", join(import.meta.dirname, "support", "warm-up-child.ts")], {
      cwd: root,
      encoding: "utf8",
      timeout: 60_000,
    })
    expect(child.stderr).toBe("")
    expect(child.stdout).toBe("warm\nanswered ANSWER\n")
    expect(child.status).toBe(0)
  }, 90_000)

  test("a run after close() runs in process", async () => {
    const thread = newThread()
    await thread.close()
    const { terminal } = await drain(thread.engine(request(CLEAR_QUESTION), deps()))
    expect(terminal?.outcome).toBe("ANSWER")
  })
})

describe("the trace service on the engine thread", () => {
  test("stores runs that verify, and suspends, resumes and cancels them as in process", async () => {
    const thread = newThread()
    const service = new RunService({ store: openTestStore(), engine: thread.engine, pack: hrCorePack() })
    const answered = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(answered.status).toBe("complete")
    expect(await service.verify(answered.requestId)).toMatchObject({ ok: true, chainOk: true, replayOk: true })

    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    expect(suspended.status).toBe("awaiting_input")
    if (suspended.event.status !== "awaiting_input") throw new Error("not suspended")
    const option = suspended.event.data.options?.[0]?.value ?? ""
    const resumed = await service.resume(suspended.requestId, option)
    expect(resumed.status).toBe("complete")
    expect(await service.verify(suspended.requestId)).toMatchObject({ ok: true })

    const toCancel = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    const cancelled = await service.cancel(toCancel.requestId)
    expect(cancelled.event).toMatchObject({ stage: "REFUSAL", data: { reason: "NEEDS_CLARIFICATION" } })
    expect(await service.verify(toCancel.requestId)).toMatchObject({ ok: true })
  })

  test("a run is in the store, running, from the moment it starts; one that fails before its first event stays as interrupted and verifies", async () => {
    const thread = newThread()
    const service = new RunService({ store: openTestStore(), engine: thread.engine, pack: hrCorePack() })
    const started = service.start({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    expect(service.get(started.requestId)).toMatchObject({ trace: { status: "running" }, events: [] })
    expect((await started.done).events.length).toBe(service.get(started.requestId)?.events.length)

    const wrongPack = { ...hrCorePack(), hash: "2".repeat(64) }
    const failing = new RunService({ store: openTestStore(), engine: newThread().engine, pack: wrongPack })
    const failed = failing.start({ question: CLEAR_QUESTION, asOfDate: AS_OF })
    await expect(failed.done).rejects.toThrow(/could not load rule pack 2{64}/)
    expect(failing.get(failed.requestId)).toMatchObject({ trace: { status: "interrupted" }, events: [] })
    expect(await failing.verify(failed.requestId)).toMatchObject({ chainOk: true })
  })
})

function everyObjectFrozen(value: unknown): boolean {
  if (value === null || typeof value !== "object") return true
  return Object.isFrozen(value) && Object.values(value).every(everyObjectFrozen)
}

/** The events up to the first awaiting_input; then the consumer stops, as a suspending one does. */
async function firstUntilInput(generator: AsyncGenerator<ReasoningEvent, unknown>): Promise<ReasoningEvent[]> {
  const events: ReasoningEvent[] = []
  for await (const event of generator) {
    events.push(event)
    if (event.status === "awaiting_input") break
  }
  return events
}
