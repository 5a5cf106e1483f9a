import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import {
  captureConsoleProblems,
  createAppLog,
  debugLoggingFromEnv,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_FILES,
  logDirFor,
  logUncaughtExceptions,
} from "../../../src-main/logging/app-log"
import { rotatedFileNames } from "../../../src-main/logging/rotating-file"

describe("the app log", () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "fiskai-log-"))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("lives in the data folder's logs/ and rotates at 5 MB keeping 3 files by default", () => {
    expect(logDirFor("/data/FiskAI Workstation")).toBe(join("/data/FiskAI Workstation", "logs"))
    expect(DEFAULT_MAX_BYTES).toBe(5 * 1024 * 1024)
    expect(DEFAULT_MAX_FILES).toBe(3)
    expect(rotatedFileNames("main.log", 3)).toEqual(["main.log", "main.1.log", "main.2.log"])
  })

  it("creates its folder and appends one record per line", () => {
    const logDir = join(dir, "logs")
    const log = createAppLog({
      dir: logDir,
      fileName: "main.log",
      clock: () => new Date("2026-01-02T03:04:05.000Z"),
    })
    log.info("app.start", { version: "0.1.0" })
    log.warn("ipc.fail", { channel: "runs.ask", code: "BAD_INPUT" })
    expect(log.file).toBe(join(logDir, "main.log"))
    // Only the user can read it (POSIX permissions; Windows keeps the profile folder private).
    if (process.platform !== "win32") expect(statSync(log.file).mode & 0o777).toBe(0o600)
    expect(readFileSync(log.file, "utf8").trim().split(/\r?\n/)).toEqual([
      "2026-01-02T03:04:05.000Z INFO  app.start version=0.1.0",
      "2026-01-02T03:04:05.000Z WARN  ipc.fail channel=runs.ask code=BAD_INPUT",
    ])
  })

  it("rotates by size: never more than maxFiles files, the newest records in the current one", () => {
    const log = createAppLog({ dir, fileName: "main.log", maxBytes: 2_000, maxFiles: 3 })
    for (let i = 0; i < 400; i += 1) log.info("tick", { count: i, detail: "x".repeat(60) })
    const files = readdirSync(dir).sort()
    expect(files).toEqual(["main.1.log", "main.2.log", "main.log"])
    for (const file of files) expect(statSync(join(dir, file)).size).toBeLessThan(2_000 + 200)
    const current = readFileSync(join(dir, "main.log"), "utf8")
    expect(current).toContain("count=399 ")
    const all = files.map((file) => readFileSync(join(dir, file), "utf8")).join("")
    expect(all).not.toContain("count=0 ")
    // Each rotation moved the files along: .1 holds records older than the current file's.
    const firstOf = (file: string) => Number(/count=(\d+)/.exec(readFileSync(join(dir, file), "utf8"))?.[1])
    expect(firstOf("main.2.log")).toBeLessThan(firstOf("main.1.log"))
    expect(firstOf("main.1.log")).toBeLessThan(firstOf("main.log"))
  })

  it("rotates a file left too large by an earlier run before writing to it", () => {
    writeFileSync(join(dir, "host.log"), "old\n".repeat(1_000))
    const log = createAppLog({ dir, fileName: "host.log", maxBytes: 1_000, maxFiles: 2 })
    log.info("host.start")
    expect(readFileSync(join(dir, "host.log"), "utf8")).toMatch(/^\S+ INFO {2}host\.start\s*$/)
    expect(readFileSync(join(dir, "host.1.log"), "utf8")).toContain("old")
  })

  it("writes debug records, and fields that are not operational, only when debug logging is on", () => {
    const quiet = createAppLog({ dir, fileName: "quiet.log" })
    quiet.debug("run.event", { requestId: "r1" })
    quiet.info("x", { requestId: "r1", question: "Koja je stopa PDV-a?" })
    const debug = createAppLog({ dir, fileName: "debug.log", debug: true })
    debug.debug("run.event", { requestId: "r1" })
    debug.info("x", { requestId: "r1", question: "Koja je stopa PDV-a?" })
    const quietText = readFileSync(join(dir, "quiet.log"), "utf8")
    expect(quietText).not.toContain("run.event")
    expect(quietText).toContain("question=[redacted]")
    expect(quietText).not.toContain("PDV")
    const debugText = readFileSync(join(dir, "debug.log"), "utf8")
    expect(debugText).toContain("DEBUG run.event requestId=r1")
    expect(debugText).toContain("Koja je stopa PDV-a?")
    expect(debugLoggingFromEnv({ FISKAI_LOG_DEBUG: "1" })).toBe(true)
    expect(debugLoggingFromEnv({ FISKAI_LOG_DEBUG: "true" })).toBe(true)
    expect(debugLoggingFromEnv({ FISKAI_LOG_DEBUG: "0" })).toBe(false)
    expect(debugLoggingFromEnv({})).toBe(false)
  })

  it("echoes errors (only errors) to the given stream", () => {
    const echoed: string[] = []
    const log = createAppLog({ dir, fileName: "main.log", echo: (text) => echoed.push(text) })
    log.info("a")
    log.warn("b")
    log.error("c", {}, new Error("boom"))
    expect(echoed).toHaveLength(1)
    expect(echoed[0]).toContain("ERROR c error=Error detail=boom")
  })

  it("copies console.warn and console.error into the log, still printing them, but not console.log", () => {
    const log = createAppLog({ dir, fileName: "main.log" })
    const printed: unknown[][] = []
    const target = {
      warn: (...args: unknown[]) => printed.push(args),
      error: (...args: unknown[]) => printed.push(args),
      log: (..._args: unknown[]) => {},
    }
    const restore = captureConsoleProblems(log, target)
    target.warn("[store] the database is damaged:", "page 7")
    target.error("[listTraces]", new Error("kaput"))
    target.log("Open in Chromium: http://127.0.0.1:1/?token=secret")
    restore()
    target.warn("after restore")
    const text = readFileSync(log.file, "utf8")
    expect(printed).toHaveLength(3)
    expect(text).toContain('WARN  console.warn detail="[store] the database is damaged: page 7"')
    expect(text).toMatch(/ERROR console\.error detail="\[listTraces\] Error: kaput"\n {4}at /)
    expect(text).not.toContain("token=secret")
    expect(text).not.toContain("after restore")
  })

  it("logs an uncaught exception through the monitor, leaving the process's own handling alone", () => {
    const log = createAppLog({ dir, fileName: "main.log" })
    const stop = logUncaughtExceptions(log)
    try {
      const emit = process.emit.bind(process) as (event: string, ...args: unknown[]) => boolean
      emit("uncaughtExceptionMonitor", new TypeError("nobody caught me"), "uncaughtException")
    } finally {
      stop()
    }
    expect(readFileSync(log.file, "utf8")).toContain(
      'process.uncaught origin=uncaughtException error=TypeError detail="nobody caught me"',
    )
  })

  it("never throws when its folder cannot be written", () => {
    const blocker = join(dir, "not-a-folder")
    writeFileSync(blocker, "")
    const log = createAppLog({ dir: join(blocker, "logs"), fileName: "main.log" })
    expect(() => log.error("x", {}, new Error("y"))).not.toThrow()
    expect(existsSync(join(blocker, "logs"))).toBe(false)
  })
})
