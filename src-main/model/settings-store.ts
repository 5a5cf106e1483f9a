import { existsSync, renameSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import type { Locale } from "../../src-shared/events/stages"
import type { ModelSettingsPatch, ModelSettingsView } from "../../src-shared/model-provider"
import type { SecretStore } from "../secrets/secret-store"
import { readBoundedText } from "../util/bounded-read"
import { ModelSettingsError } from "./messages"
import { DEFAULT_MODEL_SETTINGS, ModelSettings, ModelSettingsFile } from "./settings"
import { loadModelSettings, MODEL_SETTINGS_FILE } from "./settings-file"

// The app's side of the model provider's settings: the same model-provider.json the CLI reads (in
// the data folder), and the key in the OS keychain (the secret store's "model.apiKey"). Once the
// app keeps a key, the file holds none. A change is checked whole before anything is written, so
// a bad address or an empty model name loses nothing: the file and the key stay as they were.

const KEY = "model.apiKey" as const

/** A change the user must correct, in their language. */
export class ModelInputError extends Error {
  constructor(readonly texts: Record<Locale, string>) {
    super(texts.en)
  }
}

export class ModelSettingsStore {
  constructor(
    /** The data folder (null: an in-memory database, nowhere to keep settings). */
    private readonly dataDir: string | null,
    private readonly secrets: SecretStore,
    private readonly env: NodeJS.ProcessEnv = {},
  ) {}

  get path(): string | null {
    return this.dataDir === null ? null : join(this.dataDir, MODEL_SETTINGS_FILE)
  }

  /** The settings a run uses: the file, and the key from the keychain (else the file's or the environment's). */
  load(locale: Locale): ModelSettings {
    const settings = this.fromFile(locale)
    const kept = this.secrets.has(KEY) ? this.secrets.get(KEY) : undefined
    return kept === undefined ? settings : { ...settings, apiKey: kept }
  }

  /** The settings of a run when the provider is on; off: undefined, and the keychain is not asked. */
  loadIfEnabled(locale: Locale): ModelSettings | undefined {
    return this.fromFile(locale).enabled ? this.load(locale) : undefined
  }

  /** What the window shows; the keychain is asked only whether it keeps a key (never to open it). */
  view(locale: Locale): ModelSettingsView {
    const settings = this.fromFile(locale)
    const file = this.readFile(locale)
    const keySource = this.secrets.has(KEY) ? "keychain" : file.apiKey !== undefined ? "file" : settings.apiKey !== undefined ? "environment" : "none"
    return {
      enabled: settings.enabled,
      endpoint: settings.endpoint,
      model: settings.model,
      draftProse: settings.draftProse,
      apiKey: keySource === "none" ? "none" : "set",
      keySource,
      keychain: this.secrets.available(),
    }
  }

  update(patch: ModelSettingsPatch, locale: Locale): ModelSettingsView {
    const path = this.path
    if (path === null) throw new ModelInputError({ hr: "Ova baza nije spremljena u mapu pa postavke modela nemaju gdje biti spremljene.", en: "This database is not kept in a folder, so the model settings have nowhere to be saved." })
    const file = this.readFile(locale)
    const next: ModelSettingsFile = {
      ...file,
      ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
      ...(patch.endpoint === undefined ? {} : { endpoint: checkedEndpoint(patch.endpoint) }),
      ...(patch.model === undefined ? {} : { model: checkedModel(patch.model) }),
      ...(patch.draftProse === undefined ? {} : { draftProse: patch.draftProse }),
    }
    const newKey = patch.apiKey === undefined || patch.apiKey === null ? undefined : patch.apiKey.trim()
    if (newKey === "") throw new ModelInputError({ hr: "Ključ je prazan: upišite ključ ili ga uklonite.", en: "The key is empty: type a key or remove it." })
    // The key goes to the keychain first: a machine without one refuses here, before the file changes.
    if (newKey !== undefined) this.secrets.set(KEY, newKey)
    if (patch.apiKey === null) this.secrets.delete(KEY)
    const keyHandled = patch.apiKey !== undefined || this.secrets.has(KEY)
    const { apiKey: fileKey, ...rest } = next
    writeAtomically(path, keyHandled || fileKey === undefined ? rest : next)
    return this.view(locale)
  }

  /** The file's settings with the CLI's key sources (the file, FISKAI_MODEL_KEY); no file: the defaults. */
  private fromFile(locale: Locale): ModelSettings {
    const path = this.path
    if (path === null) return DEFAULT_MODEL_SETTINGS
    return loadModelSettings(path, {}, locale, this.env)
  }

  private readFile(locale: Locale): ModelSettingsFile {
    const path = this.path
    if (path === null || !existsSync(path)) return {}
    let raw: unknown
    try {
      raw = JSON.parse(readBoundedText(path, 64 * 1024, "a model settings file"))
    } catch {
      throw new ModelSettingsError(path, { hr: "datoteka nije ispravan JSON; popravite je ili obrišite", en: "the file is not valid JSON; repair or delete it" }, locale)
    }
    const parsed = ModelSettingsFile.safeParse(raw)
    if (!parsed.success) throw new ModelSettingsError(path, { hr: "datoteka sadrži neispravno polje; popravite je ili obrišite", en: "the file has a field that is not valid; repair or delete it" }, locale)
    return parsed.data
  }
}

export function checkedEndpoint(value: string): string {
  const endpoint = value.trim()
  if (!ModelSettings.shape.endpoint.safeParse(endpoint).success)
    throw new ModelInputError({
      hr: "Adresa poslužitelja mora biti http:// ili https:// adresa, npr. http://127.0.0.1:8080.",
      en: "The server address must be an http:// or https:// address, e.g. http://127.0.0.1:8080.",
    })
  return endpoint
}

export function checkedModel(value: string): string {
  const model = value.trim()
  if (model === "" || !ModelSettings.shape.model.safeParse(model).success)
    throw new ModelInputError({
      hr: "Upišite naziv modela (npr. qwen3:0.6b za Ollamu; llama-server prihvaća bilo koji naziv, npr. local).",
      en: "Type the model's name (e.g. qwen3:0.6b for Ollama; llama-server accepts any name, e.g. local).",
    })
  return model
}

/** Written whole to a temporary file, then renamed: a crash leaves the old file or the new one. */
function writeAtomically(path: string, file: ModelSettingsFile): void {
  const temporary = join(dirname(path), `.${MODEL_SETTINGS_FILE}.${process.pid}.tmp`)
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 })
  renameSync(temporary, path)
}
