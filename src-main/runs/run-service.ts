import { newRequestId } from "../util/request-id"
import { isTerminal, type ReasoningEvent, type TerminalEvent } from "../../src-shared/events/event"
import type { Locale } from "../../src-shared/events/stages"
import type { CounterfactualRequest, WhatIfChange } from "../../src-shared/whatif"
import type { BaseRun } from "../whatif/base-run"
import type { ResolvedChanges } from "../whatif/changes"
import { counterfactualFromEvents, type CounterfactualEngine } from "../engine/counterfactual"
import { counterfactualRequest } from "../whatif/counterfactual"
import type { TracePage, TracePageRequest, TraceStats, VerifyResult } from "../../src-shared/traces"
import type { EngineDeps, EngineRun, ProposedInterpretation, ReasoningEngine } from "../engine/types"
import { freezeRequest, type AskRequest } from "./frozen-request"
import type { LoadedPack } from "../knowledge/loader"
import { AuditSink, type AuditSinkOptions, type ChainPosition } from "../sinks/audit-sink"
import { consumeReasoning } from "../sinks/consumer"
import { MetricsSink, type RunMetrics } from "../sinks/metrics-sink"
import type { AwaitingEvent, ReasoningSink } from "../sinks/types"
import { canonicalJson } from "../util/canonical-json"
import { ClientsRepository } from "../store/clients-repo"
import { allRequestIds, listTraces } from "../store/history"
import { purgeOlderThan, type PurgeResult } from "../store/purge"
import { afterStoredPrefix, recordedAnswers, ReplayMismatchError } from "../trace/replay"
import { SettingsRepository } from "../store/settings-repo"
import { parseStoredRequest } from "../store/stored-request"
import { traceStats } from "../store/stats"
import type { Store } from "../store/store"
import { RunAlreadyEndedError, TraceStateError } from "./run-errors"
import { TraceReader } from "../store/trace-reader"
import { TraceWriter, type NewTrace } from "../store/trace-writer"
import { TraceNotFoundError } from "../store/errors"
import { verifyStoredTrace } from "./replay-source"
import type { ModelCompanionFactory } from "../model/model-run"
import { besideCompanion, besideResumedModel, companionOf } from "./model-beside"
import { recordedInterpretations } from "../engine/interpretation-gate"

export { TraceNotFoundError }

// RunService: every run the CLI and the app make goes through here. ask() runs the engine into
// the audit store; resume() and cancel() continue a run suspended at a clarification by replaying
// it (the replayed prefix must equal the stored events, else the resume is refused) and appending
// what follows; verify() checks the hash chain and replays the whole run.

export { RunAlreadyEndedError, TraceStateError }

export type { AskRequest }

export interface RunOptions {
  /** More sinks (window, CLI printer); the audit and metrics sinks are always there. */
  sinks?: readonly ReasoningSink[]
}

export interface AskOptions extends RunOptions {
  requestId?: string
  /** Clarification answers given in advance (CLI --clarify). */
  clarifications?: readonly string[]
  /** Readings a local model proposed, recorded in another trace (a scenario re-check asks its base again). */
  interpretations?: readonly ProposedInterpretation[]
  /** Marks the run as a hypothetical of a stored trace (What-if). */
  counterfactualOf?: string
  /** The local model beside the run (issue 24; off: absent). It never decides the outcome. */
  model?: ModelCompanionFactory
  /** Never the host's model for this run (a scenario re-check's base: runs/whatif-recheck.ts). */
  withoutModel?: boolean
}

export interface RunResult {
  requestId: string
  status: "complete" | "awaiting_input"
  /** The terminal event, or the awaiting_input event the run is suspended at. */
  event: TerminalEvent | AwaitingEvent
  /** The events this call added to the trace. */
  events: ReasoningEvent[]
  metrics: RunMetrics
}

/** A finished what-if run: its result, the request it ran and its terminal. */
export interface CounterfactualRun extends RunResult {
  request: CounterfactualRequest
  terminal: TerminalEvent
}

export interface RunServiceOptions {
  store: Store
  engine: ReasoningEngine
  /** Where what-if runs are computed (default: in process, counterfactualFromEvents). */
  counterfactualEngine?: CounterfactualEngine
  /**
   * The pack new runs use (a function: loaded when the first run starts); resumed and verified
   * runs use their own snapshot, so reading needs none.
   */
  pack?: LoadedPack | (() => LoadedPack)
  /** Engine settings for new runs (time limits, the deliberate pause, the capacity gate). */
  engineDefaults?: Pick<EngineDeps, "stageTimeoutMs" | "deliberatePauseMs" | "gate">
  /** The host's local model, asked per new question (issue 24; runs/model-beside.ts); absent or off: none. */
  model?: () => ModelCompanionFactory | undefined
}

export class RunService {
  readonly reader: TraceReader
  readonly clients: ClientsRepository
  readonly settings: SettingsRepository
  private readonly writer: TraceWriter
  /** Runs this service is driving now (started or resumed), each with its Stop. */
  private readonly live = new Map<string, { stop: AbortController; done: Promise<RunResult> }>()

  constructor(private readonly options: RunServiceOptions) {
    this.reader = new TraceReader(options.store)
    this.writer = new TraceWriter(options.store)
    this.clients = new ClientsRepository(options.store)
    this.settings = new SettingsRepository(options.store)
  }

  private get store(): Store {
    return this.options.store
  }

  /** Starts a run; the id is known at once, the result when the run ends or suspends. */
  start(request: AskRequest, options: AskOptions = {}): { requestId: string; done: Promise<RunResult> } {
    const configured = this.options.pack
    if (configured === undefined) throw new Error("no rule pack is configured for new runs")
    const pack = typeof configured === "function" ? configured() : configured
    const engineRequest = freezeRequest(this.store, this.clients, request, options.requestId ?? newRequestId())
    const trace: NewTrace = {
      requestId: engineRequest.requestId,
      createdAt: this.store.clock().toISOString(),
      question: engineRequest.question,
      // The trace row's as-of date: the one the user set, else the day asked (the date the run
      // evaluated on, when the question names another, is in its evaluation context).
      asOfDate: engineRequest.asOfDate ?? engineRequest.askedOn ?? "",
      requestJson: canonicalJson(engineRequest),
      clientId: engineRequest.clientId ?? null,
      counterfactualOf: options.counterfactualOf ?? null,
      locale: engineRequest.locale ?? null,
      pack,
    }
    const clarifications = options.clarifications ?? []
    const stop = new AbortController()
    const choice = { given: options.model, provider: this.options.model, hypothetical: options.counterfactualOf !== undefined || options.withoutModel === true }
    // The model is made first: the engine may ask it mid-run (runs/model-beside.ts companionOf).
    const model = companionOf(choice, engineRequest, { clock: this.store.clock, pack, ...pickStageLimit(this.options.engineDefaults) })
    const generator = this.options.engine(engineRequest, {
      ...this.options.engineDefaults,
      pack,
      clock: this.store.clock,
      clarifications,
      signal: stop.signal,
      ...(options.counterfactualOf === undefined ? {} : { counterfactualOf: options.counterfactualOf }),
      ...(options.interpretations === undefined ? model?.engineHooks?.() : { interpretations: options.interpretations }),
    })
    const beside = besideCompanion(generator, model, readiness(generator))
    const audit = new AuditSink(this.writer, trace, engineRequest.locale, beside.audit)
    const events = beside.events
    const done = this.track(engineRequest.requestId, stop, this.drive(events, audit, options.sinks ?? [], clarifications.length))
    // The engine has its request by now (drive asked for the first event): the trace row is written
    // while the engine thread computes the first stage (in process: before the first event is taken).
    audit.open()
    return { requestId: engineRequest.requestId, done }
  }

  /**
   * Starts a what-if run: the base run's stages after RETRIEVAL again on the changed context
   * (engine/counterfactual.ts, on the engine thread where there is one), stored as a trace of its
   * own whose request_json is the CounterfactualRequest (whatif/counterfactual.ts) it ran,
   * through the same gate, stage limits, sinks and Stop as any run. A
   * hypothetical is shown at once: it has no deliberate pause.
   */
  startCounterfactual(
    base: BaseRun,
    changes: readonly WhatIfChange[],
    resolved: ResolvedChanges,
    options: RunOptions & { requestId?: string } = {},
  ): { requestId: string; done: Promise<CounterfactualRun> } {
    const requestId = options.requestId ?? newRequestId()
    const request = counterfactualRequest(requestId, base, changes, resolved)
    const trace: NewTrace = {
      requestId,
      createdAt: this.store.clock().toISOString(),
      question: base.row.question,
      asOfDate: request.context.asOf,
      requestJson: canonicalJson(request),
      clientId: base.row.clientId,
      counterfactualOf: base.requestId,
      locale: base.row.locale,
      pack: base.pack,
    }
    const stop = new AbortController()
    const engine = this.options.counterfactualEngine ?? counterfactualFromEvents
    const generator = engine(request, base.events, {
      ...this.options.engineDefaults,
      pack: base.pack,
      clock: this.store.clock,
      deliberatePauseMs: 0,
      signal: stop.signal,
    })
    const audit = new AuditSink(this.writer, trace, base.row.locale ?? undefined, readiness(generator))
    const driven = this.track(requestId, stop, this.drive(generator, audit, options.sinks ?? [], 0))
    const done = driven.then((result): CounterfactualRun => {
      if (result.status !== "complete" || !isTerminal(result.event))
        throw new Error(`counterfactual ${requestId} stopped at ${result.event.stage} ${result.event.status} without a terminal`)
      return { ...result, request, terminal: result.event }
    })
    return { requestId, done }
  }

  ask(request: AskRequest, options: AskOptions = {}): Promise<RunResult> {
    return this.start(request, options).done
  }

  /** Continues a run suspended at a clarification with `answer` (also after a restart). */
  resume(requestId: string, answer: string, options: RunOptions = {}): Promise<RunResult> {
    return this.continueSuspended(requestId, { answer }, options)
  }

  /**
   * Stops a run. One still running (driven by this service) is stopped: the engine ends it at its
   * next stop check (between stages, or at once during the deliberate pause) in ERROR CANCELLED,
   * stored like any terminal. One suspended at a clarification ends the way the engine ends a
   * cancelled clarification (as before). One that has already ended: RunAlreadyEndedError.
   * `options.sinks` see the events of a suspended run's cancellation; a running run keeps its own.
   */
  async cancel(requestId: string, options: RunOptions = {}): Promise<RunResult> {
    const live = this.live.get(requestId)
    if (live !== undefined) {
      live.stop.abort()
      const result = await live.done
      if (result.status === "complete") {
        // The run ended before it reached a stop check: the Stop came too late.
        if (result.event.stage === "ERROR" && result.event.data.code === "CANCELLED") return result
        throw new RunAlreadyEndedError(requestId, this.userLocale())
      }
      // It suspended at a clarification before it saw the Stop: cancel it there.
    }
    const row = this.reader.row(requestId)
    if (row === undefined) throw new TraceNotFoundError(`no trace ${requestId}`)
    if (row.status === "complete") throw new RunAlreadyEndedError(requestId, this.userLocale())
    return this.continueSuspended(requestId, { answer: null }, options)
  }

  /** Resolves once every run this service is driving has ended or suspended. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.live.values()].map((run) => run.done))
  }

  /** Whether this service is driving the run now (it can be stopped without a replay). */
  isRunning(requestId: string): boolean {
    return this.live.has(requestId)
  }

  /** The hash chain, then the whole run replayed (a what-if run from its base): runs/replay-source.ts. */
  verify(requestId: string): Promise<VerifyResult> {
    return verifyStoredTrace(this.reader, this.options.engine, requestId)
  }

  get(requestId: string) {
    return this.reader.detail(requestId)
  }

  list(request: TracePageRequest = {}): TracePage {
    return listTraces(this.store, request)
  }

  stats(): TraceStats {
    return traceStats(this.store)
  }

  purgeOlderThan(olderThan: string): PurgeResult {
    return purgeOlderThan(this.store, olderThan)
  }

  /** Request ids of every trace, oldest first (for `traces verify --all`; see store/history.ts). */
  allRequestIds(): string[] {
    return allRequestIds(this.store)
  }

  private async continueSuspended(
    requestId: string,
    action: { answer: string | null },
    options: RunOptions,
  ): Promise<RunResult> {
    const row = this.reader.row(requestId)
    if (row === undefined) throw new TraceNotFoundError(`no trace ${requestId}`)
    const stored = this.reader.events(requestId)
    const last = stored.at(-1)
    const suspendedAs = row.status === "awaiting_input" || row.status === "interrupted" ? row.status : null
    if (suspendedAs === null || last === undefined || last.status !== "awaiting_input" || row.chainHead === null)
      throw new TraceStateError(`trace ${requestId} is not waiting for a clarification (status ${row.status})`)
    const pack = this.reader.packSnapshot(row.packHash)
    if (pack === null) throw new TraceStateError(`the rule pack snapshot of trace ${requestId} is missing`)
    const request = parseStoredRequest(row.requestJson)
    const answers = recordedAnswers(stored)
    const interpretations = recordedInterpretations(stored)
    const stop = new AbortController()
    const deps: EngineDeps = {
      // The same time limit and capacity gate as a new run (the replayed prefix included).
      ...this.options.engineDefaults,
      pack,
      clock: this.store.clock,
      clarifications: action.answer === null ? answers : [...answers, action.answer],
      // A local model's reading the run paused on is replayed from the stored question, not asked again.
      ...(interpretations.length === 0 ? {} : { interpretations }),
      deliberatePauseMs: this.options.engineDefaults?.deliberatePauseMs ?? 0,
      ...(action.answer === null ? { clarify: async () => ({ kind: "cancel" as const }) } : {}),
      // A Stop takes effect after the replayed prefix only (the prefix must replay identically).
      signal: stop.signal,
      stoppableFromSeq: stored.length,
      ...(row.counterfactualOf === null ? {} : { counterfactualOf: row.counterfactualOf }),
    }
    const position: ChainPosition = { head: row.chainHead, stored }
    const trace: NewTrace = {
      requestId,
      createdAt: row.createdAt,
      question: row.question,
      asOfDate: row.asOfDate,
      requestJson: row.requestJson,
      clientId: row.clientId,
      counterfactualOf: row.counterfactualOf,
      locale: row.locale,
      pack,
    }
    const run = this.options.engine(request, deps)
    // From here until the run ends or suspends again, this process owns the trace.
    if (!this.writer.claim(requestId, suspendedAs)) throw new TraceStateError(`trace ${requestId} is already being continued`)
    // The model thinks again for the stages after the answer (runs/model-beside.ts); a cancel ends the run without it.
    const beside = besideResumedModel(afterStoredPrefix(run, stored), this.options.model, request, { clock: this.store.clock, pack, ...pickStageLimit(this.options.engineDefaults) }, { row, last, answer: action.answer }, readiness(run))
    // The prefix's replay is never shown to the sink: the run's readiness applies from where it goes on.
    const audit = new AuditSink(this.writer, trace, request.locale, { resumeAt: position, ...beside.audit })
    const generator = beside.events
    try {
      // The answered gate is in the stored prefix, which the consumer never sees: the next
      // awaiting_input it meets is a new question (e.g. the date after the topic) and must stop there.
      return await this.track(requestId, stop, this.drive(generator, audit, options.sinks ?? [], 0))
    } catch (error) {
      // The stored prefix did not replay: nothing was appended; the run stays where it was.
      if (error instanceof ReplayMismatchError && audit.appendedCount === 0) {
        this.writer.release(requestId, suspendedAs)
        if (error.busy) throw new TraceStateError(`cannot continue ${requestId} now: too many runs at once or too slow a machine; it is still waiting, try again`)
        throw new TraceStateError(`cannot resume ${requestId}: the run does not replay identically (${error.message})`)
      }
      throw error
    }
  }

  /** Keeps a run's Stop while it is driven. */
  private track(requestId: string, stop: AbortController, done: Promise<RunResult>): Promise<RunResult> {
    this.live.set(requestId, { stop, done })
    const forget = () => {
      if (this.live.get(requestId)?.done === done) this.live.delete(requestId)
    }
    done.then(forget, forget)
    return done
  }

  /** The user's language (the settings'), for messages a window shows as they are. */
  private userLocale(): Locale {
    try {
      return this.settings.get().locale
    } catch {
      return "hr"
    }
  }

  private async drive(
    generator: AsyncGenerator<ReasoningEvent, unknown>,
    audit: AuditSink,
    extra: readonly ReasoningSink[],
    answeredGates: number,
  ): Promise<RunResult> {
    const metrics = new MetricsSink()
    const appended: ReasoningEvent[] = []
    const recorder: ReasoningSink = { mode: "nonBlocking", write: (event) => void appended.push(event) }
    try {
      const event = await consumeReasoning(generator, [audit, metrics, recorder, ...extra], { answeredGates })
      return {
        requestId: event.requestId,
        status: event.status === "awaiting_input" ? "awaiting_input" : "complete",
        event,
        events: appended,
        metrics: metrics.snapshot(),
      }
    } catch (error) {
      if (!(error instanceof ReplayMismatchError && audit.appendedCount === 0)) {
        try {
          audit.abort()
        } catch {
          // The original failure is the one to report.
        }
      }
      throw error
    } finally {
      // The run's trace was queued for the search index when it settled.
      this.store.searchIndex.noteSettled()
    }
  }
}

function pickStageLimit(defaults: RunServiceOptions["engineDefaults"]): { stageTimeoutMs?: number } {
  return defaults?.stageTimeoutMs === undefined ? {} : { stageTimeoutMs: defaults.stageTimeoutMs }
}

/** The sink's view of whether a run's next event is at hand (only an engine that computes ahead can say). */
function readiness(run: AsyncIterator<unknown> & Pick<EngineRun, "nextEventReady">): AuditSinkOptions {
  const { nextEventReady } = run
  return nextEventReady === undefined ? {} : { nextEventReady }
}
