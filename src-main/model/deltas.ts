import { z } from "zod"

// One streamed chat-completion chunk, read into what the model thought and what it wrote. Servers
// differ in where the thinking goes: llama.cpp's server and vLLM send `delta.reasoning_content`,
// Ollama and others `delta.reasoning`, and models served without a reasoning parser write it
// into the content between <think> and </think> (ThinkSplitter).

const Delta = z.object({
  content: z.string().nullish(),
  reasoning_content: z.string().nullish(),
  reasoning: z.string().nullish(),
})

const Chunk = z.object({
  choices: z.array(z.object({ delta: Delta.nullish(), finish_reason: z.string().nullish() })),
})

const ErrorChunk = z.object({ error: z.union([z.string(), z.object({ message: z.string().optional() })]) })

export type ChunkReading =
  | { kind: "delta"; reasoning: string; content: string; finished: boolean }
  | { kind: "done" }
  | { kind: "error"; detail: string }
  | { kind: "invalid"; detail: string }

/** Reads one SSE data payload of the stream. */
export function readChunk(data: string): ChunkReading {
  if (data.trim() === "[DONE]") return { kind: "done" }
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return { kind: "invalid", detail: "a chunk is not JSON" }
  }
  const failure = ErrorChunk.safeParse(json)
  if (failure.success) {
    const { error } = failure.data
    return { kind: "error", detail: typeof error === "string" ? error : (error.message ?? "error") }
  }
  const chunk = Chunk.safeParse(json)
  if (!chunk.success) return { kind: "invalid", detail: "a chunk is not a chat-completion chunk" }
  const choice = chunk.data.choices[0]
  const delta = choice?.delta
  return {
    kind: "delta",
    reasoning: (delta?.reasoning_content ?? "") + (delta?.reasoning ?? ""),
    content: delta?.content ?? "",
    finished: choice?.finish_reason !== undefined && choice.finish_reason !== null,
  }
}

const OPEN = "<think>"
const CLOSE = "</think>"

/** Splits content into thinking (inside <think>…</think>) and text, across chunk borders. */
export class ThinkSplitter {
  private inside = false
  private held = ""

  push(content: string): { reasoning: string; text: string } {
    let rest = this.held + content
    this.held = ""
    let reasoning = ""
    let text = ""
    for (;;) {
      const tag = this.inside ? CLOSE : OPEN
      const at = rest.indexOf(tag)
      if (at >= 0) {
        if (this.inside) reasoning += rest.slice(0, at)
        else text += rest.slice(0, at)
        rest = rest.slice(at + tag.length)
        this.inside = !this.inside
        continue
      }
      // Keep back a tail that may be the start of the tag cut by a chunk border.
      const keep = partialTagLength(rest, tag)
      const now = rest.slice(0, rest.length - keep)
      this.held = rest.slice(rest.length - keep)
      if (this.inside) reasoning += now
      else text += now
      return { reasoning, text }
    }
  }

  /** The stream ended: what was held back is what it looked like. */
  end(): { reasoning: string; text: string } {
    const held = this.held
    this.held = ""
    return this.inside ? { reasoning: held, text: "" } : { reasoning: "", text: held }
  }
}

function partialTagLength(text: string, tag: string): number {
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--)
    if (text.endsWith(tag.slice(0, length))) return length
  return 0
}
