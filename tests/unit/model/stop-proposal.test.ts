import { afterEach, describe, expect, test } from "vitest"
import type { ModelEndRecord, ModelRecordData } from "../../../src-shared/events/model-record"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import type { ReasoningEngine } from "../../../src-main/engine/types"
import { EngineThread } from "../../../src-main/engine-thread/engine-thread"
import { modelCompanionFactory } from "../../../src-main/model/model-run"
import { PausedParts } from "../../../src-main/model/paused-parts"
import { RunService } from "../../../src-main/runs/run-service"
import type { ReasoningSink } from "../../../src-main/sinks/types"
import { contentDelta, finishChunk, reasoningDelta, wellBehaved, type Script } from "../../support/scripted-openai-server"
import { modelOnAt, reply } from "./model-fixtures"
import { startRoutedServer, type RoutedServer } from "./routed-server"
import { AS_OF, CLEAR_QUESTION, hrCorePack, withoutTs } from "../store/engine-fixtures"
import { openTestStore, tempDbPath } from "../store/fixtures"

// A Stop while the engine waits for the local model's reading of a question the pack cannot place
// (issue 24), over real HTTP, in process and on the engine thread: the run ends as cancelled (the
// same terminal as a Stop at any other moment, never the refusal it has without the model), the
// model's request is aborted (the server sees the connection closed), nothing is appended after the
// run ends, and the chain verifies and the replay reproduces the stop without asking the model.
// Also: with the model on, a question runs on the engine thread like any other.

const OFF_TOPIC = "Koliko košta ručak za radnike a da ne plaćam porez?"
const WEAK = "Koliko dobivam za put po Hrvatskoj bez poreza?"
/** The model thinks a little, then goes quiet (still thinking when the Stop comes). */
const THINKING: Script = [reasoningDelta("Pitanje je o troškovima radnika. "), { delayMs: 8000 }, finishChunk(), { done: true }]
/** The proposal's server stalls: the run waits for the reading until the Stop. */
const STALLED_PROPOSAL: Script = [{ delayMs: 8000 }, contentDelta('{"concept": "neop-naknada-prehrana", "attribute": "amount"}'), finishChunk(), { done: true }]

let server: RoutedServer | undefined
const threads: EngineThread[] = []
afterEach(async () => {
  await server?.close()
  server = undefined
  for (const thread of threads.splice(0)) await thread.close()
})


type EngineKind = "in process" | "on the engine thread"

/** The engine, and whether each run it started was computed on the engine thread. */
function engineOf(kind: EngineKind): { engine: ReasoningEngine; threaded: boolean[] } {
  const threaded: boolean[] = []
  if (kind === "in process") return { engine: buildAnswerWithReasoning, threaded }
  const thread = new EngineThread()
  threads.push(thread)
  const engine: ReasoningEngine = (request, deps) => {
    const run = thread.engine(request, deps)
    // Only a run computed on the thread can tell whether its next event is at hand.
    threaded.push(run.nextEventReady !== undefined)
    return run
  }
  return { engine, threaded }
}

function withModel(url: string, engine: ReasoningEngine): RunService {
  // Limits longer than the test: only the Stop ends the model's requests.
  const factory = modelCompanionFactory(modelOnAt(url, 10_000), {}, new PausedParts())
  return new RunService({ store: openTestStore(tempDbPath()), engine, pack: hrCorePack(), model: () => factory })
}

async function until(what: string, holds: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

function recordsOf(service: RunService, requestId: string): ModelRecordData[] {
  return service.reader.modelRecords(requestId).map((r) => r.data)
}

/** The terminal a Stop gives at any other moment: the deliberate pause of a model-off run. */
async function stoppedElsewhere(): Promise<ReasoningEvent> {
  const service = new RunService({ store: openTestStore(tempDbPath()), engine: buildAnswerWithReasoning, pack: hrCorePack(), engineDefaults: { deliberatePauseMs: 60_000 } })
  let requestId = ""
  const sink: ReasoningSink = { mode: "nonBlocking", write: (e) => void (e.stage === "CONFIDENCE" && e.status === "complete" && service.cancel(requestId)) }
  const started = service.start({ question: CLEAR_QUESTION, asOfDate: AS_OF }, { sinks: [sink] })
  requestId = started.requestId
  return (await started.done).event
}

describe("Stop while the model's reading is awaited", () => {
  for (const kind of ["in process", "on the engine thread"] as const) {
    for (const question of [OFF_TOPIC, WEAK]) {
      test(`${kind}, "${question}": cancelled, the request aborted, the chain verifies and the replay reproduces it`, async () => {
        server = await startRoutedServer([STALLED_PROPOSAL], [THINKING])
        const { engine, threaded } = engineOf(kind)
        const service = withModel(server.url, engine)
        const started = service.start({ question, asOfDate: AS_OF })
        const proposals = server.proposals
        await until("the proposal request reaches the server", () => proposals.received.length === 1)
        const stopped = await service.cancel(started.requestId)
        const result = await started.done
        expect(threaded).toEqual(kind === "in process" ? [] : [true])

        // One terminal, the cancelled one, right after the question's intake: no refusal, no clarification.
        expect(result.events.filter(isTerminal)).toHaveLength(1)
        expect(result.event).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED" } })
        expect(stopped.event).toEqual(result.event)
        expect(result.events.map((e) => e.stage)).not.toContain("CLARIFICATION")
        expect(result.events.at(-2)).toMatchObject({ stage: "QUESTION_INTAKE", status: "complete" })
        const elsewhere = await stoppedElsewhere()
        expect(result.event.message).toBe(elsewhere.message)
        const payload = (event: ReasoningEvent) => (event.stage === "ERROR" ? { ...event.data, correlationId: "" } : undefined)
        expect(payload(result.event)).toEqual(payload(elsewhere))
        expect(payload(result.event)).toBeDefined()

        // The proposal's request and the thinking were aborted; the server saw their connections close.
        await until("the server sees the proposal request aborted", () => proposals.received[0]?.aborted === true)
        const others = server.others
        await until("the server sees the thinking request aborted", () => others.received[0]?.aborted === true)
        const records = recordsOf(service, started.requestId)
        // No proposal was made; the model's part ends as stopped, and says where.
        expect(records.filter((r) => r.kind === "proposal")).toEqual([])
        expect(records.find((r): r is ModelEndRecord => r.kind === "end")).toMatchObject({ reason: "aborted", detail: "the run was stopped while the engine awaited the model's reading" })

        // Sealed once: nothing is appended after the run ended.
        const stored = service.get(started.requestId)
        const storedRecords = records.length
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(service.get(started.requestId)).toEqual(stored)
        expect(recordsOf(service, started.requestId)).toHaveLength(storedRecords)
        expect(stored?.trace).toMatchObject({ status: "complete", outcome: "ERROR" })
        const requests = proposals.received.length + server.others.received.length
        expect(await service.verify(started.requestId)).toEqual({ requestId: started.requestId, ok: true, chainOk: true, replayOk: true })
        // The replay read the recording: the model was not asked again.
        expect(proposals.received.length + server.others.received.length).toBe(requests)
      })
    }
  }
})

describe("with the model on, a question runs on the engine thread", () => {
    const RESUMED = wellBehaved(["Korisnik pita o naknadi za prehranu. "])
  const MEAL = "concept:neop-naknada-prehrana;attribute=amount"
  const QUICK_THINKING: Script = [reasoningDelta("Pitanje je o troškovima radnika. "), finishChunk(), { done: true }]

  async function readingAccepted(kind: EngineKind) {
    server = await startRoutedServer([reply('{"concept": "neop-naknada-prehrana", "attribute": "amount"}')], [QUICK_THINKING], [RESUMED])
    const { engine, threaded } = engineOf(kind)
    const service = withModel(server.url, engine)
    const first = await service.ask({ question: OFF_TOPIC, asOfDate: AS_OF })
    const resumed = await service.resume(first.requestId, MEAL)
    const verified = await service.verify(first.requestId)
    const events = service.get(first.requestId)?.events ?? []
    const models = recordsOf(service, first.requestId).map((r) => r.kind)
    await server.close()
    server = undefined
    return { first, resumed, verified, events, models, threaded }
  }

  test("the model's reading is asked from the thread: the same events, records and verdict as in process", async () => {
    const onThread = await readingAccepted("on the engine thread")
    const inProcess = await readingAccepted("in process")
    // The question, its resume and its verify's replay: all three on the thread.
    expect(onThread.threaded).toEqual([true, true, true])
    expect(onThread.first.event).toMatchObject({ stage: "CLARIFICATION", status: "awaiting_input", data: { reason: "interpretation" } })
    expect(onThread.resumed.event.stage).toBe("ANSWER")
    expect(onThread.verified).toMatchObject({ ok: true, chainOk: true, replayOk: true })
    const engineEvents = (events: readonly ReasoningEvent[]) => withoutTs(events.map((e) => ({ ...e, id: "", requestId: "" })))
    expect(engineEvents(onThread.events)).toEqual(engineEvents(inProcess.events))
    expect(onThread.models).toEqual(inProcess.models)
  })
})
