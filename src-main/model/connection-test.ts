import type { ModelTestFinding, ModelTestResult } from "../../src-shared/model-provider"
import { chatCompletionsUrl, endpointLabel } from "./settings"

// Settings → "Test connection": asks the server which models it has (GET /v1/models) and, when it
// lists none, for a one-token completion, within a short time limit. It never throws and never
// streams; the key goes only into the Authorization header, and nothing the server says is
// repeated beyond model names (a reply is data, never text to show).

export interface ConnectionTestRequest {
  endpoint: string
  model: string
  apiKey?: string
  /** The whole test, both requests together. */
  timeoutMs: number
}

const MAX_LISTED = 20

export async function testModelConnection(request: ConnectionTestRequest): Promise<ModelTestResult> {
  const started = Date.now()
  const signal = AbortSignal.timeout(request.timeoutMs)
  const result = (finding: ModelTestFinding, extra: Partial<ModelTestResult> = {}): ModelTestResult => ({
    finding,
    endpoint: endpointLabel(request.endpoint),
    model: request.model,
    models: [],
    modelListed: null,
    elapsedMs: Math.max(0, Date.now() - started),
    ...extra,
  })
  try {
    const listed = await listModels(request, signal)
    if (listed.kind === "listed") {
      const models = listed.models.slice(0, MAX_LISTED)
      const present = listed.models.includes(request.model)
      return result(present ? "ok" : "model_missing", { models, modelListed: present })
    }
    if (listed.kind === "refused") return result(refusal(listed.status), { status: listed.status })
    // No model list (404, or not the list an OpenAI-compatible server gives): ask for one token.
    const status = await oneTokenCompletion(request, signal)
    if (status >= 200 && status < 300) return result("no_model_list")
    if (listed.kind === "not_openai" && status === 404) return result("not_openai", { status })
    return result(refusal(status), { status })
  } catch (error) {
    return result(signal.aborted || isTimeout(error) ? "timeout" : "unreachable")
  }
}

type Listing = { kind: "listed"; models: string[] } | { kind: "refused"; status: number } | { kind: "absent" } | { kind: "not_openai" }

async function listModels(request: ConnectionTestRequest, signal: AbortSignal): Promise<Listing> {
  const response = await fetch(modelsUrl(request.endpoint), { headers: headers(request), signal })
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel().catch(() => undefined)
    return { kind: "refused", status: response.status }
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    return { kind: "absent" }
  }
  const ids = modelIds(await readJson(response))
  return ids === null ? { kind: "not_openai" } : { kind: "listed", models: ids }
}

async function oneTokenCompletion(request: ConnectionTestRequest, signal: AbortSignal): Promise<number> {
  const response = await fetch(chatCompletionsUrl(request.endpoint), {
    method: "POST",
    headers: { ...headers(request), "content-type": "application/json" },
    body: JSON.stringify({ model: request.model, messages: [{ role: "user", content: "ping" }], max_tokens: 1, stream: false }),
    signal,
  })
  await response.body?.cancel().catch(() => undefined)
  return response.status
}

/** `…/v1/models` next to the chat-completions URL the runs use. */
export function modelsUrl(endpoint: string): string {
  const url = new URL(chatCompletionsUrl(endpoint))
  url.pathname = url.pathname.replace(/\/chat\/completions$/u, "/models")
  url.search = ""
  return url.toString()
}

function headers(request: ConnectionTestRequest): Record<string, string> {
  return { accept: "application/json", ...(request.apiKey === undefined ? {} : { authorization: `Bearer ${request.apiKey}` }) }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse((await response.text()).slice(0, 256 * 1024)) as unknown
  } catch (error) {
    if (isTimeout(error)) throw error
    return null
  }
}

/** The ids of `{ data: [{ id }] }` (OpenAI, llama.cpp, vLLM) or `{ models: [{ name }] }` (Ollama's own list). */
function modelIds(body: unknown): string[] | null {
  if (body === null || typeof body !== "object") return null
  const record = body as { data?: unknown; models?: unknown }
  const entries = Array.isArray(record.data) ? record.data : Array.isArray(record.models) ? record.models : null
  if (entries === null) return null
  return entries.flatMap((entry: unknown) => {
    if (entry === null || typeof entry !== "object") return []
    const { id, name, model } = entry as { id?: unknown; name?: unknown; model?: unknown }
    const value = [id, name, model].find((v): v is string => typeof v === "string" && v !== "")
    return value === undefined ? [] : [value.slice(0, 200)]
  })
}

function refusal(status: number): ModelTestFinding {
  return status === 401 || status === 403 ? "unauthorized" : "http_error"
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
}
