import { createServer, type Socket } from "node:net"
import { afterEach, describe, expect, test } from "vitest"
import { MAX_STREAM_CHARS, streamChat, type StreamEnd, type StreamRequest } from "../../../src-main/model/client"
import { contentDelta, finishChunk, reasoningDelta, startScriptedServer, wellBehaved, type Script, type ScriptedServer } from "../../support/scripted-openai-server"

// The streaming client against a scripted OpenAI-compatible server over real HTTP.

const LIMITS = { connectMs: 2000, stallMs: 300, totalMs: 4000 }
let server: ScriptedServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function run(script: Script, extra: Partial<StreamRequest> = {}): Promise<{ end: StreamEnd; reasoning: string; text: string; took: number }> {
  server = await startScriptedServer([script])
  let reasoning = ""
  let text = ""
  const started = Date.now()
  const end = await streamChat({
    endpoint: server.url,
    model: "test-model",
    messages: [{ role: "user", content: "Koja je stopa PDV-a?" }],
    limits: LIMITS,
    onDelta: (d) => {
      if (d.channel === "reasoning") reasoning += d.text
      else text += d.text
    },
    ...extra,
  })
  return { end, reasoning, text, took: Date.now() - started }
}

describe("streaming a chat completion", () => {
  test("thinking deltas and text deltas arrive apart, and the stream finishes", async () => {
    const result = await run(wellBehaved(["Korisnik pita ", "o stopi."], ["Stopa ", "je u pravilu."]))
    expect(result.end).toEqual({ reason: "finished" })
    expect(result.reasoning).toBe("Korisnik pita o stopi.")
    expect(result.text).toBe("Stopa je u pravilu.")
    const request = server?.received[0]
    expect(request?.path).toBe("/v1/chat/completions")
    expect(request?.body).toMatchObject({ model: "test-model", stream: true })
    expect(request?.headers.authorization).toBeUndefined()
  })

  test("Ollama's reasoning field and <think> tags in the content are thinking too", async () => {
    const result = await run([reasoningDelta("Prvo ", "reasoning"), contentDelta("<thi"), contentDelta("nk>drugo</think>Tekst."), finishChunk(), { done: true }])
    expect(result.reasoning).toBe("Prvo drugo")
    expect(result.text).toBe("Tekst.")
  })

  test("the key goes in the Authorization header", async () => {
    await run(wellBehaved(["x"]), { apiKey: "sk-test-key-123456" })
    expect(server?.received[0]?.headers.authorization).toBe("Bearer sk-test-key-123456")
  })

  test("a stall ends the stream with what arrived before it, within the stall limit", async () => {
    const result = await run([reasoningDelta("Počinjem. "), { delayMs: 3000 }, reasoningDelta("kasno")])
    expect(result.end.reason).toBe("stalled")
    expect(result.reasoning).toBe("Počinjem. ")
    expect(result.took).toBeLessThan(1500)
  })

  test("a dropped connection ends it as disconnected", async () => {
    const result = await run([reasoningDelta("Počinjem. "), { delayMs: 20 }, { destroy: true }])
    expect(result.end.reason).toBe("disconnected")
    expect(result.reasoning).toBe("Počinjem. ")
  })

  test("a stream that stops without a finish or [DONE] was cut off", async () => {
    const result = await run([reasoningDelta("Počinjem. ")])
    expect(result.end.reason).toBe("disconnected")
  })

  test("a chunk that is not JSON ends it as invalid", async () => {
    const result = await run([reasoningDelta("Dobro. "), { data: "{oops" }, reasoningDelta("nikad")])
    expect(result.end).toMatchObject({ reason: "invalid" })
    expect(result.reasoning).toBe("Dobro. ")
  })

  test("an endless stream is cut past its size", async () => {
    const big = "a ".repeat(5000)
    const steps: Script = Array.from({ length: Math.ceil(MAX_STREAM_CHARS / big.length) + 2 }, () => reasoningDelta(big))
    const result = await run([...steps, finishChunk(), { done: true }])
    expect(result.end).toMatchObject({ reason: "invalid" })
  })

  test("an HTTP error and an error chunk are the server refusing", async () => {
    expect((await run([{ status: 404, body: "model not found" }])).end).toEqual({ reason: "http_error", detail: "HTTP 404" })
    await server?.close()
    expect((await run([{ data: { error: { message: "context too long" } } }])).end).toEqual({ reason: "http_error", detail: "context too long" })
  })

  test("the whole request never outlives its total limit, even when chunks keep coming", async () => {
    const trickle: Script = Array.from({ length: 40 }, (_, i) => [reasoningDelta(`${i} `), { delayMs: 100 }]).flat()
    const result = await run(trickle, { limits: { ...LIMITS, totalMs: 600 } })
    expect(result.end.reason).toBe("timeout")
    expect(result.took).toBeLessThan(1500)
  })

  test("a server that accepts but never answers times out at the connect limit", async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    const address = silent.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    const started = Date.now()
    const end = await streamChat({ endpoint: `http://127.0.0.1:${port}`, model: "m", messages: [], limits: { ...LIMITS, connectMs: 300 }, onDelta: () => undefined })
    expect(end.reason).toBe("timeout")
    expect(Date.now() - started).toBeLessThan(1500)
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  })

  test("nobody listening is unreachable; a Stop is aborted", async () => {
    const closed = await startScriptedServer([])
    const url = closed.url
    await closed.close()
    const end = await streamChat({ endpoint: url, model: "m", messages: [], limits: LIMITS, onDelta: () => undefined })
    expect(end.reason).toBe("unreachable")
    const stop = new AbortController()
    setTimeout(() => stop.abort(), 100)
    const stopped = await run([reasoningDelta("a. "), { delayMs: 250 }, reasoningDelta("b. "), { delayMs: 250 }, finishChunk(), { done: true }], { signal: stop.signal, limits: { ...LIMITS, stallMs: 2000 } })
    expect(stopped.end.reason).toBe("aborted")
  })
})
