import { z } from "zod"
import { FocusAttribute } from "./payloads"
import { ReasoningStage } from "./stages"

// The optional local language model's recording (issue 24, seed 004 §5): what the model sent, as
// it arrived and after sanitising, kept in the trace's hash chain next to the engine's events.
// It is a kind of its own, outside ReasoningEvent: the engine never makes one, so replay never
// makes one again; verify and replay read it and set it aside (trace/model-records.ts).
//
// Trace format version 2 is a version-1 trace whose chain may end with these records: they follow
// the engine's terminal event (a trace row is sealed once complete, so they are committed with it).

/** Trace format versions: 1 the engine's events only, 2 the model's recording after them. */
export const TRACE_FORMAT_VERSION = 2 as const

/** The stage value that marks a model record (not one of the engine's stages). */
export const MODEL_RECORD_STAGE = "MODEL" as const

/** Why the model's part ended: a clean finish, or what stopped it (the run itself never stops for it). */
export const ModelEndReason = z.enum(["finished", "timeout", "stalled", "disconnected", "invalid", "http_error", "aborted", "unreachable"])

/** A piece of the model's stream, sanitised: its thinking ("reasoning") or its reply text. */
export const ModelChunkRecord = z.object({
  kind: z.literal("chunk"),
  channel: z.enum(["reasoning", "text"]),
  text: z.string().max(500),
  /** Milliseconds after the model's request was sent. */
  atMs: z.number().int().nonnegative(),
  /** The engine stage running when it arrived (null: after the engine had finished). */
  during: ReasoningStage.nullable(),
  /** How many credential-like strings or prompt references the sanitiser took out of it. */
  redacted: z.number().int().nonnegative(),
})

/** The thinking, segmented into the engine's stages on finish (seed 004 §6): 1–2 sentences each. */
export const ModelStepsRecord = z.object({
  kind: z.literal("steps"),
  steps: z.array(z.object({ stage: ReasoningStage, thought: z.string().max(200), matched: z.boolean() })),
})

/** The model's draft of the answer's prose and the guard's verdict; a rejected draft is never shown. */
export const ModelDraftRecord = z.object({
  kind: z.literal("draft"),
  accepted: z.boolean(),
  /** The draft as checked (sanitised); kept also when rejected, so a reviewer sees why. */
  text: z.string(),
  /** Why the guard rejected it (empty when accepted). */
  problems: z.array(z.string()),
})

/**
 * Why a proposal was not offered: no usable reply (timeout, stall, dropped connection, HTTP error),
 * a reply that is not the asked JSON, no concept proposed, a concept the pack does not hold, or one
 * the engine's clarification does not offer for this question (only what it offers can be chosen).
 */
export const ModelProposalDiscard = z.enum(["no_reply", "not_json", "none", "not_in_pack", "not_offered"])

/**
 * The model's proposed interpretation of a question the intake could not place (issue 24, point 3):
 * a concept and the attribute asked, from the pack. Offered, it is one of the engine's own
 * clarification options, which the user confirms; the engine then checks it like any answer.
 */
export const ModelProposalRecord = z.object({
  kind: z.literal("proposal"),
  /** The seq of the clarification it was proposed for. */
  forSeq: z.number().int().nonnegative(),
  outcome: z.enum(["offered", "discarded"]),
  /** The concept slug the model named (as sent, cut to 200 characters), or null when it named none. */
  concept: z.string().max(200).nullable(),
  /** The attribute it named when the pack has it for that concept, else null. */
  attribute: FocusAttribute.nullable(),
  /** The clarification option the proposal is (offered only). */
  option: z.object({ value: z.string(), label: z.string() }).nullable(),
  why: ModelProposalDiscard.nullable(),
  /** Whether the user's answer was the proposed option (null: the run did not go on in this process). */
  chosen: z.boolean().nullable(),
  detail: z.string().max(300).optional(),
})

/** The model's part ended: how, with which model, and (on trouble) a short technical detail. */
export const ModelEndRecord = z.object({
  kind: z.literal("end"),
  reason: ModelEndReason,
  model: z.string(),
  /** The endpoint's host and port only (never its path, query or key). */
  endpoint: z.string(),
  detail: z.string().max(300).optional(),
  /**
   * A run resumed after a clarification: the model thought again from this event seq on. Its part
   * before the pause is in this recording only when `earlierPart` is "kept" (the pause and the
   * resume in one app session); after a restart it is "not_kept" (a paused trace holds no model records).
   */
  resumedAfterSeq: z.number().int().nonnegative().optional(),
  earlierPart: z.enum(["kept", "not_kept"]).optional(),
})

export const ModelRecordData = z.discriminatedUnion("kind", [ModelChunkRecord, ModelStepsRecord, ModelDraftRecord, ModelProposalRecord, ModelEndRecord])

export const ModelRecordEvent = z.object({
  v: z.literal(TRACE_FORMAT_VERSION),
  /** `{requestId}_{seq:000}` like every event of the chain. */
  id: z.string(),
  requestId: z.string().min(1),
  seq: z.number().int().nonnegative(),
  ts: z.string(),
  stage: z.literal(MODEL_RECORD_STAGE),
  status: z.literal("recorded"),
  data: ModelRecordData,
})

export type ModelEndReason = z.infer<typeof ModelEndReason>
export type ModelChunkRecord = z.infer<typeof ModelChunkRecord>
export type ModelStepsRecord = z.infer<typeof ModelStepsRecord>
export type ModelDraftRecord = z.infer<typeof ModelDraftRecord>
export type ModelEndRecord = z.infer<typeof ModelEndRecord>
export type ModelProposalRecord = z.infer<typeof ModelProposalRecord>
export type ModelProposalDiscard = z.infer<typeof ModelProposalDiscard>
export type ModelRecordData = z.infer<typeof ModelRecordData>
export type ModelRecordEvent = z.infer<typeof ModelRecordEvent>

/** Whether a stored event (parsed JSON, not trusted) is a model record: told by its stage alone. */
export function isModelRecord(event: unknown): boolean {
  return event !== null && typeof event === "object" && (event as { stage?: unknown }).stage === MODEL_RECORD_STAGE
}
