import type { Locale } from "../../../src-shared/events/stages"
import { draftRejectedNote, modelEndNote, ModelSettingsError } from "../../model/messages"
import { modelCompanionFactory, type ModelCompanionFactory, type ModelSummary } from "../../model/model-run"
import { defaultModelSettingsPath, loadModelSettings } from "../../model/settings-file"
import { printableText } from "../../util/printable"
import { UsageError } from "../args"
import type { CliStream } from "../io"
import { stageLabel } from "../stepper"

// `fiskai ask --model URL [--model-name NAME]`: the optional local model beside the run (issue 24),
// with the app's settings file (model-provider.json in the app's data folder, or the file
// FISKAI_MODEL_SETTINGS names). Its sanitised thoughts are printed under the stage lines as they
// arrive (when the output is not a redrawn terminal), its thinking by stage and its checked draft
// after the engine's answer, and a note when it failed. The engine's answer is the answer.

export const ASK_MODEL_USAGE = `  --model       an OpenAI-compatible chat-completions server (llama.cpp's llama-server, Ollama,
                vLLM), e.g. http://127.0.0.1:8080: a local model thinks aloud beside the run
                (default: the settings file; off)
  --model-name  the model the server should use (default: the settings file's, else "local")`

export interface ModelOptionValues {
  model?: string
  "model-name"?: string
}

/** The model beside this run and what it printed, or undefined when the provider is off. */
export interface CliModel {
  factory: ModelCompanionFactory
  /** Prints the model's thinking by stage, its checked draft and any note (after the engine's answer). */
  printSummary(out: CliStream, locale: Locale): void
}

export function cliModel(values: ModelOptionValues, out: CliStream | undefined, locale: Locale, env: NodeJS.ProcessEnv = process.env): CliModel | undefined {
  const path = env.FISKAI_MODEL_SETTINGS !== undefined && env.FISKAI_MODEL_SETTINGS !== "" ? env.FISKAI_MODEL_SETTINGS : defaultModelSettingsPath(env)
  let settings
  try {
    settings = loadModelSettings(path, { ...(values.model === undefined ? {} : { endpoint: values.model }), ...(values["model-name"] === undefined ? {} : { model: values["model-name"] }) }, locale, env)
  } catch (error) {
    if (error instanceof ModelSettingsError) throw new UsageError(`fiskai ask: ${error.message}`)
    throw error
  }
  if (!settings.enabled) return undefined
  let summary: ModelSummary | undefined
  // A terminal that is redrawn in place would be broken by lines written between its redraws.
  const live = out !== undefined && out.isTTY !== true
  const factory = modelCompanionFactory(settings, {
    onThought: (thought) => {
      if (live && thought.channel === "reasoning") out.write(`      ~ ${printableText(thought.text.trim())}\n`)
    },
    onEnd: (ended) => (summary = ended),
  })
  return { factory, printSummary: (stream, at) => printModelSummary(stream, summary, at) }
}

function printModelSummary(out: CliStream, summary: ModelSummary | undefined, locale: Locale): void {
  const hr = locale === "hr"
  if (summary === undefined) {
    out.write(`\n${modelEndNote("aborted", locale) ?? ""}\n`)
    return
  }
  if (summary.steps.length > 0) {
    out.write(hr ? "\nRazmišljanje modela (nije dio odgovora):\n" : "\nThe model's thinking (not part of the answer):\n")
    for (const step of summary.steps) out.write(`  ${stageLabel(step.stage, locale)}: ${printableText(step.thought)}\n`)
  }
  const { draft } = summary
  if (draft?.accepted === true)
    out.write(`\n${hr ? "Tekst modela, provjeren prema citiranim pravilima:" : "The model's wording, checked against the cited rules:"}\n${printableText(draft.text)}\n`)
  else if (draft !== undefined) out.write(`\n${draftRejectedNote(draft.problems, locale)}\n`)
  const note = modelEndNote(summary.end.reason, locale)
  if (note !== null) out.write(`\n${note}\n`)
}
