import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { IpcFailure } from "../../../src-shared/ipc/channel"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import type { HandlerTable } from "../../../src-main/ipc/handler-table"
import { createAppLog, type AppLog } from "../../../src-main/logging/app-log"
import { ipcErrorLogger, updaterLog, withIpcLog } from "../../../src-main/logging/ipc-log"

// IPC and updater events in the log: failed calls by channel and code (never their input), a
// handler's unexpected error with its stack, electron-updater's messages.

describe("withIpcLog and ipcErrorLogger", () => {
  let dir: string
  let log: AppLog
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "fiskai-ipc-log-"))
    log = createAppLog({ dir, fileName: "main.log" })
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const handlers = {
    "runs.ask": async () => {
      throw Object.assign(new Error("database disk image is malformed"), { code: "SQLITE_CORRUPT" })
    },
    "traces.get": async () => {
      throw new IpcFailure("NOT_FOUND", "no trace r-1")
    },
    "settings.get": async () => ({ locale: "hr" }),
  } as unknown as HandlerTable

  function dispatcher(trusted = true) {
    return withIpcLog(
      createDispatcher(handlers, {
        isTrustedCaller: () => trusted,
        onUnexpectedError: ipcErrorLogger(log),
        validateOutput: false,
      }),
      log,
    )
  }

  it("logs a handler's unexpected error with its code and stack, and the failed call, never the question", async () => {
    const result = await dispatcher()(
      "runs.ask",
      { question: "Koja je stopa PDV-a za klijenta Tajna d.o.o.?" },
      { transport: "electron", url: "app://fiskai/index.html" },
    )
    expect(result).toMatchObject({ ok: false, error: { code: "INTERNAL" } })
    const text = readFileSync(log.file, "utf8")
    expect(text).toMatch(
      /ERROR ipc\.error channel=runs\.ask error=Error errorCode=SQLITE_CORRUPT detail="database disk image is malformed"\n {4}at /,
    )
    expect(text).toMatch(/WARN {2}ipc\.fail channel=runs\.ask transport=electron durationMs=\d+ code=INTERNAL/)
    expect(text).not.toContain("Tajna")
    expect(text).not.toContain("PDV")
  })

  it("logs bad input and refused callers as warnings without their input, and expected misses as info", async () => {
    const d = dispatcher()
    await d(
      "runs.ask",
      { question: 42, secret: "Tajna d.o.o." },
      { transport: "websocket", url: "http://127.0.0.1:1" },
    )
    await d("traces.get", { requestId: "r-1" }, { transport: "electron", url: null })
    await dispatcher(false)("settings.get", {}, { transport: "electron", url: "file:///etc/passwd" })
    const text = readFileSync(log.file, "utf8")
    expect(text).toMatch(/WARN {2}ipc\.fail channel=runs\.ask transport=websocket durationMs=\d+ code=BAD_INPUT/)
    expect(text).toMatch(
      /INFO {2}ipc\.fail channel=traces\.get transport=electron durationMs=\d+ code=NOT_FOUND/,
    )
    expect(text).toMatch(
      /WARN {2}ipc\.fail channel=settings\.get transport=electron durationMs=\d+ code=FORBIDDEN/,
    )
    expect(text).not.toContain("Tajna")
    expect(text).not.toContain("passwd")
  })

  it("logs successful calls only with debug logging on", async () => {
    await dispatcher()("settings.get", {}, { transport: "electron", url: null })
    expect(readFileSync(log.file, { encoding: "utf8", flag: "a+" })).toBe("")
    const debugLog = createAppLog({ dir, fileName: "debug.log", debug: true })
    await withIpcLog(
      createDispatcher(handlers, { isTrustedCaller: () => true, validateOutput: false }),
      debugLog,
    )("settings.get", {}, { transport: "electron", url: null })
    expect(readFileSync(debugLog.file, "utf8")).toMatch(
      /DEBUG ipc\.call channel=settings\.get transport=electron durationMs=\d+/,
    )
  })
})

describe("updaterLog", () => {
  it("writes electron-updater's messages and errors as updater records", () => {
    const dir = mkdtempSync(join(tmpdir(), "fiskai-updater-log-"))
    try {
      const log = createAppLog({ dir, fileName: "main.log" })
      const sink = updaterLog(log)
      sink.info("Checking for update")
      sink.warn("Update for version 0.1.0 is not available")
      sink.error(new Error("net::ERR_INTERNET_DISCONNECTED"))
      const text = readFileSync(log.file, "utf8")
      expect(text).toContain('INFO  updater detail="Checking for update"')
      expect(text).toContain('WARN  updater detail="Update for version 0.1.0 is not available"')
      expect(text).toContain("ERROR updater error=Error detail=net::ERR_INTERNET_DISCONNECTED")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
