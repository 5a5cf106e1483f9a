import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads"
import { isTerminal, terminalPayloadOf, type ReasoningEvent, type TerminalPayload } from "../../src-shared/events/event"
import type { ClarificationPayload } from "../../src-shared/events/payloads"
import type { LoadedPack } from "../knowledge/loader"
import { openSealedEvent } from "../trace/hash-chain"
import type { EngineRun, ReasoningEngine } from "../engine/types"
import { systemClock } from "../util/clock"
import { resolveWorkerEntry, type WorkerEntry } from "../util/worker-entry"
import { buildAnswerWithReasoning } from "../engine/pipeline"
import { counterfactualFromEvents, type CounterfactualEngine } from "../engine/counterfactual"
import type { EngineDeps, ProposedInterpretation } from "../engine/types"
import { plainEngineSettings, type EngineJob, type FromEngineThread, type PlainInterpretationAsk, type ThreadRunSettings, type ToEngineThread } from "./messages"
import { RunChannel } from "./run-channel"

// The reasoning engine on a worker thread of its own, behind the same ReasoningEngine signature as
// the in-process one. The engine thread computes a run's stages, writes each event's canonical
// JSON and hashes it while the main thread commits the stages before it, so a persisted run costs
// the main thread a parse and the SQLite work only (the engine never blocks the app's main
// process). The worker starts at warmUp (else with the first run) and serves every run after it,
// several at once. Its messages come through a channel of their own, which the main thread can
// read at once (receiveMessageOnPort): a run's next event, already posted, is taken without a
// turn of the event loop, and each run can tell whether its next event is at hand
// (EngineRun.nextEventReady, which the audit sink uses to commit boundaries that came together).
//
// Functions cannot cross threads. The capacity gate is asked here and its answer sent along; a
// clarify callback, and the local model's proposer (issue 24), are called here when the engine
// thread asks, and their answers sent back. The clock is the wall clock on both threads: a run
// given any other clock (tests, pinned replays) runs in process instead.

export interface EngineThreadOptions {
  /** The worker's entry; by default the built engine-worker.js beside this module, else the TypeScript source via tsx. */
  workerEntry?: WorkerEntry
}

export class EngineThreadError extends Error {}

export class EngineThread {
  readonly engine: ReasoningEngine
  /** What-if runs on the same thread, through the same capacity gate and Stop as questions. */
  readonly counterfactualEngine: CounterfactualEngine
  private worker: Worker | null = null
  /** Where the worker's messages arrive (a channel of their own, so that they can be taken at once: see RunChannel). */
  private inbox: MessagePort | null = null
  private packsSent = new Set<string>()
  /** Warm-ups waiting to hear that the worker has loaded a pack, by the pack's hash. */
  private readonly packWaiters = new Map<string, { resolve: () => void; reject: (error: Error) => void }[]>()
  private readonly runs = new Map<number, RunChannel>()
  private nextRunId = 1
  private closed = false
  private readonly entry: WorkerEntry

  constructor(options: EngineThreadOptions = {}) {
    this.entry = options.workerEntry ?? resolveWorkerEntry(import.meta.url, "engine-worker", "./engine-worker.ts")
    this.engine = (request, deps) => this.run({ kind: "question", request }, deps)
    this.counterfactualEngine = (request, baseEvents, deps) =>
      this.run({ kind: "counterfactual", request, baseEvents }, { ...deps, counterfactualOf: request.counterfactualOf })
  }

  /**
   * Starts the worker and has it load `pack` ahead of the first run, so that the first question
   * does not wait for either. Resolves once the pack is loaded; rejects with the reason when the
   * worker cannot load it (or dies).
   */
  warmUp(pack: LoadedPack): Promise<void> {
    if (this.closed) return Promise.reject(new EngineThreadError("the engine thread was closed"))
    const loaded = new Promise<void>((resolve, reject) => {
      const waiting = this.packWaiters.get(pack.hash) ?? []
      waiting.push({ resolve, reject })
      this.packWaiters.set(pack.hash, waiting)
    })
    const worker = this.startedWorker()
    // Sent again even if sent before: the answer is what the caller waits for.
    this.packsSent.delete(pack.hash)
    this.sendPack(worker, pack)
    return loaded
  }

  /** Stops the worker; runs still going end with an error (their traces are marked interrupted). */
  async close(): Promise<void> {
    this.closed = true
    const worker = this.worker
    this.forgetWorker(new EngineThreadError("the engine thread was closed"))
    if (worker !== null) await worker.terminate()
  }

  private run(job: EngineJob, deps: EngineDeps): EngineRun {
    if (deps.clock !== systemClock || this.closed) return inProcess(job, deps)
    const channel = new RunChannel(deps, () => this.collect())
    return Object.assign(this.events(job, channel), { nextEventReady: () => channel.nextEventReady() })
  }

  private async *events(job: EngineJob, channel: RunChannel): AsyncGenerator<ReasoningEvent, TerminalPayload> {
    const { deps } = channel
    if (this.closed) return yield* inProcess(job, deps)
    const admitted = deps.gate?.tryAcquire()
    const id = this.nextRunId++
    this.runs.set(id, channel)
    let finished = false
    let worker: Worker | null = null
    let stopListener: (() => void) | null = null
    try {
      worker = this.startedWorker()
      this.sendPack(worker, deps.pack)
      this.send(worker, { type: "start", run: id, job, settings: settingsOf(deps, admitted) })
      // The user's Stop crosses as a message: the run's signal fires on the engine thread.
      const started = worker
      stopListener = () => this.send(started, { type: "abort", run: id })
      if (deps.signal?.aborted === true) stopListener()
      else deps.signal?.addEventListener("abort", stopListener, { once: true })
      for (;;) {
        const delivery = await channel.take()
        if (delivery.kind === "failed") throw delivery.error
        if (delivery.kind === "end") throw new EngineThreadError("the engine thread ended a run without a terminal event")
        const { event } = delivery
        if (isTerminal(event)) {
          finished = true
          yield event
          return terminalPayloadOf(event)
        }
        yield event
        // The consumer asked for more after a clarification question: the run may go on.
        if (event.status === "awaiting_input") this.send(worker, { type: "continue", run: id })
      }
    } finally {
      if (stopListener !== null) deps.signal?.removeEventListener("abort", stopListener)
      this.runs.delete(id)
      if (!finished && worker !== null && worker === this.worker) this.send(worker, { type: "stop", run: id })
      if (admitted === true) deps.gate?.release()
      this.releaseIfIdle()
    }
  }

  private startedWorker(): Worker {
    if (this.worker !== null) {
      this.keepAlive(true)
      return this.worker
    }
    const { port1: inbox, port2: outbox } = new MessageChannel()
    const worker = new Worker(this.entry.url, { execArgv: this.entry.execArgv, workerData: { outbox }, transferList: [outbox] })
    inbox.on("message", (message: FromEngineThread) => this.receive(message))
    worker.on("error", (error) => this.lost(worker, `the engine thread failed: ${error.message}`))
    worker.on("exit", (code) => this.lost(worker, `the engine thread stopped (exit code ${code})`))
    this.worker = worker
    this.inbox = inbox
    this.packsSent = new Set()
    return worker
  }

  /** Nothing waits on the worker (no run, no warm-up): it no longer keeps the process alive. */
  private releaseIfIdle(): void {
    if (this.runs.size === 0 && this.packWaiters.size === 0) this.keepAlive(false)
  }

  /** The worker and its inbox keep the process alive only while a run or a warm-up waits on them. */
  private keepAlive(alive: boolean): void {
    if (alive) {
      this.worker?.ref()
      this.inbox?.ref()
    } else {
      this.worker?.unref()
      this.inbox?.unref()
    }
  }

  /** Hands every message the worker has posted so far to its run, without waiting for the event loop. */
  private collect(): void {
    const inbox = this.inbox
    if (inbox === null) return
    for (let next = receiveMessageOnPort(inbox); next !== undefined; next = receiveMessageOnPort(inbox))
      this.receive(next.message as FromEngineThread)
  }

  private sendPack(worker: Worker, pack: LoadedPack): void {
    if (this.packsSent.has(pack.hash)) return
    this.send(worker, { type: "pack", hash: pack.hash, canonicalJson: pack.canonicalJson })
    this.packsSent.add(pack.hash)
  }

  private send(worker: Worker, message: ToEngineThread): void {
    worker.postMessage(message)
  }

  private receive(message: FromEngineThread): void {
    if (message.type === "pack-loaded") {
      for (const waiter of this.takePackWaiters(message.hash)) waiter.resolve()
      this.releaseIfIdle()
      return
    }
    if (message.type === "pack-failed") {
      this.packsSent.delete(message.hash)
      const error = new EngineThreadError(`the engine thread could not load rule pack ${message.hash}: ${message.message}`)
      for (const waiter of this.takePackWaiters(message.hash)) waiter.reject(error)
      this.releaseIfIdle()
      for (const channel of this.runs.values()) if (channel.deps.pack.hash === message.hash) channel.deliver({ kind: "failed", error })
      return
    }
    const channel = this.runs.get(message.run)
    if (channel === undefined) return // a stopped run's last words
    switch (message.type) {
      case "event":
        channel.deliver({ kind: "event", event: openSealedEvent(message) })
        break
      case "end":
        channel.deliver({ kind: "end" })
        break
      case "failed":
        channel.deliver({ kind: "failed", error: new EngineThreadError(`the engine failed on its thread: ${message.message}`) })
        break
      case "clarify":
        this.askClarify(message.run, channel, message.question)
        break
      case "propose":
        this.askProposer(message.run, channel, message.ask)
        break
    }
  }

  /**
   * The local model's reading, asked for by the engine thread (issue 24): the proposer runs here
   * with the run's own Stop signal, which aborts its request; the "abort" message that signal sends
   * was posted before this reply, so the engine sees the Stop at its check after the wait.
   */
  private askProposer(run: number, channel: RunChannel, ask: PlainInterpretationAsk): void {
    const { proposeInterpretation: propose, signal } = channel.deps
    const worker = this.worker
    if (worker === null) return
    const reply = (proposal: ProposedInterpretation | null) => this.send(worker, { type: "proposal", run, proposal })
    if (propose === undefined) reply(null)
    else propose({ ...ask, ...(signal === undefined ? {} : { signal }) }).then(reply, () => reply(null))
  }

  private askClarify(run: number, channel: RunChannel, question: ClarificationPayload): void {
    const clarify = channel.deps.clarify
    const worker = this.worker
    if (clarify === undefined || worker === null) return
    clarify(question).then(
      (answer) => this.send(worker, { type: "answer", run, answer }),
      (error: unknown) => this.send(worker, { type: "answer-failed", run, message: error instanceof Error ? error.message : String(error) }),
    )
  }

  /** The worker died: every run it had fails, and the next run starts a new one. */
  private lost(worker: Worker, reason: string): void {
    if (worker !== this.worker) return
    // What it posted before it died still reaches its runs (their traces keep those events).
    this.collect()
    this.forgetWorker(new EngineThreadError(reason))
  }

  private forgetWorker(error: Error): void {
    this.worker = null
    this.inbox?.close()
    this.inbox = null
    this.packsSent = new Set()
    for (const channel of this.runs.values()) channel.deliver({ kind: "failed", error })
    for (const hash of [...this.packWaiters.keys()]) for (const waiter of this.takePackWaiters(hash)) waiter.reject(error)
  }

  private takePackWaiters(hash: string): { resolve: () => void; reject: (error: Error) => void }[] {
    const waiting = this.packWaiters.get(hash) ?? []
    this.packWaiters.delete(hash)
    return waiting
  }
}

function settingsOf(deps: EngineDeps, admitted: boolean | undefined): ThreadRunSettings {
  return {
    packHash: deps.pack.hash,
    clarifications: [...(deps.clarifications ?? [])],
    canClarify: deps.clarify !== undefined,
    ...(deps.proposeInterpretation === undefined ? {} : { canPropose: true }),
    stoppable: deps.signal !== undefined,
    ...(deps.signal?.aborted === true ? { aborted: true } : {}),
    ...plainEngineSettings(deps),
    ...(admitted === undefined ? {} : { admitted }),
  }
}

/** The same job computed on the calling thread (a pinned clock, or after close). */
function inProcess(job: EngineJob, deps: EngineDeps): AsyncGenerator<ReasoningEvent, TerminalPayload> {
  return job.kind === "question" ? buildAnswerWithReasoning(job.request, deps) : counterfactualFromEvents(job.request, job.baseEvents, deps)
}
