import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ExportProgress } from "../../../src-shared/export"
import type { JobEnded } from "../../../src-shared/job-notice"
import { ExportJobs } from "../../../src-main/export/export-jobs"
import { createEventBus } from "../../../src-main/util/event-bus"
import { buildFixtureDb, type ExportFixture } from "./fixtures"

// An export started from the window announces its end once on the hosts' job-ended bus (issue 23:
// the background notice), whatever the end: written, or failed.

let fixture: ExportFixture
beforeAll(async () => {
  fixture = await buildFixtureDb()
})
afterAll(() => fixture.cleanup())

function jobs() {
  const ended: JobEnded[] = []
  const progress = createEventBus<ExportProgress>()
  const endedBus = createEventBus<JobEnded>()
  endedBus.subscribe((e) => ended.push(e))
  const finished = new Promise<ExportProgress>((resolve) =>
    progress.subscribe((p) => {
      if (p.phase === "done" || p.phase === "failed" || p.phase === "cancelled") resolve(p)
    }),
  )
  const exportJobs = new ExportJobs({
    dbPath: fixture.dbPath,
    dataDir: fixture.keyDir,
    progress,
    ended: endedBus,
    onBackgroundError: () => undefined,
  })
  return { exportJobs, ended, finished }
}

describe("ExportJobs and the end of a job", () => {
  it("a written bundle is announced once, with the runs it holds", async () => {
    const { exportJobs, ended, finished } = jobs()
    exportJobs.start({ selection: {}, outPath: join(fixture.dir, "jobs-done.zip") })
    await finished
    expect(ended).toEqual([{ kind: "export", result: "done", count: 9 }])
  })

  it("an export with nothing to write is announced as failed", async () => {
    const { exportJobs, ended, finished } = jobs()
    exportJobs.start({ selection: { clientId: "nobody" }, outPath: join(fixture.dir, "jobs-empty.zip") })
    await finished
    expect(ended).toEqual([{ kind: "export", result: "failed" }])
  })
})
