import { describe, expect, it } from "vitest"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { resolveMigrationsDir, resolvePackPath, settingsOverridesFromEnv } from "../../../src-main/services"

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
})
