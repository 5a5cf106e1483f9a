import { existsSync } from "node:fs"
import { join } from "node:path"
import type { Locale } from "../../src-shared/events/stages"
import { appDataDir } from "../store/paths"
import { readBoundedText } from "../util/bounded-read"
import { printable } from "../util/printable"
import { ModelSettingsError } from "./messages"
import { DEFAULT_MODEL_SETTINGS, ModelSettings, ModelSettingsFile } from "./settings"

// The model provider's settings file, in the app's data folder next to the database (the app and
// the CLI read the same file), overlaid by what a command line gives. The key: the file's, else
// FISKAI_MODEL_KEY (the app will keep it in the OS keychain instead).

export const MODEL_SETTINGS_FILE = "model-provider.json"
const MAX_SETTINGS_BYTES = 64 * 1024

/** What a command line sets (`fiskai ask --model URL --model-name NAME`): giving a URL turns the provider on. */
export interface ModelOverrides {
  endpoint?: string
  model?: string
}

export function defaultModelSettingsPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(appDataDir(process.platform, env), MODEL_SETTINGS_FILE)
}

/** Reads the settings file (absent: the defaults, off), the overrides and the key from the environment. */
export function loadModelSettings(
  path: string,
  overrides: ModelOverrides,
  locale: Locale,
  env: NodeJS.ProcessEnv = process.env,
): ModelSettings {
  const file = existsSync(path) ? readSettingsFile(path, locale) : {}
  const key = file.apiKey ?? nonEmpty(env.FISKAI_MODEL_KEY)
  const merged = {
    ...DEFAULT_MODEL_SETTINGS,
    ...withoutKey(file),
    limits: { ...DEFAULT_MODEL_SETTINGS.limits, ...file.limits },
    ...(overrides.endpoint === undefined ? {} : { endpoint: overrides.endpoint, enabled: true }),
    ...(overrides.model === undefined ? {} : { model: overrides.model }),
    ...(key === undefined ? {} : { apiKey: key }),
  }
  const parsed = ModelSettings.safeParse(merged)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.map(String).join(".") ?? "?"
    // The key's value is never repeated in a message: only the field is named.
    throw new ModelSettingsError(overrides.endpoint !== undefined && field === "endpoint" ? "--model" : printable(path), {
      hr: `polje ${field} nije ispravno (${field === "endpoint" ? "očekuje se http(s) adresa" : "provjerite vrijednost"})`,
      en: `the field ${field} is not valid (${field === "endpoint" ? "an http(s) address is expected" : "check its value"})`,
    }, locale)
  }
  return parsed.data
}

function readSettingsFile(path: string, locale: Locale): ModelSettingsFile {
  let raw: unknown
  try {
    raw = JSON.parse(readBoundedText(path, MAX_SETTINGS_BYTES, "a model settings file"))
  } catch {
    throw new ModelSettingsError(printable(path), { hr: "datoteka nije ispravan JSON", en: "the file is not valid JSON" }, locale)
  }
  const parsed = ModelSettingsFile.safeParse(raw)
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.map(String).join(".") || "?"
    throw new ModelSettingsError(printable(path), { hr: `polje ${field} nije ispravno`, en: `the field ${field} is not valid` }, locale)
  }
  return parsed.data
}

function withoutKey(file: ModelSettingsFile): Omit<ModelSettingsFile, "apiKey" | "limits"> {
  const { apiKey: _key, limits: _limits, ...rest } = file
  return rest
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value
}
