import { afterEach, describe, expect, it } from "vitest"
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { resolveMigrationsDir, resolvePackPath, settingsOverridesFromEnv } from "../../../src-main/composition/runtime"
import { createServices, type Services } from "../../../src-main/composition/services"
import { RuleChanges } from "../../../src-main/packs/rule-changes"

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

  it("after a publication, switches new questions to the new version once the engine thread has it; one asked meanwhile answers with the previous", async () => {
    const resources = packagedResources(true)
    const services = createServices({ dbPath: join(resources, "fiskai.sqlite"), packagedResourcesDir: resources, settingsOverrides: { deliberatePauseMs: 0 } })
    opened.push(services)
    await services.engineReady
    const changes = new RuleChanges(services.store)
    const [author, reviewer] = [changes.createProfile("Ana Autor").id, changes.createProfile("Ivo Recenzent").id]
    const rule = services.pack.pack.rules[0]
    if (rule === undefined) throw new Error("the packaged pack has rules")
    const change = changes.propose({ author, kind: "edit", ruleId: rule.id, rule: { ...rule, titleEn: `${rule.titleEn} (edited)` }, note: "test" })
    changes.submit(change.id, author)
    changes.approve(change.id, reviewer)
    const published = changes.publish({ actor: reviewer, changeIds: [change.id] })
    const question = { question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", asOfDate: "2025-06-01" }

    const reloading = services.reloadPack()
    const meanwhile = await services.traces.ask(question)
    const inForce = await reloading
    const after = await services.traces.ask(question)

    expect(inForce.version).toBe(published.version)
    expect(services.traces.get(meanwhile.requestId)?.trace.packVersion).toBe("9.9.9")
    expect(services.traces.get(after.requestId)?.trace.packVersion).toBe(published.version)
    expect(await services.traces.verify(after.requestId)).toMatchObject({ ok: true })
  })

  it("refuses to start with migrations it did not ship instead of using the repository's", () => {
    const resources = packagedResources(false)
    expect(() =>
      createServices({ dbPath: join(resources, "fiskai.sqlite"), packagedResourcesDir: resources }),
    ).toThrow(/migrations not found: .*fiskai-packaged-.*migrations/)
  })
})
