import { newRequestId } from "../util/request-id"
import type { ReasoningEvent } from "../../src-shared/events/event"
import type { Locale } from "../../src-shared/events/stages"
import type { AskInput } from "../../src-shared/ipc/channels"
import type { z } from "zod"
import { IpcFailure } from "../../src-shared/ipc/channel"
import type { ReasoningSink } from "../sinks/types"
import type { ClientsRepository } from "../store/clients-repo"
import { DocumentError, type DocumentsRepository } from "../store/documents-repo"
import { runDocumentsFor } from "./run-documents"
import type { RunResult, RunService } from "./run-service"
import type { EventBus } from "../util/event-bus"

// Live runs of a host: `ask` starts a run in the background and returns its id at once; every
// event goes to the event bus (the window, each browser-host client) as the run produces it.
// A run suspended at a clarification is continued by the store's deterministic resume, whether
// it was suspended a moment ago or before a restart, so both paths are one path.

export interface LiveRunsDeps {
  traces: RunService
  clients: ClientsRepository
  events: EventBus<ReasoningEvent>
  /** Failures after the caller already has its answer (the run itself is marked by the store). */
  onBackgroundError(requestId: string, error: unknown): void
}

export class LiveRuns {
  private readonly inFlight = new Map<string, Promise<unknown>>()
  /** Runs asked for whose start is on the next turn of the event loop. */
  private readonly starting = new Map<string, Promise<unknown>>()

  constructor(private readonly deps: LiveRunsDeps) {}

  /** `documents`: the client documents a question may attach (none: a question attaching one is refused). */
  ask(input: z.output<typeof AskInput>, documents?: () => DocumentsRepository | null): { requestId: string } {
    if (input.clientId !== undefined && this.deps.clients.get(input.clientId) === null)
      throw new IpcFailure("NOT_FOUND", `no client with id ${input.clientId}`)
    const requestId = newRequestId()
    const request = {
      question: input.question,
      ...(input.asOfDate === undefined ? {} : { asOfDate: input.asOfDate }),
      ...(input.locale === undefined ? {} : { locale: input.locale }),
      ...(input.clientId === undefined ? {} : { clientId: input.clientId }),
      ...(input.action === undefined ? {} : { action: input.action }),
      ...(input.documentIds === undefined ? {} : { documents: attached(documents?.() ?? null, input.documentIds, input.locale) }),
    }
    // Started on the next turn of the event loop: the caller receives the id before the run's
    // first event, so it can recognise every event of its run.
    const begun = nextTurn().then(() => this.deps.traces.start(request, { requestId, sinks: [this.publisher()] }))
    this.starting.set(requestId, begun)
    const forget = () => void this.starting.delete(requestId)
    begun.then(forget, forget)
    this.track(requestId, begun.then((started) => started.done))
    return { requestId }
  }

  answer(requestId: string, answer: string): Promise<{ requestId: string }> {
    return this.continueRun(requestId, (sinks) => this.deps.traces.resume(requestId, answer, { sinks }))
  }

  /**
   * Stop: a run still running ends at the engine's next stop check in ERROR CANCELLED (its events
   * keep flowing to the bus through the run's own sink) and the answer comes once it has ended; a
   * run suspended at a clarification is cancelled there; an ended one is refused (RunAlreadyEndedError).
   */
  async cancel(requestId: string): Promise<{ requestId: string }> {
    // A run asked a moment ago starts on the next turn: let it start, so that it can be stopped.
    await this.starting.get(requestId)?.catch(() => undefined)
    if (this.deps.traces.isRunning(requestId)) {
      const done = this.deps.traces.cancel(requestId, { sinks: [this.publisher()] })
      // The caller gets any failure as its answer (it is not a background failure).
      this.track(requestId, done, () => false)
      await done
      return { requestId }
    }
    return this.continueRun(requestId, (sinks) => this.deps.traces.cancel(requestId, { sinks }))
  }

  /** Resolves when every run this host started has ended or suspended. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.inFlight.values()])
  }

  get activeCount(): number {
    return this.inFlight.size
  }

  private async continueRun(
    requestId: string,
    run: (sinks: ReasoningSink[]) => Promise<RunResult>,
  ): Promise<{ requestId: string }> {
    // A run answered right after its clarification appeared may still be committing its suspension.
    await this.inFlight.get(requestId)?.catch(() => undefined)
    let eventsFlowing = false
    let markStarted = () => {}
    const started = new Promise<void>((resolve) => {
      markStarted = () => {
        eventsFlowing = true
        resolve()
      }
    })
    const done = run([this.publisher(markStarted)])
    // Before the first event a failure is the caller's answer; after it, it is a background failure.
    this.track(requestId, done, () => eventsFlowing)
    // A refusal to continue (unknown trace, not waiting, replay mismatch) reaches the caller;
    // once events flow, the caller gets its answer and the run goes on in the background.
    await Promise.race([done, started])
    return { requestId }
  }

  private publisher(onFirstEvent?: () => void): ReasoningSink {
    return {
      mode: "nonBlocking",
      write: (event) => {
        onFirstEvent?.()
        this.deps.events.publish(event)
      },
    }
  }

  private track(requestId: string, done: Promise<unknown>, isBackground: () => boolean = () => true): void {
    this.inFlight.set(requestId, done)
    done
      .catch((error: unknown) => {
        if (isBackground()) this.deps.onBackgroundError(requestId, error)
      })
      .finally(() => {
        if (this.inFlight.get(requestId) === done) this.inFlight.delete(requestId)
      })
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** The documents a question attaches, frozen into its request; one not there is NOT_FOUND, nothing runs. */
function attached(documents: DocumentsRepository | null, ids: readonly string[], locale: Locale | undefined) {
  if (documents === null) throw new IpcFailure("UNAVAILABLE", "this host keeps no client documents")
  try {
    return runDocumentsFor(documents, ids)
  } catch (error) {
    if (error instanceof DocumentError) throw new IpcFailure("NOT_FOUND", error.text(locale ?? "hr"))
    throw error
  }
}
