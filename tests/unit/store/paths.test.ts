import { describe, expect, test } from "vitest"
import { appDataDir, defaultDbPath } from "../../../src-main/store/paths"

describe("default database path", () => {
  test("is the app's data folder on each platform", () => {
    expect(defaultDbPath("linux", { HOME: "/home/ana" })).toBe("/home/ana/.config/FiskAI Workstation/fiskai.sqlite")
    expect(defaultDbPath("linux", { HOME: "/home/ana", XDG_CONFIG_HOME: "/cfg" })).toBe("/cfg/FiskAI Workstation/fiskai.sqlite")
    expect(appDataDir("darwin", { HOME: "/Users/ana" })).toBe("/Users/ana/Library/Application Support/FiskAI Workstation")
    expect(appDataDir("win32", { APPDATA: "C:\\Users\\ana\\AppData\\Roaming" })).toBe("C:\\Users\\ana\\AppData\\Roaming\\FiskAI Workstation")
  })

  test("FISKAI_DB overrides it", () => {
    expect(defaultDbPath("linux", { HOME: "/home/ana", FISKAI_DB: "/tmp/x.sqlite" })).toBe("/tmp/x.sqlite")
  })
})
