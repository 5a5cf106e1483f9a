import { rmSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { runExportJob } from "../../../src-main/export/export-job"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { dooProfile, whatIfFixture } from "../whatif/fixtures"
import { tempDir } from "./fixtures"

// The bundle verifier replays a what-if trace the way the store's verify does
// (engine/replay-run.ts): from its base's events, with the Stop a user gave it at the same seq.

let dir: string | null = null
afterEach(() => {
  if (dir !== null) rmSync(dir, { recursive: true, force: true })
  dir = null
})

describe("a bundle with a what-if run the user stopped", () => {
  it("verifies: the hypothetical replays from its base to the same stop", async () => {
    dir = tempDir("fiskai-stopped-whatif-")
    const f = whatIfFixture(undefined, join(dir, "fiskai.sqlite"))
    const base = await f.ask({ profile: dooProfile() })
    const requestId = "01a00000-0000-7000-8000-00000000cf02"
    let stopping: Promise<unknown> | null = null
    const stop = (event: ReasoningEvent) => {
      if (stopping === null && event.stage === "CONFLICTS" && event.status === "started") stopping = f.traces.cancel(requestId)
    }
    const { run } = await f.whatif.run(base, [{ kind: "set", path: "counters.revenueYtd", value: 150000 }], {
      sinks: [{ mode: "nonBlocking", write: stop }],
      requestId,
    })
    await stopping
    expect(run?.terminal).toMatchObject({ stage: "ERROR", data: { code: "CANCELLED" } })

    const bundle = join(dir, "audit.zip")
    await runExportJob({ dbPath: join(dir, "fiskai.sqlite"), selection: {}, outPath: bundle, userDataDir: join(dir, "user-data") })
    const verdict = await verifyBundle(bundle, { engine: buildAnswerWithReasoning })
    expect(verdict.problems).toEqual([])
    expect(verdict.traces.map((t) => [t.requestId, t.ok, t.replayOk, t.problems])).toEqual(
      expect.arrayContaining([
        [base, true, true, []],
        [requestId, true, true, []],
      ]),
    )
    expect(verdict.traces).toHaveLength(2)
  })
})
