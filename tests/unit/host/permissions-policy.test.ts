import type { FirmView } from "../../../src-shared/firm"
import type { ModelThought } from "../../../src-shared/model-provider"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import WebSocket from "ws"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { ExportProgress } from "../../../src-shared/export"
import { DENIED_FEATURES, PERMISSIONS_POLICY } from "../../../src-shared/permissions-policy"
import { startBrowserHost, type BrowserHost } from "../../../src-main/host/server"
import { createEventBus } from "../../../src-main/util/event-bus"
import type { HandlerTable } from "../../../src-main/ipc/handler-table"
import { createAppLog } from "../../../src-main/logging/app-log"

// The browser host denies the page every powerful browser feature with a Permissions-Policy
// header on every response (the issue found it missing), and logs refused connections.

function fetchHeaders(port: number, path: string, options: { method?: string; host?: string } = {}) {
  return new Promise<{ status: number; policy: string | undefined }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: options.host ? { Host: options.host } : {},
      },
      (res) => {
        res.resume()
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            policy: res.headers["permissions-policy"] as string | undefined,
          }),
        )
      },
    )
    req.on("error", reject)
    req.end()
  })
}

describe("the browser host's Permissions-Policy", () => {
  let dir: string
  let host: BrowserHost
  let logDir: string

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "fiskai-host-policy-"))
    const rendererDir = join(dir, "renderer")
    mkdirSync(join(rendererDir, "assets"), { recursive: true })
    writeFileSync(join(rendererDir, "index.html"), "<!doctype html><title>FiskAI</title>")
    writeFileSync(join(rendererDir, "assets", "app-1.js"), "console.log(1)")
    logDir = join(dir, "logs")
    host = await startBrowserHost({
      rendererDir,
      // No call reaches a handler in these tests.
      handlers: {} as HandlerTable,
      pushes: {
        "runs.event": createEventBus<ReasoningEvent>(),
        "exports.progress": createEventBus<ExportProgress>(),
        "model.thought": createEventBus<ModelThought>(),
        "firm.changed": createEventBus<FirmView>(),
      },
      port: 0,
      log: createAppLog({ dir: logDir, fileName: "host.log" }),
    })
  })
  afterEach(async () => {
    await host.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("denies camera, microphone, geolocation and the other powerful features, each with an empty allow-list", () => {
    for (const feature of [
      "camera",
      "microphone",
      "geolocation",
      "usb",
      "serial",
      "hid",
      "payment",
      "clipboard-read",
      "display-capture",
    ])
      expect(DENIED_FEATURES).toContain(feature)
    expect(PERMISSIONS_POLICY.split(", ")).toEqual(DENIED_FEATURES.map((feature) => `${feature}=()`))
  })

  it("is sent with the page, its assets, and every refusal (404, 405, 403)", async () => {
    const answers = await Promise.all([
      fetchHeaders(host.port, "/"),
      fetchHeaders(host.port, "/assets/app-1.js"),
      fetchHeaders(host.port, "/%2e%2e/secret.txt"),
      fetchHeaders(host.port, "/", { method: "POST" }),
      fetchHeaders(host.port, "/", { host: `rebind.example:${host.port}` }),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 405, 403])
    for (const answer of answers) expect(answer.policy).toBe(PERMISSIONS_POLICY)
  })

  it("logs a refused request and a refused WebSocket, without the token", async () => {
    await fetchHeaders(host.port, "/", { host: `rebind.example:${host.port}` })
    await new Promise<void>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=wrong-${host.token}`, {
        origin: `http://127.0.0.1:${host.port}`,
      })
      socket.once("unexpected-response", () => resolve())
      socket.once("error", () => resolve())
    })
    const text = readFileSync(join(logDir, "host.log"), "utf8")
    expect(text).toMatch(/WARN {2}http\.refused status=403/)
    expect(text).toMatch(/WARN {2}ws\.refused status=401 reason="missing or wrong token"/)
    expect(text).not.toContain(host.token)
  })
})
