import type { ModelEndReason } from "../../src-shared/events/model-record"
import { readChunk, ThinkSplitter } from "./deltas"
import { chatCompletionsUrl } from "./settings"
import { SseParser } from "./sse"

// A streaming chat-completions request over Node's fetch. It never throws and never outlives its
// limits: a refused connection, an HTTP error, a stall, a dropped connection, a chunk that is not
// JSON or a stream that runs on past its size all end it with a reason, and whatever arrived
// before stays delivered. Nothing here logs; the key goes only into the Authorization header.

export interface ChatMessage {
  role: "system" | "user" | "assistant"
  content: string
}

export interface StreamLimits {
  /** From the request to the response's headers. */
  connectMs: number
  /** The longest silence between two pieces of the body. */
  stallMs: number
  /** The whole request. */
  totalMs: number
}

export interface StreamRequest {
  endpoint: string
  model: string
  apiKey?: string
  messages: readonly ChatMessage[]
  limits: StreamLimits
  signal?: AbortSignal
  /** Each delta as it arrives (thinking and reply text apart). */
  onDelta: (delta: { channel: "reasoning" | "text"; text: string }) => void
}

export interface StreamEnd {
  reason: ModelEndReason
  detail?: string
}

/** More than this many characters is not an answer to a tax question: the stream is cut. */
export const MAX_STREAM_CHARS = 64_000

export async function streamChat(request: StreamRequest): Promise<StreamEnd> {
  const stop = new AbortController()
  let ended: StreamEnd | undefined
  const endWith = (end: StreamEnd) => {
    ended ??= end
    stop.abort()
  }
  const onOuterAbort = () => endWith({ reason: "aborted" })
  if (request.signal?.aborted === true) return { reason: "aborted" }
  request.signal?.addEventListener("abort", onOuterAbort, { once: true })
  const total = setTimeout(() => endWith({ reason: "timeout", detail: `no end within ${request.limits.totalMs} ms` }), request.limits.totalMs)
  const connect = setTimeout(() => endWith({ reason: "timeout", detail: `no response within ${request.limits.connectMs} ms` }), request.limits.connectMs)
  try {
    const response = await fetch(chatCompletionsUrl(request.endpoint), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "text/event-stream",
        ...(request.apiKey === undefined ? {} : { authorization: `Bearer ${request.apiKey}` }),
      },
      body: JSON.stringify({ model: request.model, messages: request.messages, stream: true }),
      signal: stop.signal,
    })
    clearTimeout(connect)
    if (!response.ok || response.body === null) {
      await response.body?.cancel().catch(() => undefined)
      return ended ?? { reason: "http_error", detail: `HTTP ${response.status}` }
    }
    const result = await readStream(response.body, request, endWith)
    return ended ?? result
  } catch (error) {
    if (ended !== undefined) return ended
    return { reason: "unreachable", detail: causeOf(error) }
  } finally {
    clearTimeout(total)
    clearTimeout(connect)
    request.signal?.removeEventListener("abort", onOuterAbort)
    stop.abort()
  }
}

async function readStream(
  body: ReadableStream<Uint8Array>,
  request: StreamRequest,
  endWith: (end: StreamEnd) => void,
): Promise<StreamEnd> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const sse = new SseParser()
  const think = new ThinkSplitter()
  let size = 0
  let finished = false
  const deliver = (reasoning: string, text: string): boolean => {
    size += reasoning.length + text.length
    if (reasoning !== "") request.onDelta({ channel: "reasoning", text: reasoning })
    if (text !== "") request.onDelta({ channel: "text", text })
    return size <= MAX_STREAM_CHARS
  }
  const take = (payloads: readonly string[]): StreamEnd | null => {
    for (const data of payloads) {
      const chunk = readChunk(data)
      if (chunk.kind === "done") return { reason: "finished" }
      if (chunk.kind === "error") return { reason: "http_error", detail: chunk.detail.slice(0, 200) }
      if (chunk.kind === "invalid") return { reason: "invalid", detail: chunk.detail }
      const split = think.push(chunk.content)
      if (!deliver(chunk.reasoning + split.reasoning, split.text)) return { reason: "invalid", detail: `more than ${MAX_STREAM_CHARS} characters` }
      finished ||= chunk.finished
    }
    return null
  }
  let stall = setTimeout(() => endWith({ reason: "stalled", detail: `silent for ${request.limits.stallMs} ms` }), request.limits.stallMs)
  try {
    for (;;) {
      const piece = await reader.read()
      clearTimeout(stall)
      if (piece.done) break
      const end = take(sse.feed(decoder.decode(piece.value, { stream: true })))
      if (end !== null) return end
      stall = setTimeout(() => endWith({ reason: "stalled", detail: `silent for ${request.limits.stallMs} ms` }), request.limits.stallMs)
    }
    const end = take(sse.end())
    const tail = think.end()
    deliver(tail.reasoning, tail.text)
    if (end !== null) return end
    // A stream that stops without [DONE] and without a finish reason was cut off.
    return finished ? { reason: "finished" } : { reason: "disconnected", detail: "the stream ended early" }
  } catch (error) {
    return { reason: "disconnected", detail: causeOf(error) }
  } finally {
    clearTimeout(stall)
    reader.cancel().catch(() => undefined)
  }
}

/** A short technical reason (fetch wraps the socket's error as its cause); never the request's headers. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  const code = (cause as { code?: unknown } | null)?.code
  if (typeof code === "string") return code
  return (cause instanceof Error ? cause.message : String(cause)).slice(0, 200)
}
