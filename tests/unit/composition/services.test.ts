import { afterEach, describe, expect, it } from "vitest"
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { resolveMigrationsDir, resolvePackPath, settingsOverridesFromEnv } from "../../../src-main/composition/runtime"
import { createServices, type Services } from "../../../src-main/composition/services"

describe("settingsOverridesFromEnv", () => {
  it("turns the deliberate pause off with FISKAI_PAUSE_MS=0 and leaves settings alone otherwise", () => {
    expect(settingsOverridesFromEnv({ FISKAI_PAUSE_MS: "0" })).toEqual({ deliberatePauseMs: 0 })
    expect(settingsOverridesFromEnv({})).toEqual({})
    expect(settingsOverridesFromEnv({ FISKAI_PAUSE_MS: "" })).toEqual({})
  })

  it("refuses values the settings schema would refuse", () => {
    for (const bad of ["-1", "1.5", "abc", "99999"]) expect(() => settingsOverridesFromEnv({ FISKAI_PAUSE_MS: bad })).toThrow(/FISKAI_PAUSE_MS/)
  })
})

describe("resolvePackPath", () => {
  it("prefers an explicit path, then FISKAI_PACK, then the repository's resources/packs", () => {
    expect(resolvePackPath("/x/pack.json", { FISKAI_PACK: "/y/pack.json" })).toBe("/x/pack.json")
    expect(resolvePackPath(undefined, { FISKAI_PACK: "/y/pack.json" })).toBe("/y/pack.json")
    expect(resolvePackPath(undefined, {})).toMatch(/resources\/packs\/hr-core\.json$/)
  })
})

describe("resolveMigrationsDir", () => {
  it("finds the migrations the app ships, with their journal", () => {
    const dir = resolveMigrationsDir()
    expect(dir).toMatch(/resources\/migrations$/)
    expect(existsSync(join(dir ?? "", "meta", "_journal.json"))).toBe(true)
    expect(resolveMigrationsDir("/explicit")).toBe("/explicit")
  })

  it("reads a packaged app's migrations from its resources folder, and only from there", () => {
    expect(resolveMigrationsDir(undefined, "/opt/FiskAI/resources")).toBe(join("/opt/FiskAI/resources", "migrations"))
    expect(resolveMigrationsDir("/explicit", "/opt/FiskAI/resources")).toBe("/explicit")
    expect(resolvePackPath(undefined, {}, "/opt/FiskAI/resources")).toBe(
      join("/opt/FiskAI/resources", "packs", "hr-core.json"),
    )
    expect(resolvePackPath(undefined, { FISKAI_PACK: "/y/pack.json" }, "/opt/FiskAI/resources")).toBe("/y/pack.json")
  })
})

describe("createServices in a packaged layout", () => {
  const repoResources = join(resolveMigrationsDir() ?? "", "..")
  const temps: string[] = []
  const opened: Services[] = []
  afterEach(async () => {
    for (const services of opened.splice(0)) await services.close()
    for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  /** A folder laid out as electron-builder's extraResources: migrations/ and packs/. */
  function packagedResources(withMigrations: boolean): string {
    const dir = mkdtempSync(join(tmpdir(), "fiskai-packaged-"))
    temps.push(dir)
    if (withMigrations) cpSync(join(repoResources, "migrations"), join(dir, "migrations"), { recursive: true })
    const pack = JSON.parse(readFileSync(join(repoResources, "packs", "hr-core.json"), "utf8")) as { version: string }
    cpSync(join(repoResources, "packs"), join(dir, "packs"), { recursive: true })
    // A version only the packaged copy has, to see which pack was loaded.
    writeFileSync(join(dir, "packs", "hr-core.json"), JSON.stringify({ ...pack, version: "9.9.9" }))
    return dir
  }

  it("migrates the database and loads the pack from the packaged resources", async () => {
    const resources = packagedResources(true)
    const services = createServices({ dbPath: join(resources, "fiskai.sqlite"), packagedResourcesDir: resources })
    opened.push(services)
    expect(services.pack.pack.version).toBe("9.9.9")
    expect(services.settings.get()).toBeDefined()
  })

  it("starts the engine thread with the loaded pack, and runs answer on it", async () => {
    const resources = packagedResources(true)
    const reported: string[] = []
    const services = createServices({
      dbPath: join(resources, "fiskai.sqlite"),
      packagedResourcesDir: resources,
      settingsOverrides: { deliberatePauseMs: 0 },
      onBackgroundError: (context) => reported.push(context),
    })
    opened.push(services)
    await services.engineReady
    const run = await services.traces.ask({ question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", asOfDate: "2025-06-01" })
    expect(run.event.stage).toBe("ANSWER")
    expect(services.traces.get(run.requestId)?.trace.packVersion).toBe("9.9.9")
    expect(await services.traces.verify(run.requestId)).toMatchObject({ ok: true })
    expect(reported).toEqual([])
  })

  it("refuses to start with migrations it did not ship instead of using the repository's", () => {
    const resources = packagedResources(false)
    expect(() =>
      createServices({ dbPath: join(resources, "fiskai.sqlite"), packagedResourcesDir: resources }),
    ).toThrow(/migrations not found: .*fiskai-packaged-.*migrations/)
  })
})
