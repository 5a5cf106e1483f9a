import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import type { ExportProgress } from "../../../src-shared/export"
import { IpcFailure } from "../../../src-shared/ipc/channel"
import { createHandlers } from "../../../src-main/handlers"
import type { HandlerTable } from "../../../src-main/ipc/handler-table"
import { openTempServices, untilRunStops, type TempServices } from "./temp-services"

// What the export screens ask the host besides starting an export: where bundles go, whether a
// path can take one, and a file dialog (none outside Electron); and what the progress pushes say.

describe("export location and path checks", () => {
  let temp: TempServices
  let handlers: HandlerTable

  beforeEach(() => {
    temp = openTempServices()
    handlers = createHandlers(temp.services)
  })
  afterEach(() => temp.cleanup())

  it("suggests a writable folder under the data folder and has no dialog outside Electron", async () => {
    const location = await handlers["exports.location"]({})
    expect(location).toEqual({ folder: join(temp.dir, "exports"), separator: "/", canChooseFile: false })
    expect(existsSync(location.folder)).toBe(true)
    expect(await handlers["exports.checkPath"]({ path: join(location.folder, "a.zip") })).toEqual({
      problem: null,
      exists: false,
    })
    await expect(handlers["exports.chooseFile"]({ purpose: "saveBundle" })).rejects.toMatchObject({
      code: "UNAVAILABLE",
    })
  })

  it("names what is wrong with a path, and says when a file will be replaced", async () => {
    const file = join(temp.dir, "old.zip")
    writeFileSync(file, "x")
    mkdirSync(join(temp.dir, "folder.zip"))
    expect(await handlers["exports.checkPath"]({ path: "relative.zip" })).toMatchObject({
      problem: "not-absolute",
    })
    expect(await handlers["exports.checkPath"]({ path: join(temp.dir, "missing", "a.zip") })).toMatchObject({
      problem: "no-folder",
    })
    expect(await handlers["exports.checkPath"]({ path: join(file, "a.zip") })).toMatchObject({
      problem: "not-a-folder",
    })
    expect(await handlers["exports.checkPath"]({ path: join(temp.dir, "folder.zip") })).toMatchObject({
      problem: "is-a-folder",
    })
    expect(await handlers["exports.checkPath"]({ path: file })).toEqual({ problem: null, exists: true })
  })

  it("refuses to start an export to a relative path or a missing folder, and starts nothing", async () => {
    for (const outPath of ["audit.zip", join(temp.dir, "missing", "audit.zip")]) {
      const refused = handlers["exports.start"]({ selection: {}, outPath })
      await expect(refused).rejects.toBeInstanceOf(IpcFailure)
      await expect(refused).rejects.toMatchObject({
        code: "BAD_INPUT",
        message: expect.stringMatching(/^cannot write /),
      })
    }
    expect(readdirSync(temp.dir).filter((name) => name.endsWith(".zip") || name === "missing")).toEqual([])
  })

  it("pushes which pass is running, and says an empty selection is empty", async () => {
    const { requestId } = await handlers["runs.ask"]({ question: "Koja je stopa PDV-a?" })
    await untilRunStops(temp.services, requestId)
    await temp.services.runs.settled()
    const pushes: ExportProgress[] = []
    const ended = (jobId: string) =>
      new Promise<ExportProgress>((resolve) =>
        temp.services.pushes["exports.progress"].subscribe((p) => {
          if (p.jobId !== jobId) return
          pushes.push(p)
          if (p.phase !== "writing") resolve(p)
        }),
      )

    const first = await handlers["exports.start"]({
      selection: { traceIds: [requestId] },
      outPath: join(temp.dir, "one.zip"),
    })
    expect(await ended(first.jobId)).toMatchObject({ phase: "done" })
    // However many passes the writer makes, each push says which, and the last one completes them.
    const writing = pushes.filter((p) => p.phase === "writing")
    expect(writing.length).toBeGreaterThan(0)
    for (const p of writing) {
      expect(p.step).toBeGreaterThanOrEqual(1)
      expect(p.step).toBeLessThanOrEqual(p.steps ?? 0)
    }
    const last = writing.at(-1)
    expect(last?.step).toBe(last?.steps)
    expect([last?.done, last?.total]).toEqual([1, 1])

    const empty = await handlers["exports.start"]({
      selection: { outcome: "CONDITIONAL_ANSWER", since: "2001-01-01", until: "2001-01-02" },
      outPath: join(temp.dir, "none.zip"),
    })
    expect(await ended(empty.jobId)).toMatchObject({ phase: "failed", errorKind: "empty" })
    expect(existsSync(join(temp.dir, "none.zip"))).toBe(false)
  })
})
