import { connect } from "node:net"
import { networkInterfaces } from "node:os"
import { join } from "node:path"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { HOST_MAX_MESSAGE_BYTES } from "../../../src-shared/documents"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import { channels, pushChannels, type ChannelKey } from "../../../src-shared/ipc/channels"
import { createHandlers } from "../../../src-main/handlers"
import { startBrowserHost, type BrowserHost } from "../../../src-main/host/server"
import { hostileInputFor, unknownChannelName } from "./support/channel-payloads"
import { openSnapshotReader, type SnapshotReader } from "./support/db-snapshot"
import { answerProblems, describeInput, snapshotProblems } from "./support/fuzz-checks"
import { startFuzzApp, type FuzzApp } from "./support/fuzz-app"
import { VAT_QUESTION } from "./support/hostile-text"
import { HostSocket } from "./support/ws-client"

// The browser host's WebSocket under hostile traffic: the real host on port 0 over real services
// (temp data dir), reached with its token from its own origin. A sample of hostile payloads on
// every channel plus frames no page would send (not JSON, binary, malformed requests, too big);
// each gets a clear answer, a rejected one changes nothing, and the host keeps serving.

const PER_CHANNEL = Number(process.env["FISKAI_WS_FUZZ_RUNS"] ?? 24)
const SEED = Number(process.env["FISKAI_FUZZ_SEED"] ?? Math.floor(Math.random() * 2 ** 31))

let app: FuzzApp
let host: BrowserHost
let reader: SnapshotReader

beforeAll(async () => {
  app = await startFuzzApp("fiskai-wsfuzz-")
  reader = openSnapshotReader(app.dbPath)
  host = await startBrowserHost({ rendererDir: join(app.dir, "renderer"), handlers: createHandlers(app.services), pushes: app.services.pushes, port: 0 })
}, 120_000)

afterAll(async () => {
  await host?.close()
  reader?.close()
  await app?.close()
})

/** The JSON a page could send for a value (bigints and maps have no JSON form: skipped). */
function asJson(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null
  } catch {
    return null
  }
}

function isRejected(result: unknown): boolean {
  return (result as IpcResult<unknown>).ok === false
}

describe("the browser host's WebSocket under hostile traffic", () => {
  it("answers a sample of hostile payloads on every channel clearly, and a rejected one changes nothing", { timeout: 300_000 }, async () => {
    const socket = await HostSocket.open(host)
    const problems: string[] = []
    let sent = 0
    let id = 1
    for (const [index, key] of (Object.keys(channels) as ChannelKey[]).entries()) {
      for (const input of fc.sample(hostileInputFor(key, app.seeds), { numRuns: PER_CHANNEL, seed: SEED + index })) {
        const text = asJson({ id, channel: key, input })
        if (text === null || text.length > 1_000_000) continue
        if (key === "exports.start" && channels["exports.start"].input.safeParse(JSON.parse(text).input).success) continue
        const before = reader.snapshot()
        const answer = await socket.sendRaw(text, id)
        sent += 1
        const result = answer.result as IpcResult<unknown>
        // What the server parsed is the JSON's value, not the original (undefined keys vanish).
        const parsedInput: unknown = JSON.parse(text).input
        problems.push(...answerProblems(key, parsedInput, result))
        app.noteResult(key, result)
        if (result.ok) await app.quiesce()
        else problems.push(...snapshotProblems(key, parsedInput, before, reader.snapshot()))
        id += 1
      }
    }
    for (const name of fc.sample(unknownChannelName, { numRuns: PER_CHANNEL * 2, seed: SEED - 1 })) {
      const answer = await socket.request(id, name, {})
      // The protocol caps channel names at 64 characters: a longer one is not even a request.
      const expected = name.length > 64 ? "BAD_INPUT" : "NOT_FOUND"
      if (!isRejected(answer.result) || (answer.result as { error: { code: string } }).error.code !== expected)
        problems.push(`unknown channel ${describeInput(name)}: ${describeInput(answer.result)}`)
      sent += 1
      id += 1
    }
    console.info(`[ws-fuzz] ${sent} requests, seed ${SEED}`)
    // About a fifth of the hostile samples have no JSON form (bigints, maps) and are skipped, on
    // every channel alike; 0.8 sat within a few samples of that and failed a CI run on its seed.
    expect(sent).toBeGreaterThan(Object.keys(channels).length * PER_CHANNEL * 0.7)
    expect(problems.slice(0, 20), `seed ${SEED}`).toEqual([])
    expect(socket.isOpen).toBe(true)
    socket.close()
  })

  it("answers frames no page would send with BAD_INPUT, on the id it could read or -1", async () => {
    const socket = await HostSocket.open(host)
    const before = reader.snapshot()
    const raw: Array<[string, string | Buffer, number, boolean?]> = [
      ["not JSON", "hello, is this the IPC?", -1],
      ["truncated JSON", '{"id": 5, "channel": "runs.ask", "input": {', -1],
      ["a JSON string", '"runs.ask"', -1],
      ["JSON null", "null", -1],
      ["an array", '[1, "runs.ask", {}]', -1],
      ["a negative id", '{"id": -7, "channel": "traces.list", "input": {}}', -7],
      ["a fractional id", '{"id": 1.5, "channel": "traces.list", "input": {}}', -1],
      ["a string id", '{"id": "7", "channel": "traces.list", "input": {}}', -1],
      ["a missing channel", '{"id": 8, "input": {}}', 8],
      ["a 65-character channel", JSON.stringify({ id: 9, channel: "a".repeat(65), input: {} }), 9],
      ["an extra key", '{"id": 10, "channel": "traces.list", "input": {}, "admin": true}', 10],
      ["a __proto__ key", '{"id": 11, "channel": "traces.list", "input": {}, "__proto__": {"polluted": true}}', 11],
      ["deeply nested JSON", `${"[".repeat(100_000)}${"]".repeat(100_000)}`, -1],
      ["a lone surrogate", '{"id": 12, "channel": "runs.ask", "input": {"question": "\\ud800"}}', 12],
      ["binary", Buffer.from([0x7b, 0x00, 0xff]), -1, true],
    ]
    for (const [label, data, expectId, binary] of raw) {
      const answer = await Promise.race([
        socket.sendRaw(data, expectId, { binary: binary === true }),
        new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`no answer with id ${expectId} to ${label}`)), 5_000)),
      ])
      expect(answer.id, label).toBe(expectId)
      expect(isRejected(answer.result), label).toBe(true)
      expect((answer.result as { error: { code: string } }).error.code, label).toBe("BAD_INPUT")
    }
    const after = reader.snapshot()
    // Nothing was stored: a lone surrogate is broken text (SQLite would keep U+FFFD, not what was asked).
    expect(after.counts).toEqual(before.counts)
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined()
    expect(socket.isOpen).toBe(true)
    socket.close()
  })

  it("closes a connection that sends more than a 25 MB document's message at once, and keeps serving new ones", async () => {
    const flooder = await HostSocket.open(host)
    // A run queued for the search index earlier is indexed when the host idles, which it may do
    // while this large frame arrives: index it now so the snapshot compares only the frame's effect.
    app.services.store.searchIndex.catchUp()
    const before = reader.snapshot()
    // The limit fits documents.add of a file of intake's limit in base64 (src-shared/documents.ts).
    const huge = JSON.stringify({ id: 1, channel: "runs.ask", input: { question: "x".repeat(HOST_MAX_MESSAGE_BYTES) } })
    await expect(flooder.sendRaw(huge, 1)).rejects.toThrow(/closed/)
    expect(flooder.closeCode).toBe(1009)
    expect(snapshotProblems("ask (oversized frame)", "…", before, reader.snapshot())).toEqual([])
    const fresh = await HostSocket.open(host)
    const answer = await fresh.request(1, "settings.get", {})
    expect((answer.result as IpcResult<unknown>).ok).toBe(true)
    fresh.close()
  })

  it("refuses connections without the token, with a wrong token, from another origin, or naming another host", async () => {
    await expect(HostSocket.open(host, { token: "" })).rejects.toThrow("401")
    await expect(HostSocket.open(host, { token: `${host.token}x` })).rejects.toThrow("401")
    await expect(HostSocket.open(host, { origin: "http://evil.example" })).rejects.toThrow("403")
    await expect(HostSocket.open(host, { origin: `http://127.0.0.1:${host.port + 1}` })).rejects.toThrow("403")
    await expect(HostSocket.open(host, { host: `rebind.example:${host.port}` })).rejects.toThrow("403")
  })

  it("is not reachable on the machine's other network addresses (it listens on loopback only)", async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address !== undefined && address.family === "IPv4" && !address.internal)
    if (external === undefined) return // No other interface on this machine: nothing to reach.
    const reached = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: external.address, port: host.port })
      socket.once("connect", () => {
        socket.destroy()
        resolve(true)
      })
      socket.once("error", () => resolve(false))
    })
    expect(reached).toBe(false)
  })

  it("keeps serving afterwards: a question asked over the socket streams its events back and is stored", { timeout: 60_000 }, async () => {
    await app.quiesce()
    const socket = await HostSocket.open(host)
    const answer = await socket.request(1, "runs.ask", { question: VAT_QUESTION, asOfDate: "2025-06-01" })
    const result = answer.result as IpcResult<{ requestId: string }>
    expect(result.ok).toBe(true)
    if (!result.ok) return
    await app.quiesce()
    const detail = await socket.request(2, "traces.get", { requestId: result.value.requestId })
    const trace = detail.result as IpcResult<{ trace: { status: string }; events: unknown[] }>
    expect(trace.ok && trace.value.trace.status).toBe("complete")
    const pushed = socket.pushes.filter((push) => push.push === pushChannels["runs.event"].name && (push.payload as { requestId?: string }).requestId === result.value.requestId)
    expect(pushed.length).toBe(trace.ok ? trace.value.events.length : -1)
    socket.close()
  })
})
