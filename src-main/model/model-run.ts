import { eventId, isTerminal, type ReasoningEvent, type TerminalEvent } from "../../src-shared/events/event"
import {
  TRACE_FORMAT_VERSION,
  type ModelDraftRecord,
  type ModelEndRecord,
  type ModelProposalRecord,
  type ModelRecordData,
  type ModelRecordEvent,
} from "../../src-shared/events/model-record"
import type { ClarificationPayload } from "../../src-shared/events/payloads"
import type { Locale, ReasoningStage } from "../../src-shared/events/stages"
import { splitChosenAttribute } from "../engine/chosen-attribute"
import type { EngineDeps, EngineRequest, InterpretationAsk, ProposedInterpretation } from "../engine/types"
import type { LoadedPack } from "../knowledge/loader"
import { streamChat, type StreamEnd } from "./client"
import type { PausedPart, PausedParts, PausedProposal } from "./paused-parts"
import { draftMessages, thinkingMessages, type Clarified } from "./prompts"
import { proposeReading } from "./interpretation"
import { discarded, proposeInterpretation } from "./proposal"
import { guardDraft, isDraftable, type DraftableTerminal } from "./prose-guard"
import { sanitiseText, StreamSanitiser, type Sanitised } from "./sanitize"
import { segmentThinking, type ArrivedText, type SegmentedStep } from "./segment"
import { endpointLabel, type ModelSettings } from "./settings"

// The model beside one run (issue 24): it thinks aloud while the engine's stages run, its
// sanitised thoughts go to a listener as they arrive, and when the engine has answered it may
// draft the answer's prose, which the guard checks. Everything it sent is kept as records that
// the audit sink chains after the engine's terminal (trace format 2). It never changes, delays
// past its limits or fails a run: every trouble ends the model's part with a reason.
// A run that suspends at a clarification hands its part so far to PausedParts (and, when the
// engine could not tell the topic, asks the model for a proposal, offered as one of the engine's
// options); the resumed run's companion starts its recording with that part and thinks again.

/** What the run service needs of the model beside a run. */
export interface ModelCompanion {
  /** The engine's events, passed on unchanged; the terminal waits for the model's part to end (bounded). */
  beside(run: AsyncIterable<ReasoningEvent>): AsyncGenerator<ReasoningEvent, void>
  /** The model's records, numbered from `firstSeq` (asked for by the audit sink at the terminal). */
  trailer(firstSeq: number): readonly ModelRecordEvent[]
  /** What the engine may ask of the model mid-run (its reading of a question the pack cannot place). */
  engineHooks?(): Pick<EngineDeps, "proposeInterpretation">
}

/** A run resumed after a clarification, as its companion needs it. */
export interface ResumedRun {
  /** The seq the run goes on from (the stored events before it are replayed, never shown). */
  afterSeq: number
  /** The clarification that was answered (the last stored event's question), when it was one. */
  clarification: ClarificationPayload | undefined
  answer: string
}

export interface CompanionRun {
  clock: () => Date
  stageTimeoutMs?: number
  /** The run's pack: a proposal lists its concepts (absent: no proposal). */
  pack?: LoadedPack
  resume?: ResumedRun
}

/** Makes the companion of a run (the run service calls it once the request is frozen). */
export type ModelCompanionFactory = (request: EngineRequest, run: CompanionRun) => ModelCompanion

/** A sanitised thought as it arrived, for a window or a terminal to show live. */
export interface LiveThought {
  requestId: string
  channel: "reasoning" | "text"
  text: string
  during: ReasoningStage | null
}

/** How the model's part of a run ended, for whoever shows the run. */
export interface ModelSummary {
  requestId: string
  end: ModelEndRecord
  steps: SegmentedStep[]
  draft?: ModelDraftRecord
}

export interface ModelListener {
  onThought?: (thought: LiveThought) => void
  onEnd?: (summary: ModelSummary) => void
  /** A proposal the window may offer (only an offered one: a discarded one is in the recording). */
  onProposal?: (requestId: string, proposal: ModelProposalRecord) => void
}

/** `paused`: where a suspended run's part waits for its resume (absent: not kept, e.g. the CLI). */
export function modelCompanionFactory(settings: ModelSettings, listener: ModelListener = {}, paused?: PausedParts): ModelCompanionFactory {
  return (request, run) => new ModelRun(request, settings, run, listener, paused)
}

export class ModelRun implements ModelCompanion {
  private readonly records: { data: ModelRecordData; ts: string }[] = []
  private readonly thoughts: ArrivedText[] = []
  private readonly sanitisers = { reasoning: new StreamSanitiser(), text: new StreamSanitiser() }
  private readonly stop = new AbortController()
  private locale: Locale
  private current: ReasoningStage | null = null
  private startedAt = 0
  private thinking: Promise<StreamEnd> | undefined
  private graceExpired = false
  /** The part kept from before the pause (a resumed run), if this process kept it. */
  private readonly carried: PausedPart | undefined
  private lastEvent: ReasoningEvent | undefined
  /** A reading the engine offered the user, until their answer says whether they took it. */
  private offeredReading: ModelProposalRecord | undefined
  /** The user's Stop came while the engine waited for the model's reading. */
  private stoppedAwaitingReading = false

  constructor(
    private readonly request: EngineRequest,
    private readonly settings: ModelSettings,
    private readonly run: CompanionRun,
    private readonly listener: ModelListener,
    private readonly paused: PausedParts | undefined,
  ) {
    this.locale = request.locale ?? (/[čćšžđ]|\b(?:je|li|koja|koji|što|kako|moram)\b/iu.test(request.question) ? "hr" : "en")
    this.carried = run.resume === undefined ? undefined : paused?.take(request.requestId)
    this.records.push(...(this.carried?.records ?? []))
    this.thoughts.push(...(this.carried?.thoughts ?? []))
  }

  async *beside(run: AsyncIterable<ReasoningEvent>): AsyncGenerator<ReasoningEvent, void> {
    await this.settleCarriedProposal()
    this.startThinking()
    let ended = false
    try {
      for await (const event of run) {
        this.lastEvent = event
        if (isTerminal(event)) {
          ended = true
          await this.finish(event)
          yield event
          return
        }
        this.current = event.stage
        if (event.stage === "CLARIFICATION" && event.status === "complete") this.settleReading(event.seq, event.data.answer)
        // The run's language as the engine settled it: the draft is written in it.
        if (event.stage === "CONTEXT_RESOLUTION" && event.status === "complete") this.locale = event.data.language
        yield event
      }
    } finally {
      // A run suspended at a clarification, failed or abandoned: the model's part ends with it.
      this.stop.abort()
      if (!ended && this.lastEvent?.status === "awaiting_input") this.pause(this.lastEvent)
    }
  }

  trailer(firstSeq: number): readonly ModelRecordEvent[] {
    return this.records.map(({ data, ts }, index) => {
      const seq = firstSeq + index
      return { v: TRACE_FORMAT_VERSION, id: eventId(this.request.requestId, seq), requestId: this.request.requestId, seq, ts, stage: "MODEL", status: "recorded", data }
    })
  }

  /**
   * The engine's hook (a new question in the app only: the CLI makes no proposal, and a resumed run
   * replays the reading it recorded): where it would refuse a question for finding no concept.
   */
  engineHooks(): Pick<EngineDeps, "proposeInterpretation"> {
    if (this.paused === undefined || this.run.pack === undefined || this.run.resume !== undefined) return {}
    const pack = this.run.pack
    return { proposeInterpretation: (ask) => this.interpret(ask, pack) }
  }

  /** Asks for a reading; a discarded one is recorded at once, an offered one once the user has answered. */
  private async interpret(ask: InterpretationAsk, pack: LoadedPack): Promise<ProposedInterpretation | null> {
    const proposal = await proposeReading({ settings: this.settings, pack, ask }).catch(() => discarded(ask.forSeq, "no_reply", null, "the request failed"))
    // The user stopped the run while the model was asked (the Stop aborted the request): the engine
    // ends it as cancelled, and the end record says where; no proposal was made, so none is recorded.
    if (ask.signal?.aborted === true) {
      this.stoppedAwaitingReading = true
      return null
    }
    if (proposal.outcome !== "offered" || proposal.concept === null || proposal.attribute === null) {
      this.record(proposal)
      return null
    }
    this.offeredReading = proposal
    return { concept: proposal.concept, attribute: proposal.attribute }
  }

  /** The answer to the clarification after the offered reading's: recorded with whether it took it. */
  private settleReading(seq: number, answer: string): void {
    const offered = this.offeredReading
    if (offered === undefined || seq !== offered.forSeq + 1) return
    this.offeredReading = undefined
    this.record({ ...offered, chosen: offered.option?.value === answer })
  }

  /** The run suspended here (the consumer stopped at an awaiting_input): its part waits for the resume. */
  private pause(event: ReasoningEvent): void {
    this.take("reasoning", this.sanitisers.reasoning.end())
    this.take("text", this.sanitisers.text.end())
    if (this.paused === undefined) return
    const part: PausedPart = { records: [...this.records], thoughts: [...this.thoughts] }
    // The engine could not tell the topic: the model may propose one of the pack's concepts.
    if (event.stage === "CLARIFICATION" && event.status === "awaiting_input" && event.data.reason === "topic" && this.run.pack !== undefined)
      part.proposal = this.startProposal(event.data, event.seq, this.run.pack)
    // Paused at the reading the model proposed: the resume records whether the user took it.
    const reading = this.offeredReading
    if (reading !== undefined && reading.forSeq === event.seq) part.proposal = { stop: new AbortController(), done: Promise.resolve(reading) }
    this.paused.keep(this.request.requestId, part)
  }

  private startProposal(clarification: ClarificationPayload, forSeq: number, pack: LoadedPack): PausedProposal {
    const stop = new AbortController()
    const done = proposeInterpretation({ settings: this.settings, question: this.request.question, locale: this.locale, pack, clarification, forSeq, signal: stop.signal }).catch(() =>
      discarded(forSeq, "no_reply", null, "the request failed"),
    )
    void done.then((proposal) => {
      if (proposal.outcome !== "offered" || stop.signal.aborted) return
      try {
        this.listener.onProposal?.(this.request.requestId, proposal)
      } catch {
        // A listener's failure is the listener's.
      }
    })
    return { stop, done }
  }

  /** A resumed run: the proposal made at the pause is recorded with whether the user took it. */
  private async settleCarriedProposal(): Promise<void> {
    const proposal = this.carried?.proposal
    if (proposal === undefined) return
    // The user answered before the model proposed: its request ends here (recorded as no reply).
    proposal.stop.abort()
    const settled = await proposal.done
    const answer = this.run.resume?.answer
    const chosen = settled.option === null || answer === undefined ? false : settled.option.value === answer || settled.option.label === answer
    this.record({ ...settled, chosen })
  }

  /** What the user said at the clarification a resumed run goes on from (the prompt mentions it). */
  private clarified(): Clarified | undefined {
    const resume = this.run.resume
    if (resume === undefined) return undefined
    // A proposal's answer carries its attribute after the option's value (engine/chosen-attribute.ts).
    const chosen = splitChosenAttribute(resume.answer).value
    const option = resume.clarification?.options?.find((o) => o.value === resume.answer || o.value === chosen)
    return { question: resume.clarification?.question ?? "", answer: option?.label ?? resume.answer }
  }

  private startThinking(): void {
    this.startedAt = Date.now()
    const { limits } = this.settings
    this.thinking = streamChat({
      endpoint: this.settings.endpoint,
      model: this.settings.model,
      ...(this.settings.apiKey === undefined ? {} : { apiKey: this.settings.apiKey }),
      messages: thinkingMessages(this.request.question, this.locale, this.clarified()),
      limits: { connectMs: limits.connectMs, stallMs: limits.stallMs, totalMs: limits.thinkMs },
      signal: this.stop.signal,
      onDelta: ({ channel, text }) => this.take(channel, this.sanitisers[channel].push(text)),
    })
  }

  /** Records and shows sanitised pieces of the thinking. */
  private take(channel: "reasoning" | "text", pieces: readonly Sanitised[]): void {
    for (const piece of pieces) {
      const during = this.current
      this.thoughts.push({ text: piece.text, during })
      this.record({ kind: "chunk", channel, text: piece.text, atMs: Math.max(0, Date.now() - this.startedAt), during, redacted: piece.redacted })
      try {
        this.listener.onThought?.({ requestId: this.request.requestId, channel, text: piece.text, during })
      } catch {
        // A listener's failure is the listener's: the model's part and the run go on.
      }
    }
  }

  /** The engine has answered: the thinking gets its grace period, then the draft, then the end. */
  private async finish(terminal: TerminalEvent): Promise<void> {
    this.current = null
    const cancelled = terminal.stage === "ERROR" && terminal.data.code === "CANCELLED"
    // A run the user stopped: the thinking ends now, and the recording says it was stopped (not timed out).
    const thinking = cancelled ? await this.stopThinking() : await this.endThinking(this.settings.limits.graceMs)
    this.take("reasoning", this.sanitisers.reasoning.end())
    this.take("text", this.sanitisers.text.end())
    const steps = segmentThinking(this.thoughts)
    if (steps.length > 0) this.record({ kind: "steps", steps })
    let draft: ModelDraftRecord | undefined
    const serverAnswered = thinking.reason !== "unreachable" && thinking.reason !== "http_error"
    if (this.settings.draftProse && serverAnswered && !cancelled && isDraftable(terminal)) {
      draft = await this.draft(terminal)
      this.record(draft)
    }
    const end: ModelEndRecord = {
      kind: "end",
      reason: thinking.reason,
      model: this.settings.model,
      endpoint: endpointLabel(this.settings.endpoint),
      ...(thinking.detail === undefined ? {} : { detail: thinking.detail.slice(0, 300) }),
      ...(this.run.resume === undefined ? {} : { resumedAfterSeq: this.run.resume.afterSeq, earlierPart: this.carried === undefined ? "not_kept" : "kept" }),
    }
    this.record(end)
    try {
      this.listener.onEnd?.({ requestId: this.request.requestId, end, steps, ...(draft === undefined ? {} : { draft }) })
    } catch {
      // As above.
    }
  }

  private async stopThinking(): Promise<StreamEnd> {
    this.stop.abort()
    const ended = await (this.thinking ?? Promise.resolve<StreamEnd>({ reason: "aborted" }))
    const detail = this.stoppedAwaitingReading ? "the run was stopped while the engine awaited the model's reading" : "the run was stopped"
    return ended.reason === "aborted" ? { reason: "aborted", detail } : ended
  }

  private async endThinking(graceMs: number): Promise<StreamEnd> {
    const thinking = this.thinking ?? Promise.resolve<StreamEnd>({ reason: "aborted" })
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs)
    })
    const first = await Promise.race([thinking, expired.then(() => null)])
    clearTimeout(timer)
    if (first !== null) return first
    this.graceExpired = true
    this.stop.abort()
    const ended = await thinking
    return this.graceExpired && ended.reason === "aborted" ? { reason: "timeout", detail: "still thinking when the engine had answered" } : ended
  }

  /** Asks for the answer's prose and checks it; a draft that fails is kept with its problems, never shown. */
  private async draft(terminal: DraftableTerminal): Promise<ModelDraftRecord> {
    const { limits } = this.settings
    let text = ""
    const totalMs = Math.min(limits.draftMs, this.run.stageTimeoutMs ?? limits.draftMs)
    const end = await streamChat({
      endpoint: this.settings.endpoint,
      model: this.settings.model,
      ...(this.settings.apiKey === undefined ? {} : { apiKey: this.settings.apiKey }),
      messages: draftMessages(this.request.question, terminal, this.locale),
      limits: { connectMs: limits.connectMs, stallMs: limits.stallMs, totalMs },
      onDelta: ({ channel, text: delta }) => {
        if (channel === "text") text += delta
      },
    })
    const sanitised = sanitiseText(text).text.trim()
    if (end.reason !== "finished") {
      const why = this.locale === "hr" ? `model nije dovršio prijedlog (${end.reason})` : `the model did not finish the draft (${end.reason})`
      return { kind: "draft", accepted: false, text: sanitised.slice(0, 2000), problems: [why] }
    }
    const verdict = guardDraft(sanitised, terminal, this.locale)
    return { kind: "draft", accepted: verdict.accepted, text: sanitised.slice(0, 4000), problems: verdict.problems }
  }

  private record(data: ModelRecordData): void {
    this.records.push({ data, ts: this.run.clock().toISOString() })
  }
}
