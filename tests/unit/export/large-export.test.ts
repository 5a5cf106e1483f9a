import { spawnSync } from "node:child_process"
import { existsSync, readdirSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { BATCH_SIZE } from "../../../src-main/export/bundle-pass"
import { CHUNK_BYTES } from "../../../src-main/export/content-stream"
import { runExportJob } from "../../../src-main/export/export-job"
import { ExportFailure, startExport, type ExportHandle } from "../../../src-main/export/export-runner"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { readEntries } from "./bundle-files"
import { cloneTraces } from "./clone-traces"
import { buildFixtureDb, type ExportFixture } from "./fixtures"

// Exports big enough to span many batches, many deflate chunks and the report workers: a cancel
// in the middle leaves nothing behind, and a bundle written by the workers verifies and is the
// same, file for file, as one rendered on the export's own thread.

const TRACES = 4000
const EXPORTED_AT = "2025-07-01T10:00:00.000Z"

let fixture: ExportFixture
let ids: string[]

beforeAll(async () => {
  fixture = await buildFixtureDb()
  const db = new Database(fixture.dbPath)
  try {
    cloneTraces(db, TRACES, { start: new Date("2025-07-01T00:00:00.000Z") })
    ids = db.prepare("SELECT request_id FROM traces WHERE counterfactual_of IS NULL ORDER BY created_at, id").pluck().all() as string[]
  } finally {
    db.close()
  }
}, 120_000)
afterAll(() => fixture.cleanup())

const leftovers = () => readdirSync(fixture.dir).filter((name) => name.includes(".partial"))

describe("a large export", () => {
  it("cancelled in the middle, leaves no file under the chosen name and no temporary file", async () => {
    const out = join(fixture.dir, "cancelled.zip")
    const progress: number[] = []
    let job: ExportHandle | null = null
    job = startExport(
      { dbPath: fixture.dbPath, selection: {}, outPath: out, userDataDir: fixture.keyDir },
      {
        onProgress: (p) => {
          progress.push(p.done)
          if (progress.length === 1) job?.cancel()
        },
      },
    )
    const failure = await job.result.then(
      () => null,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(ExportFailure)
    expect((failure as ExportFailure).kind).toBe("cancelled")
    // Cancelled after real progress and well before the end.
    expect(progress[0]).toBeGreaterThan(0)
    expect(progress.at(-1)).toBeLessThan(TRACES / 2)
    expect(existsSync(out)).toBe(false)
    expect(leftovers()).toEqual([])
  }, 120_000)

  it("stopped by a failing report worker, says so and leaves nothing behind", async () => {
    const out = join(fixture.dir, "failed.zip")
    const missingWorker = { entry: pathToFileURL(join(fixture.dir, "no-such-worker.js")).href, execArgv: [], count: 1 }
    await expect(
      runExportJob({ dbPath: fixture.dbPath, selection: {}, outPath: out, userDataDir: fixture.keyDir, reportWorkers: missingWorker }),
    ).rejects.toThrow(/report worker/)
    expect(existsSync(out)).toBe(false)
    expect(leftovers()).toEqual([])
  }, 60_000)

  it("written by report workers, verifies, and equals the bundle rendered on the export's own thread", async () => {
    // Enough traces for several batches and several deflate chunks per file; few enough to replay.
    const selection = { traceIds: ids.slice(0, 3 * BATCH_SIZE + 17) }
    const common = { dbPath: fixture.dbPath, selection, userDataDir: fixture.keyDir, exportedAt: EXPORTED_AT }
    const byWorkers = join(fixture.dir, "workers.zip")
    await startExport({ ...common, outPath: byWorkers }, { reportWorkers: 2 }).result
    const inThread = join(fixture.dir, "in-thread.zip")
    await runExportJob({ ...common, outPath: inThread })
    expect(leftovers()).toEqual([])

    const workerEntries = await readEntries(byWorkers)
    const threadEntries = await readEntries(inThread)
    expect(workerEntries.map(([name]) => name)).toEqual(threadEntries.map(([name]) => name))
    for (const [i, [name, bytes]] of workerEntries.entries()) expect(bytes.equals(threadEntries[i]?.[1] ?? Buffer.alloc(0)), name).toBe(true)
    const events = workerEntries.find(([name]) => name === "events.jsonl")?.[1]
    expect(events?.length ?? 0).toBeGreaterThan(3 * CHUNK_BYTES)

    const verdict = await verifyBundle(byWorkers, { engine: buildAnswerWithReasoning })
    expect(verdict.problems).toEqual([])
    expect(verdict.traces).toHaveLength(selection.traceIds.length)
    expect(verdict.traces.filter((t) => !t.ok)).toEqual([])
    expect(verdict.ok).toBe(true)

    if (existsSync("/usr/bin/unzip")) {
      const test = spawnSync("/usr/bin/unzip", ["-t", byWorkers], { encoding: "utf8" })
      expect(test.stdout).toContain("No errors detected")
    }
  }, 180_000)
})
