import type { Locale } from "../../src-shared/events/stages"
import type { ModelRunView, ModelTestInput, ModelTestResult, ModelThought } from "../../src-shared/model-provider"
import type { SecretStore } from "../secrets/secret-store"
import type { TraceReader } from "../store/trace-reader"
import type { EventBus } from "../util/event-bus"
import { attributeWord } from "../engine/attribute-words"
import { testModelConnection } from "./connection-test"
import { modelCompanionFactory, type ModelCompanionFactory } from "./model-run"
import { PausedParts } from "./paused-parts"
import { ModelSettingsStore } from "./settings-store"

// The local model in the app (issue 24): the settings (file and keychain), the companion each new
// question gets when the provider is on (read per run, so a saved change applies to the next
// question), the live thoughts for the window, the connection test, and a stored run's model part.
// Off (the default) no run touches the network and nothing here is called during a run.

export interface ModelProviderDeps {
  dataDir: string | null
  secrets: SecretStore
  /** Sanitised thoughts as they arrive, for the window (the "model.thought" push). */
  thoughts: EventBus<ModelThought>
  /** The user's language (messages of a settings file that cannot be read). */
  locale(): Locale
  /** Where a settings problem found while starting a run is reported (the run goes on without the model). */
  onError(error: unknown): void
  env?: NodeJS.ProcessEnv
}

/** The connection test never takes longer than this. */
export const CONNECTION_TEST_MS = 4000

export class ModelProvider {
  readonly settings: ModelSettingsStore
  readonly thoughts: EventBus<ModelThought>
  /** The model's part of runs suspended at a clarification, until they go on (this session only). */
  private readonly paused = new PausedParts()

  constructor(private readonly deps: ModelProviderDeps) {
    this.settings = new ModelSettingsStore(deps.dataDir, deps.secrets, deps.env ?? process.env)
    this.thoughts = deps.thoughts
  }

  /** The model beside the next question, or undefined when the provider is off or cannot be read. */
  companionForRun(): ModelCompanionFactory | undefined {
    let settings
    try {
      settings = this.settings.loadIfEnabled(this.deps.locale())
    } catch (error) {
      // A damaged settings file or an unreadable key: the question is answered without the model.
      this.deps.onError(error)
      return undefined
    }
    if (settings === undefined) return undefined
    return modelCompanionFactory(
      settings,
      {
        onThought: ({ requestId, text, during }) => this.thoughts.publish({ requestId, text, during }),
        // An offered proposal reaches the window on the thoughts' push, as the clarification's option.
        onProposal: (requestId, proposal) => {
          if (proposal.option === null) return
          // The window names the attribute the proposal narrows to beside the engine's option.
          const label = proposal.attribute === null ? proposal.option.label : `${proposal.option.label} (${attributeWord(proposal.attribute, this.deps.locale())})`
          this.thoughts.publish({ requestId, text: label, during: "CLARIFICATION", proposal: { value: proposal.option.value, label } })
        },
      },
      this.paused,
    )
  }

  /** Tests the saved settings, or the form's unsaved address and model with the saved key. */
  test(input: ModelTestInput, locale: Locale): Promise<ModelTestResult> {
    const saved = this.settings.load(locale)
    return testModelConnection({
      endpoint: input.endpoint ?? saved.endpoint,
      model: input.model ?? saved.model,
      ...(saved.apiKey === undefined ? {} : { apiKey: saved.apiKey }),
      timeoutMs: CONNECTION_TEST_MS,
    })
  }
}

/**
 * A stored run's model part, read from its trace records (trace format 2; a version-1 trace has
 * none). A what-if run never has one: it names the run it was made from when that one has.
 */
export function modelRunView(reader: TraceReader, requestId: string): ModelRunView {
  const records = reader.modelRecords(requestId).map((record) => record.data)
  const base = reader.row(requestId)?.counterfactualOf ?? null
  const originalRun = base !== null && reader.modelRecords(base).length > 0 ? base : null
  const steps = records.flatMap((data) => (data.kind === "steps" ? data.steps.map(({ stage, thought }) => ({ stage, thought })) : []))
  const end = records.find((data) => data.kind === "end")
  const draft = records.find((data) => data.kind === "draft")
  // The latest proposal (a run asks about its topic once; a later pause is another question).
  const proposal = records.findLast((data) => data.kind === "proposal")
  return {
    requestId,
    present: records.length > 0,
    steps,
    reason: end?.kind === "end" ? end.reason : null,
    model: end?.kind === "end" ? end.model : null,
    draft: draft?.kind === "draft" ? draft : null,
    proposal: proposal?.kind === "proposal" ? proposal : null,
    resumedAfterSeq: end?.kind === "end" ? (end.resumedAfterSeq ?? null) : null,
    earlierPart: end?.kind === "end" ? (end.earlierPart ?? null) : null,
    originalRun,
  }
}
