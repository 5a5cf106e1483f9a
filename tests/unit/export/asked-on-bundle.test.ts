import { rmSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { runExportJob } from "../../../src-main/export/export-job"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { RunService } from "../../../src-main/runs/run-service"
import { openStore } from "../../../src-main/store/store"
import { readEntries, text } from "./bundle-files"
import { corePack, tempDir } from "./fixtures"

// Runs asked without a date of the user's own (the app's default since the store stopped filling
// in today): the bundle carries the day asked, the CSV the date each run evaluated on, and the
// verifier, replaying on another day, agrees with both.

const dir = tempDir()
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("a bundle of runs asked without a date", () => {
  it("verifies, and its CSV gives each run the date it was about", async () => {
    const dbPath = join(dir, "fiskai.sqlite")
    const store = openStore({ path: dbPath, clock: () => new Date("2026-11-22T09:00:00.000Z") })
    const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: corePack() })
    const named = await service.ask({ question: "Koliki je prag za ulazak u sustav PDV-a na dan 1.6.2024.?" })
    const undated = await service.ask({ question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?" })
    const impossible = await service.ask({ question: "Koliki je prag za ulazak u sustav PDV-a na dan 31.02.2025.?" }, { clarifications: ["2025-02-28"] })
    store.close()

    const bundle = join(dir, "audit.zip")
    await runExportJob({ dbPath, selection: {}, outPath: bundle, userDataDir: join(dir, "user-data") })
    const verdict = await verifyBundle(bundle, { engine: buildAnswerWithReasoning })
    expect(verdict.problems).toEqual([])
    expect(verdict.ok).toBe(true)

    const entries = await readEntries(bundle)
    const requests = text(entries, "traces.jsonl").trimEnd().split("\n").map((l) => JSON.parse(l) as { request: Record<string, unknown> })
    for (const { request } of requests) {
      expect(request).toMatchObject({ askedOn: "2026-11-22" })
      expect(request).not.toHaveProperty("asOfDate")
    }
    const [header, ...rows] = text(entries, "traces.csv").replace(/^\uFEFF/, "").trimEnd().split("\r\n")
    const columns = (header ?? "").split(",")
    const at = (row: string, column: string) => row.split(",")[columns.indexOf(column)]
    const asOf = new Map(rows.map((row) => [at(row, "requestId"), at(row, "asOfDate")]))
    expect(asOf.get(named.requestId)).toBe("2024-06-01")
    expect(asOf.get(undated.requestId)).toBe("2026-11-22")
    expect(asOf.get(impossible.requestId)).toBe("2025-02-28")
  })
})
