import { createServer } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { modelsUrl, testModelConnection } from "../../../src-main/model/connection-test"
import { startScriptedServer, type Script, type ScriptedServer } from "../../support/scripted-openai-server"

// Settings → "Test connection" over real HTTP against the scripted server: what it finds for a
// server that lists the chosen model, one that lists others, one without a model list, a key the
// server refuses, a server error, a server that never answers, and no server at all.

let server: ScriptedServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const list = (...ids: string[]): Script => [{ status: 200, body: JSON.stringify({ object: "list", data: ids.map((id) => ({ id, object: "model" })) }) }]

async function probe(scripts: readonly Script[], model = "qwen3:0.6b", extra: { apiKey?: string; timeoutMs?: number } = {}) {
  server = await startScriptedServer(scripts)
  return testModelConnection({ endpoint: server.url, model, timeoutMs: extra.timeoutMs ?? 2000, ...(extra.apiKey === undefined ? {} : { apiKey: extra.apiKey }) })
}

describe("the model connection test", () => {
  it("finds the chosen model in the server's list (GET /v1/models), sending the key only as a bearer header", async () => {
    const result = await probe([list("llama3.2:1b", "qwen3:0.6b")], "qwen3:0.6b", { apiKey: "sk-test-0123456789abcdef" })
    expect(result).toMatchObject({ finding: "ok", models: ["llama3.2:1b", "qwen3:0.6b"], modelListed: true })
    expect(result.endpoint).toBe(new URL(server?.url ?? "").host)
    expect(server?.received).toHaveLength(1)
    expect(server?.received[0]?.path).toBe("/v1/models")
    expect(server?.received[0]?.headers.authorization).toBe("Bearer sk-test-0123456789abcdef")
    expect(JSON.stringify(result)).not.toContain("sk-test")
  })

  it("says the chosen model is missing and lists the ones the server has", async () => {
    const result = await probe([list("ggml-org/Qwen3-0.6B-GGUF")], "local")
    expect(result).toMatchObject({ finding: "model_missing", models: ["ggml-org/Qwen3-0.6B-GGUF"], modelListed: false })
  })

  it("reads Ollama's own list shape too ({ models: [{ name }] })", async () => {
    const result = await probe([[{ status: 200, body: JSON.stringify({ models: [{ name: "qwen3:0.6b" }] }) }]])
    expect(result).toMatchObject({ finding: "ok", modelListed: true })
  })

  it("without a model list, asks for one token and reports the server reachable", async () => {
    const result = await probe([[{ status: 404, body: "not found" }], [{ status: 200, body: JSON.stringify({ choices: [] }) }]])
    expect(result).toMatchObject({ finding: "no_model_list", modelListed: null, models: [] })
    expect(server?.received.map((r) => r.path)).toEqual(["/v1/models", "/v1/chat/completions"])
    expect(server?.received[1]?.body).toMatchObject({ model: "qwen3:0.6b", stream: false })
  })

  it("reports a refused key (401) without trying further", async () => {
    const result = await probe([[{ status: 401, body: "bad key" }]])
    expect(result).toMatchObject({ finding: "unauthorized", status: 401 })
    expect(server?.received).toHaveLength(1)
  })

  it("reports a server error with its status", async () => {
    const result = await probe([[{ status: 500 }], [{ status: 503 }]])
    expect(result).toMatchObject({ finding: "http_error", status: 503 })
  })

  it("says when the address answers but is not an OpenAI-compatible server", async () => {
    const result = await probe([[{ status: 200, body: "<html>router login</html>" }], [{ status: 404 }]])
    expect(result).toMatchObject({ finding: "not_openai", status: 404 })
  })

  it("gives up within its time limit when the server never finishes answering", async () => {
    const started = Date.now()
    const result = await probe([[{ delayMs: 5000 }, { done: true }]], "qwen3:0.6b", { timeoutMs: 300 })
    expect(result.finding).toBe("timeout")
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it("says the server cannot be reached when nothing listens at the address", async () => {
    const port = await freePort()
    const result = await testModelConnection({ endpoint: `http://127.0.0.1:${port}`, model: "local", timeoutMs: 2000 })
    expect(result).toMatchObject({ finding: "unreachable", endpoint: `127.0.0.1:${port}` })
  })

  it("puts /v1/models next to the chat-completions URL, whichever way the endpoint was written", () => {
    expect(modelsUrl("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080/v1/models")
    expect(modelsUrl("http://127.0.0.1:11434/v1")).toBe("http://127.0.0.1:11434/v1/models")
    expect(modelsUrl("http://host:8000/v1/chat/completions?x=1")).toBe("http://host:8000/v1/models")
  })
})

/** A port nothing listens on: bound, then closed. */
async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve))
  const address = probe.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
