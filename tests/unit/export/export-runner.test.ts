import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ExportFailure, startExport } from "../../../src-main/export/export-runner"
import { buildFixtureDb, type ExportFixture } from "./fixtures"

// The export on its worker thread: progress comes back, cancel leaves nothing under the chosen
// name (and never clobbers a file already there), a failure says why.

let fixture: ExportFixture
beforeAll(async () => {
  fixture = await buildFixtureDb()
})
afterAll(() => fixture.cleanup())

const params = (outPath: string) => ({ dbPath: fixture.dbPath, selection: {}, outPath, userDataDir: fixture.keyDir })

describe("startExport", () => {
  it("writes the bundle off the main thread in one pass over the traces and reports its progress", async () => {
    const out = join(fixture.dir, "worker.zip")
    const progress: Array<{ file: string; done: number; total: number; step: number; steps: number }> = []
    const job = startExport(params(out), { onProgress: (p) => progress.push(p) })
    const result = await job.result
    expect(result.traceCount).toBe(9)
    expect(statSync(out).size).toBe(result.bytes)
    expect(progress).toHaveLength(1)
    expect(progress[0]).toMatchObject({ file: "events.jsonl, traces.jsonl, traces.csv, report.html", done: 9, total: 9, step: 1, steps: 1 })
  })

  it("cancelled, it leaves no partial file and keeps what was under the chosen name", async () => {
    const out = join(fixture.dir, "keep.zip")
    writeFileSync(out, "an earlier bundle")
    const job = startExport(params(out))
    job.cancel()
    const failure = await job.result.then(
      () => null,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(ExportFailure)
    expect((failure as ExportFailure).kind).toBe("cancelled")
    expect(readFileSync(out, "utf8")).toBe("an earlier bundle")
    expect(readdirSync(fixture.dir).filter((n) => n.endsWith(".partial"))).toEqual([])
  })

  it("fails clearly for an unwritable folder and an empty selection", async () => {
    const missing = startExport(params(join(fixture.dir, "no-such-folder", "x.zip")))
    await expect(missing.result).rejects.toThrow(/ENOENT|no such file/)
    const empty = startExport({ ...params(join(fixture.dir, "empty.zip")), selection: { clientId: "nobody" } })
    await expect(empty.result).rejects.toMatchObject({ kind: "empty" })
    expect(existsSync(join(fixture.dir, "empty.zip"))).toBe(false)
  })
})
