import { z } from "zod"
import { ModelDraftRecord, ModelEndReason, ModelProposalRecord } from "./events/model-record"
import { ReasoningStage } from "./events/stages"

// The optional local model as the window sees it (issue 24): its settings without the key (the
// key is write-only: the window learns only whether one is kept), the connection test's findings,
// the sanitised thoughts pushed while a run is under way, and a finished run's model part.

/** The settings as the window shows them; `apiKey` says only whether a key is kept and where. */
export const ModelSettingsView = z.object({
  enabled: z.boolean(),
  endpoint: z.string(),
  model: z.string(),
  draftProse: z.boolean(),
  apiKey: z.enum(["set", "none"]),
  /** Where a kept key lives: the OS keychain, the settings file or FISKAI_MODEL_KEY (CLI ways). */
  keySource: z.enum(["keychain", "file", "environment", "none"]),
  /** Whether this host can keep a key in the OS keychain (the browser host cannot). */
  keychain: z.boolean(),
})

/**
 * A change to the settings. Strings are checked by the handler (not here) so that a bad address
 * or an empty model name gets a message in the user's language rather than a schema's.
 */
export const ModelSettingsPatch = z.strictObject({
  enabled: z.boolean().optional(),
  endpoint: z.string().max(2000).optional(),
  model: z.string().max(400).optional(),
  draftProse: z.boolean().optional(),
  /** A new key (kept in the OS keychain), or null to clear the kept one; absent: unchanged. */
  apiKey: z.string().max(4096).nullable().optional(),
})

/** What the connection test may find, most telling first. */
export const ModelTestFinding = z.enum(["ok", "model_missing", "no_model_list", "http_error", "unauthorized", "timeout", "unreachable", "not_openai"])

export const ModelTestResult = z.object({
  finding: ModelTestFinding,
  /** The endpoint's host and port (never a key or a path). */
  endpoint: z.string(),
  model: z.string(),
  /** The models the server lists (GET /v1/models), at most 20. */
  models: z.array(z.string().max(200)).max(20),
  /** Whether the chosen model is among them (null: the server lists none). */
  modelListed: z.boolean().nullable(),
  /** The HTTP status that ended the test, when one did. */
  status: z.number().int().optional(),
  elapsedMs: z.number().int().nonnegative(),
})

/** The test may be run on the form's unsaved values (the key stays the kept one). */
export const ModelTestInput = z.strictObject({
  endpoint: z.string().max(2000).optional(),
  model: z.string().max(400).optional(),
})

/** The model's proposal for a clarification, as the window offers it: one of the engine's options. */
export const ModelProposalOffer = z.object({
  /** The clarification option's value (the answer the window sends when the user accepts). */
  value: z.string().min(1).max(300),
  label: z.string().max(300),
})

/** A sanitised piece of the model's thinking, pushed while the run is under way (seed 004 §5.1). */
export const ModelThought = z.object({
  requestId: z.string().min(1),
  text: z.string().max(500),
  /** The engine stage that was running when it arrived (null: after the engine had answered). */
  during: ReasoningStage.nullable(),
  /** Set on the push that brings a proposal for the run's clarification (issue 24, point 3). */
  proposal: ModelProposalOffer.optional(),
})

/** A finished run's model part, read from its trace records (none: the run had no model). */
export const ModelRunView = z.object({
  requestId: z.string(),
  present: z.boolean(),
  steps: z.array(z.object({ stage: ReasoningStage, thought: z.string() })),
  reason: ModelEndReason.nullable(),
  model: z.string().nullable(),
  draft: ModelDraftRecord.nullable(),
  /** The model's proposal for the run's topic clarification, offered or discarded (and why). */
  proposal: ModelProposalRecord.nullable().optional(),
  /** A resumed run: the model thought again from this seq; whether its part before the pause was kept. */
  resumedAfterSeq: z.number().int().nonnegative().nullable().optional(),
  earlierPart: z.enum(["kept", "not_kept"]).nullable().optional(),
  /**
   * A what-if run (the engine's hypothetical, for which the model is never asked): the run it was
   * made from, when that run has the model's part (its thoughts belong to that run).
   */
  originalRun: z.string().nullable().optional(),
})

export type ModelSettingsView = z.infer<typeof ModelSettingsView>
export type ModelSettingsPatch = z.infer<typeof ModelSettingsPatch>
export type ModelTestFinding = z.infer<typeof ModelTestFinding>
export type ModelTestResult = z.infer<typeof ModelTestResult>
export type ModelTestInput = z.infer<typeof ModelTestInput>
export type ModelThought = z.infer<typeof ModelThought>
export type ModelProposalOffer = z.infer<typeof ModelProposalOffer>
export type ModelRunView = z.infer<typeof ModelRunView>
