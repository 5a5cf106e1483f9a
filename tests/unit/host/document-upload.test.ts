import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { DOCUMENT_MAX_BYTES, HOST_MAX_MESSAGE_BYTES } from "../../../src-shared/documents"
import { createHandlers } from "../../../src-main/handlers"
import { startBrowserHost, type BrowserHost } from "../../../src-main/host/server"
import { openTempServices, type TempServices } from "../handlers/temp-services"

// The browser host carries a document of intake's size limit (25 MB) in one documents.add message
// (it carried about 750 KB before); a message larger than that closes the socket, which is why the
// window refuses such a file before sending it (features/documents/file-upload.ts).

function open(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { origin })
    socket.once("open", () => resolve(socket))
    socket.once("error", reject)
  })
}

function reply(socket: WebSocket, id: number): Promise<{ ok: boolean; value?: { created: boolean; document: { sizeBytes: number } }; error?: { message: string } }> {
  return new Promise((resolve) => {
    socket.on("message", (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as { id?: number; result?: never }
      if (message.id === id && message.result !== undefined) resolve(message.result)
    })
  })
}

describe("documents over the browser host's socket", () => {
  let temp: TempServices
  let host: BrowserHost
  let url: string
  let origin: string

  beforeEach(async () => {
    temp = openTempServices()
    const rendererDir = join(temp.dir, "renderer")
    mkdirSync(rendererDir, { recursive: true })
    writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>FiskAI</title>")
    host = await startBrowserHost({ rendererDir, handlers: createHandlers(temp.services), pushes: temp.services.pushes, port: 0 })
    origin = `http://127.0.0.1:${host.port}`
    url = `ws://127.0.0.1:${host.port}/ws?token=${host.token}`
  })
  afterEach(async () => {
    await host.close()
    await temp.cleanup()
  })

  it("adds a 1.8 MB text file in one message, above the old 750 KB (and under intake's 2 million characters)", async () => {
    const socket = await open(url, origin)
    try {
      const line = "Ugovor o najmu poslovnog prostora, članak 4: zakupnina se plaća mjesečno.\n"
      const text = line.repeat(Math.ceil((1.8 * 1024 * 1024) / Buffer.byteLength(line)))
      const answered = reply(socket, 1)
      const input = { clientId: null, fileName: "ugovor.txt", contentBase64: Buffer.from(text).toString("base64") }
      socket.send(JSON.stringify({ id: 1, channel: "documents.add", input }))
      const result = await answered
      expect(result).toMatchObject({ ok: true, value: { created: true, document: { sizeBytes: Buffer.byteLength(text) } } })
    } finally {
      socket.close()
    }
  })

  it("the message limit fits a file of intake's limit in base64, and a larger message closes the socket", async () => {
    expect(HOST_MAX_MESSAGE_BYTES).toBeGreaterThan(Math.ceil(DOCUMENT_MAX_BYTES / 3) * 4)
    const socket = await open(url, origin)
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)))
    socket.send(Buffer.alloc(HOST_MAX_MESSAGE_BYTES + 1, 0x20))
    expect(await closed).toBe(1009)
  })
})
