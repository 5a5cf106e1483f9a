import { z } from "zod"

// The model provider setting (issue 24): off by default. When on, an OpenAI-compatible
// /v1/chat/completions endpoint (llama.cpp's llama-server, Ollama, vLLM), a model name and an
// optional key. The key is a secret: it is never logged, never recorded in a trace and never part
// of an error message; the app will keep it in the OS keychain (Electron safeStorage), the CLI
// takes it from the settings file or FISKAI_MODEL_KEY.

/** Time limits of the model's part, in milliseconds; none of them ever delays the engine's answer past its own. */
export const ModelLimits = z.object({
  /** From the request to the first byte of the stream. */
  connectMs: z.number().int().min(100).max(120_000),
  /** The longest silence between two chunks of the stream (a stall). */
  stallMs: z.number().int().min(50).max(120_000),
  /** The whole thinking stream, from request to end. */
  thinkMs: z.number().int().min(100).max(600_000),
  /** How long the engine's answer may wait after the terminal for the thinking to finish. */
  graceMs: z.number().int().min(0).max(60_000),
  /** The whole drafting request (the answer's prose). */
  draftMs: z.number().int().min(100).max(600_000),
})

export const DEFAULT_MODEL_LIMITS: ModelLimits = { connectMs: 5000, stallMs: 8000, thinkMs: 30_000, graceMs: 3000, draftMs: 20_000 }

export const ModelSettings = z.object({
  enabled: z.boolean(),
  /** The chat-completions URL, or the server's base URL (…/v1/chat/completions is added). */
  endpoint: z.url({ protocol: /^https?$/ }),
  model: z.string().min(1).max(200),
  apiKey: z.string().min(1).max(4096).optional(),
  /** Ask the model to draft the answer's prose from the engine's result (the guard checks it). */
  draftProse: z.boolean(),
  limits: ModelLimits,
})

/** What a settings file may hold: every field optional, nothing else. */
export const ModelSettingsFile = z
  .object({
    enabled: z.boolean().optional(),
    endpoint: z.string().optional(),
    model: z.string().optional(),
    apiKey: z.string().optional(),
    draftProse: z.boolean().optional(),
    limits: ModelLimits.partial().strict().optional(),
  })
  .strict()

export type ModelLimits = z.infer<typeof ModelLimits>
export type ModelSettings = z.infer<typeof ModelSettings>
export type ModelSettingsFile = z.infer<typeof ModelSettingsFile>

/** The default: off, pointing at llama.cpp's server on this machine should someone turn it on. */
export const DEFAULT_MODEL_SETTINGS: ModelSettings = {
  enabled: false,
  endpoint: "http://127.0.0.1:8080/v1/chat/completions",
  model: "local",
  draftProse: true,
  limits: DEFAULT_MODEL_LIMITS,
}

/** The chat-completions URL of an endpoint given as a base URL (`http://host:8080`, `…/v1`) or in full. */
export function chatCompletionsUrl(endpoint: string): string {
  const url = new URL(endpoint)
  const path = url.pathname.replace(/\/+$/u, "")
  if (path.endsWith("/chat/completions")) return url.toString()
  url.pathname = path.endsWith("/v1") ? `${path}/chat/completions` : `${path}/v1/chat/completions`
  return url.toString()
}

/** The endpoint as a trace or a note may name it: host and port only (no path, query or credentials). */
export function endpointLabel(endpoint: string): string {
  try {
    return new URL(endpoint).host
  } catch {
    return "?"
  }
}

/** The settings as JSON may show them: the key replaced by whether there is one. */
export function redactedSettings(settings: ModelSettings): Omit<ModelSettings, "apiKey"> & { apiKey: "set" | "none" } {
  const { apiKey, ...rest } = settings
  return { ...rest, apiKey: apiKey === undefined ? "none" : "set" }
}
