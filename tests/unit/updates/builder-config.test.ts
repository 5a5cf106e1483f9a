import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import type { Configuration } from "electron-builder"
import { validateConfiguration } from "app-builder-lib/out/util/config/config"
import { getConfig } from "app-builder-lib/out/util/config/load"
import { describe, expect, it } from "vitest"

// The packaging config, loaded by electron-builder's own loader and validated against the schema
// of the installed electron-builder, then checked for the settings releases depend on. Building
// installers is not part of CI; a regression in this file still is.

const projectDir = path.resolve(import.meta.dirname, "..", "..", "..")
const quietLogger: Parameters<typeof validateConfiguration>[1] = {
  isEnabled: false,
  data: new Map(),
  add: () => undefined,
  save: async () => undefined,
}

async function loadBuilderConfig(): Promise<{ config: Configuration; file: string | null }> {
  const loaded = await getConfig<Configuration>(
    { packageKey: "build", configFilename: "electron-builder", projectDir, packageMetadata: null },
    null,
  )
  if (loaded === null) throw new Error("no electron-builder configuration found")
  return { config: loaded.result, file: loaded.configFile }
}

/** Target names of a platform section, whatever form (string, list, objects) they are written in. */
function targetNames(target: unknown): string[] {
  const list = Array.isArray(target) ? target : [target]
  return list.map((entry) => (typeof entry === "string" ? entry : (entry as { target: string }).target))
}

describe("electron-builder configuration", () => {
  it("is electron-builder.yml and passes the installed electron-builder's schema", async () => {
    const { config, file } = await loadBuilderConfig()
    expect(file).toBe(path.join(projectDir, "electron-builder.yml"))
    await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined()
  })

  it("the schema check would catch a broken setting", async () => {
    const { config } = await loadBuilderConfig()
    const broken = {
      ...config,
      electronFuses: { ...config.electronFuses, runAsNode: "off" },
    } as unknown as Configuration
    await expect(validateConfiguration(broken, quietLogger)).rejects.toThrow(/runAsNode/)
  })

  it("names the product and keeps a stable app id", async () => {
    const { config } = await loadBuilderConfig()
    expect(config.productName).toBe("FiskAI Workstation")
    expect(config.appId).toBe("hr.fiskai.workstation")
  })

  it("builds NSIS for Windows, dmg + zip for macOS, AppImage + deb for Linux", async () => {
    const { config } = await loadBuilderConfig()
    expect(targetNames(config.win?.target)).toEqual(["nsis"])
    expect(targetNames(config.mac?.target).sort()).toEqual(["dmg", "zip"])
    expect(targetNames(config.linux?.target).sort()).toEqual(["AppImage", "deb"])
  })

  it("checks Windows update signatures against an explicit publisher name", async () => {
    const { config } = await loadBuilderConfig()
    const publisher = config.win?.signtoolOptions?.publisherName
    const names =
      publisher === null || publisher === undefined ? [] : Array.isArray(publisher) ? publisher : [publisher]
    expect(names.length).toBeGreaterThan(0)
    expect(names.every((name) => name.trim() !== "")).toBe(true)
    expect(config.win?.verifyUpdateCodeSignature).toBe(true)
  })

  it("signs macOS with the hardened runtime and only the JIT entitlement", async () => {
    const { config } = await loadBuilderConfig()
    expect(config.mac?.hardenedRuntime).toBe(true)
    expect(config.mac?.entitlements).toBe("build/entitlements.mac.plist")
    expect(config.mac?.entitlementsInherit).toBe("build/entitlements.mac.plist")
    const plist = readFileSync(path.join(projectDir, "build", "entitlements.mac.plist"), "utf8")
    const granted = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<true\/>/g)].map((match) => match[1])
    expect(granted).toEqual(["com.apple.security.cs.allow-jit"])
  })

  it("publishes to a generic https feed, which the packaged updater reads", async () => {
    const { config } = await loadBuilderConfig()
    const publish = Array.isArray(config.publish) ? config.publish : [config.publish]
    expect(publish[0]).toMatchObject({
      provider: "generic",
      url: expect.stringMatching(/^https:\/\/[^/]+\/.*\/$/),
    })
    // A fixed channel would stop electron-builder from sending prereleases to their own channel.
    expect(publish[0]).not.toHaveProperty("channel")
    expect(config.detectUpdateChannel).not.toBe(false)
  })

  it("ships the migrations and rule packs as resources, and they exist", async () => {
    const { config } = await loadBuilderConfig()
    const resources = (Array.isArray(config.extraResources) ? config.extraResources : []).map((entry) =>
      typeof entry === "string" ? { from: entry, to: entry } : { from: entry.from, to: entry.to },
    )
    expect(resources).toEqual(
      expect.arrayContaining([
        { from: "resources/migrations", to: "migrations" },
        { from: "resources/packs", to: "packs" },
      ]),
    )
    expect(
      readdirSync(path.join(projectDir, "resources", "migrations")).some((name) => name.endsWith(".sql")),
    ).toBe(true)
    expect(
      readdirSync(path.join(projectDir, "resources", "packs")).some((name) => name.endsWith(".json")),
    ).toBe(true)
  })

  it("unpacks better-sqlite3's native binaries from the asar, without rebuilding them", async () => {
    const { config } = await loadBuilderConfig()
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toContain("**/node_modules/better-sqlite3/prebuilds/*.node")
    expect(existsSync(path.join(projectDir, "node_modules", "better-sqlite3", "prebuilds"))).toBe(true)
    expect(config.npmRebuild).toBe(false)
  })

  it("each OS package keeps its own better-sqlite3 binaries and leaves out the others'", async () => {
    const { config } = await loadBuilderConfig()
    const prebuilds = readdirSync(
      path.join(projectDir, "node_modules", "better-sqlite3", "prebuilds"),
    ).filter((name) => name.endsWith(".node"))
    const sections = { win32: config.win, darwin: config.mac, linux: config.linux }
    for (const [os, section] of Object.entries(sections)) {
      const exclusions = (Array.isArray(section?.files) ? section.files : [])
        .filter((pattern): pattern is string => typeof pattern === "string" && pattern.startsWith("!"))
        .map((pattern) => pattern.slice(1))
      const kept = prebuilds.filter(
        (name) =>
          !exclusions.some((glob) => path.matchesGlob(`node_modules/better-sqlite3/prebuilds/${name}`, glob)),
      )
      expect(kept.length, os).toBeGreaterThan(0)
      expect(
        kept.every((name) => name.startsWith(`${os}-`) || (os === "linux" && name.startsWith("linuxmusl-"))),
        os,
      ).toBe(true)
    }
  })

  it("flips the Electron fuses that harden a packaged app", async () => {
    const { config } = await loadBuilderConfig()
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it("packages the built app, and never deletes the user's traces on uninstall", async () => {
    const { config } = await loadBuilderConfig()
    expect(config.files).toContain("out/**/*")
    expect(config.nsis?.deleteAppDataOnUninstall).toBe(false)
  })
})
