import { MessagePort, parentPort, workerData } from "node:worker_threads"
import type { LoadedPack } from "../knowledge/loader"
import { validatedPack } from "../packs/validated-pack"
import { PACK_WARM_STEPS } from "../knowledge/pack-warm"
import { chainHash, GENESIS_HASH } from "../trace/hash-chain"
import { canonicalJson } from "../util/canonical-json"
import { systemClock } from "../util/clock"
import { buildAnswerWithReasoning } from "../engine/pipeline"
import { counterfactualFromEvents } from "../engine/counterfactual"
import type { ClarificationAnswer, EngineDeps, InterpretationAsk, ProposedInterpretation } from "../engine/types"
import { plainEngineSettings, type EngineJob, type FromEngineThread, type PlainInterpretationAsk, type ThreadRunSettings, type ToEngineThread } from "./messages"

// The engine thread (started by EngineThread): runs the reasoning engine (questions and what-ifs) for the main thread and
// sends each event as it comes, already in canonical JSON and hashed on a fresh chain, so the
// main thread only parses it and commits it. Runs go on while the main thread stores earlier
// stages; a run stops after an awaiting_input event until the main thread asks for more, the
// way an in-process generator waits for its consumer.

const port = parentPort
if (port === null) throw new Error("engine-worker.ts must run as a worker thread")

// Everything this thread says goes through the port EngineThread handed over (it can take messages
// from it at once; see RunChannel); what it is told arrives on parentPort.
const outbox: unknown = (workerData as { outbox?: unknown } | null)?.outbox
if (!(outbox instanceof MessagePort)) throw new Error("engine-worker.ts needs the outbox port EngineThread passes as workerData")
const post = (message: FromEngineThread): void => outbox.postMessage(message)

const packs = new Map<string, LoadedPack>()

interface ActiveRun {
  /** The run's signal on this thread: the main thread's "abort" (the user's Stop) fires it. */
  readonly abort: AbortController
  stopped: boolean
  /** Set while the run waits after an awaiting_input event: "continue" or "stop" (which sets `stopped`) resolves it. */
  resumeAfterGate: (() => void) | null
  /** Set while the engine waits for the main thread's clarify callback. */
  answer: { resolve: (answer: ClarificationAnswer) => void; reject: (error: Error) => void } | null
  /** Set while the engine waits for the main thread's proposer (issue 24). */
  proposal: ((proposal: ProposedInterpretation | null) => void) | null
}

const runs = new Map<number, ActiveRun>()

port.on("message", (message: ToEngineThread) => {
  switch (message.type) {
    case "pack":
      void addPack(message.hash, message.canonicalJson)
      break
    case "start":
      void run(message.run, message.job, message.settings)
      break
    case "abort":
      runs.get(message.run)?.abort.abort()
      break
    case "continue":
    case "stop": {
      const active = runs.get(message.run)
      if (active === undefined) break
      if (message.type === "stop") {
        active.stopped = true
        // Nobody will answer a pending clarification now: let the engine end instead of waiting.
        active.answer?.resolve({ kind: "cancel" })
        active.answer = null
        active.proposal?.(null)
        active.proposal = null
      }
      active.resumeAfterGate?.()
      active.resumeAfterGate = null
      break
    }
    case "proposal": {
      const active = runs.get(message.run)
      const pending = active?.proposal ?? null
      if (active === undefined || pending === null) break
      active.proposal = null
      pending(message.proposal)
      break
    }
    case "answer":
    case "answer-failed": {
      const active = runs.get(message.run)
      const pending = active?.answer ?? null
      if (active === undefined || pending === null) break
      active.answer = null
      if (message.type === "answer") pending.resolve(message.answer)
      else pending.reject(new Error(message.message))
      break
    }
  }
})

async function addPack(hash: string, text: string): Promise<void> {
  try {
    // The main thread sends only packs it loaded (validated) itself, so only the hash is checked
    // here (packs/validated-pack.ts): validating again held this thread, and the questions asked
    // meanwhile, 20-80 ms after each publication.
    // Sent again by a warm-up that waits for its answer: the pack this thread has, with its indexes.
    const pack = packs.get(hash) ?? validatedPack(text, hash)
    packs.set(hash, pack)
    // Its indexes before it is reported loaded (the main thread switches new questions to it
    // then), a step per turn of the event loop: runs on the previous pack go on in between.
    for (const step of PACK_WARM_STEPS) {
      await nextMacrotask()
      step(pack)
    }
    post({ type: "pack-loaded", hash })
  } catch (error) {
    post({ type: "pack-failed", hash, message: error instanceof Error ? error.message : String(error) })
  }
}

async function run(id: number, job: EngineJob, settings: ThreadRunSettings): Promise<void> {
  const active: ActiveRun = { abort: new AbortController(), stopped: false, resumeAfterGate: null, answer: null, proposal: null }
  runs.set(id, active)
  try {
    const pack = packs.get(settings.packHash)
    if (pack === undefined) throw new Error(`rule pack ${settings.packHash} was not sent to the engine thread`)
    if (settings.aborted === true) active.abort.abort()
    const deps = depsFor(id, active, pack, settings)
    const generator =
      job.kind === "question" ? buildAnswerWithReasoning(job.request, deps) : counterfactualFromEvents(job.request, job.baseEvents, deps)
    let head = GENESIS_HASH
    for await (const event of generator) {
      const eventJson = canonicalJson(event)
      const hash = chainHash(head, eventJson)
      post({ type: "event", run: id, eventJson, prevHash: head, hash })
      head = hash
      if (event.status === "awaiting_input" && !active.stopped) await gateReleased(active)
      if (active.stopped) break
      // A stage ended: let the main thread's messages in (a Stop is seen at the next stage's check;
      // the stages themselves never wait for the event loop).
      else if (settings.stoppable === true && event.status === "complete") await nextMacrotask()
    }
    post({ type: "end", run: id })
  } catch (error) {
    post({ type: "failed", run: id, message: error instanceof Error ? error.message : String(error) })
  } finally {
    runs.delete(id)
  }
}

function nextMacrotask(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** Waits until the consumer asks for the event after an awaiting_input (or stops the run). */
function gateReleased(active: ActiveRun): Promise<void> {
  return new Promise((resolve) => {
    active.resumeAfterGate = resolve
  })
}

function depsFor(id: number, active: ActiveRun, pack: LoadedPack, settings: ThreadRunSettings): EngineDeps {
  const admitted = settings.admitted
  return {
    pack,
    clock: systemClock,
    clarifications: settings.clarifications,
    ...plainEngineSettings(settings),
    ...(settings.stoppable === true ? { signal: active.abort.signal } : {}),
    // The main thread's gate decided; releasing it is the main thread's part too.
    ...(admitted === undefined ? {} : { gate: { tryAcquire: () => admitted, release: () => undefined } }),
    ...(settings.canClarify
      ? {
          clarify: (question) =>
            new Promise<ClarificationAnswer>((resolve, reject) => {
              active.answer = { resolve, reject }
              post({ type: "clarify", run: id, question })
            }),
        }
      : {}),
    ...(settings.canPropose === true ? { proposeInterpretation: (ask: InterpretationAsk) => askProposer(id, active, ask) } : {}),
  }
}

/**
 * The main thread's proposer, asked for a reading (issue 24). The engine waits for it here as it
 * waits for a clarification's answer; the Stop's "abort" arrives before the reply to a request the
 * Stop ended (the main thread sends it first), so the engine's stop check after the wait sees it.
 */
function askProposer(id: number, active: ActiveRun, ask: InterpretationAsk): Promise<ProposedInterpretation | null> {
  // The signal stays here (it cannot cross); the main thread's proposer has the run's own.
  const plain: PlainInterpretationAsk = { question: ask.question, locale: ask.locale, forSeq: ask.forSeq, asked: ask.asked, ...(ask.limitMs === undefined ? {} : { limitMs: ask.limitMs }) }
  return new Promise((resolve) => {
    active.proposal = resolve
    post({ type: "propose", run: id, ask: plain })
  })
}
