import Database from "better-sqlite3"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it, vi } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { createHandlers } from "../../../src-main/handlers"
import { DAMAGED_DATABASE_MESSAGE } from "../../../src-main/handlers/store-errors"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { createServices, type Services } from "../../../src-main/composition/services"
import { StoreDamagedError } from "../../../src-main/store/integrity"
import { RunService } from "../../../src-main/runs/run-service"
import { openStore } from "../../../src-main/store/store"
import { middleLeafPage, overwritePage, present, tracesWithEventsOn } from "../store/damaged-file"
import { hrCorePack } from "../store/core-pack"

// Issue 20, item 4, in the app: a damaged database stops the start with a typed error (the hosts
// show its text), and a page found damaged while the app runs reaches the window as UNAVAILABLE
// with a message in both languages, never as INTERNAL and never with the file's path or SQL.

const dirs: string[] = []
const open: Services[] = []
afterEach(async () => {
  for (const services of open.splice(0)) await services.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function databaseWithRuns(runs: number): Promise<{ dbPath: string; requestIds: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-store-errors-"))
  dirs.push(dir)
  const dbPath = join(dir, "fiskai.sqlite")
  const store = openStore({ path: dbPath })
  const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: hrCorePack() })
  const requestIds: string[] = []
  try {
    for (let i = 0; i < runs; i += 1)
      requestIds.push(
        (
          await service.ask({
            question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
            asOfDate: "2025-06-01",
          })
        ).requestId,
      )
  } finally {
    store.close()
  }
  return { dbPath, requestIds }
}

describe("a damaged database in the app", () => {
  it("does not start on it: createServices throws StoreDamagedError, whose text the hosts show", async () => {
    const { dbPath } = await databaseWithRuns(4)
    overwritePage(dbPath, middleLeafPage(dbPath, "events"))
    let refusal: unknown
    try {
      open.push(
        createServices({ dbPath, settingsOverrides: { deliberatePauseMs: 0 }, onBackgroundError: () => {} }),
      )
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(StoreDamagedError)
    expect((refusal as StoreDamagedError).message).toContain(dbPath)
  })

  it("a page that goes bad while the app runs: the window gets UNAVAILABLE in Croatian and English, without path or SQL", async () => {
    const { dbPath, requestIds } = await databaseWithRuns(5)
    const services = createServices({
      dbPath,
      settingsOverrides: { deliberatePauseMs: 0 },
      onBackgroundError: () => {},
    })
    open.push(services)
    const dispatch = createDispatcher(createHandlers(services), { isTrustedCaller: () => true })
    const call = (channel: string, input: unknown) =>
      dispatch(channel, input, { transport: "electron", url: "file:///app/index.html" })

    const damaged = middleLeafPage(dbPath, "events")
    const victim = present(tracesWithEventsOn(dbPath, damaged)[0], "run on the damaged page")
    expect(requestIds).toContain(victim)
    overwritePage(dbPath, damaged)
    // Another process commits meanwhile, so the app's connection reads the file again, not its cache.
    const other = new Database(dbPath)
    other
      .prepare(
        "INSERT INTO settings (key, value_json, updated_at) VALUES ('reducedMotion', 'true', ?) ON CONFLICT (key) DO UPDATE SET value_json = 'true'",
      )
      .run(new Date().toISOString())
    other.close()

    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined)
    try {
      const result = await call("traces.get", { requestId: victim })
      expect(result).toEqual({ ok: false, error: { code: "UNAVAILABLE", message: DAMAGED_DATABASE_MESSAGE } })
      expect(logged).toHaveBeenCalledWith(
        "[store] the database is damaged:",
        expect.stringMatching(/malformed/),
      )
    } finally {
      logged.mockRestore()
    }
    expect(DAMAGED_DATABASE_MESSAGE).toMatch(/Baza podataka je oštećena/)
    expect(DAMAGED_DATABASE_MESSAGE).toMatch(/The database is damaged/)
    expect(DAMAGED_DATABASE_MESSAGE).not.toContain(dbPath)
    // The runs away from the damage are still shown.
    const healthy = present(requestIds.at(-1), "run")
    expect(healthy).not.toBe(victim)
    expect(await call("traces.get", { requestId: healthy })).toMatchObject({ ok: true })
  })
})
