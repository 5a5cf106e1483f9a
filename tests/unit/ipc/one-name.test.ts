import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { API_GLOBAL, SUBSCRIBE_MEMBER } from "../../../src-shared/ipc/api"
import { channelGroups, channels, pushChannels, pushGroups, type ChannelKey } from "../../../src-shared/ipc/channels"
import { createHandlers } from "../../../src-main/handlers"
import { openTempServices, type TempServices } from "../handlers/temp-services"

// One name per channel (issue 21, item 5): a channel's name is "<domain>.<fn>", and that one string
// is its key in the contract's table, its wire name, the key of its handler, the name Electron's
// ipcMain registers, and its path under window.fiskai. The preload exposes those paths and `on`,
// nothing else.

const exposed: Array<{ key: string; api: unknown }> = []
const invoked: Array<{ channel: string; input: unknown }> = []
const subscribed: string[] = []
const registered: string[] = []

vi.mock("electron", () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void exposed.push({ key, api }) },
  ipcRenderer: {
    invoke: async (channel: string, input: unknown) => {
      invoked.push({ channel, input })
      return { ok: true, value: channel }
    },
    on: (channel: string) => void subscribed.push(channel),
    removeListener: () => undefined,
  },
  ipcMain: {
    handle: (channel: string) => void registered.push(channel),
    removeHandler: () => undefined,
  },
}))

await import("../../../src-preload/index")
const { setupIpcHandlers } = await import("../../../src-main/electron/ipc-adapter")

const ONE_NAME = /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/

type Tree = Record<string, Record<string, unknown>>

describe("one name per channel", () => {
  it("names every channel <domain>.<fn>: its key, its wire name and its place in the grouped contract", () => {
    for (const [key, channel] of Object.entries(channels)) {
      expect(key).toMatch(ONE_NAME)
      expect(channel.name, key).toBe(key)
      expect(`${channel.domain}.${channel.fn}`, key).toBe(key)
      const grouped = (channelGroups as unknown as Tree)[channel.domain]?.[channel.fn] as typeof channel | undefined
      expect(grouped?.input, key).toBe(channel.input)
      expect(grouped?.output, key).toBe(channel.output)
    }
    const groupedNames = Object.entries(channelGroups).flatMap(([domain, fns]) => Object.keys(fns).map((fn) => `${domain}.${fn}`))
    expect(Object.keys(channels)).toEqual(groupedNames)
  })

  it("names every push <domain>.<event> the same way", () => {
    expect(Object.keys(pushChannels)).toEqual(["runs.event", "exports.progress", "model.thought", "firm.changed"])
    for (const [key, push] of Object.entries(pushChannels)) {
      expect(key).toMatch(ONE_NAME)
      expect(push.name).toBe(key)
      expect(`${push.domain}.${push.fn}`).toBe(key)
      expect((pushGroups as unknown as Tree)[push.domain]?.[push.fn]).toMatchObject({ payload: push.payload })
    }
  })

  it("has exactly the agreed names", () => {
    expect(Object.keys(channels)).toEqual([
      "runs.ask", "runs.answer", "runs.cancel",
      "traces.list", "traces.get", "traces.verify", "traces.stats",
      "clients.list", "clients.save",
      "settings.get", "settings.update", "settings.packInfo",
      "diagnostics.logFolder", "diagnostics.openLogFolder",
      "exports.start", "exports.cancel", "exports.verify", "exports.signingKey", "exports.location", "exports.checkPath", "exports.chooseFile",
      "whatif.drivers", "whatif.run", "whatif.rerun", "whatif.compare",
      "scenarios.list", "scenarios.get", "scenarios.save", "scenarios.rename", "scenarios.duplicate", "scenarios.delete", "scenarios.compare", "scenarios.recheck",
      "flags.create", "flags.list", "flags.decide",
      "paper.render", "paper.savePdf",
      "metrics.dashboard",
      "threads.create", "threads.list", "threads.get", "threads.rename", "threads.delete", "threads.ask", "threads.resume", "threads.dismiss", "threads.search",
      "documents.add", "documents.list", "documents.search", "documents.complete",
      "profiles.list", "profiles.create",
      "rules.catalog", "rules.rule", "rules.changes", "rules.change", "rules.propose", "rules.edit", "rules.submit", "rules.approve", "rules.sendBack", "rules.publish", "rules.lint", "rules.shadowStart", "rules.shadowStatus", "rules.shadowStop",
      "model.get", "model.update", "model.test", "model.run",
      "firm.status", "firm.link", "firm.unlink", "firm.syncNow", "firm.flags",
    ])
  })

  it("no domain is called like the subscription member", () => {
    expect(Object.keys(channelGroups)).not.toContain(SUBSCRIBE_MEMBER)
  })
})

describe("the preload exposes the one names and nothing else", () => {
  function exposedApi(): Record<string, unknown> {
    expect(exposed.map((entry) => entry.key)).toEqual([API_GLOBAL])
    return exposed[0]?.api as Record<string, unknown>
  }

  it("window.fiskai holds one namespace per domain and `on`, and nothing else", () => {
    const api = exposedApi()
    expect(Object.keys(api).sort()).toEqual([...Object.keys(channelGroups), SUBSCRIBE_MEMBER].sort())
    expect(typeof api[SUBSCRIBE_MEMBER]).toBe("function")
    const paths: string[] = []
    for (const [domain, namespace] of Object.entries(api)) {
      if (domain === SUBSCRIBE_MEMBER) continue
      expect(Object.getPrototypeOf(namespace)).toBe(Object.prototype)
      for (const [fn, value] of Object.entries(namespace as Record<string, unknown>)) {
        expect(typeof value, `${domain}.${fn}`).toBe("function")
        paths.push(`${domain}.${fn}`)
      }
    }
    expect(paths.sort()).toEqual(Object.keys(channels).sort())
  })

  it("window.fiskai.<domain>.<fn> invokes exactly the wire name <domain>.<fn>", async () => {
    const api = exposedApi() as Record<string, Record<string, (input: unknown) => Promise<unknown>>>
    invoked.length = 0
    for (const key of Object.keys(channels) as ChannelKey[]) {
      const { domain, fn } = channels[key]
      await expect(api[domain]?.[fn]?.({ probe: key })).resolves.toEqual({ ok: true, value: key })
    }
    expect(invoked).toEqual(Object.keys(channels).map((key) => ({ channel: key, input: { probe: key } })))
  })

  it("window.fiskai.on(push) listens on exactly the push's one name", () => {
    const on = exposedApi()[SUBSCRIBE_MEMBER] as (push: string, listener: () => void) => () => void
    subscribed.length = 0
    for (const push of Object.keys(pushChannels)) on(push, () => undefined)
    expect(subscribed).toEqual(Object.keys(pushChannels))
  })
})

describe("the main process uses the same names", () => {
  let temp: TempServices
  beforeAll(() => {
    temp = openTempServices()
  })
  afterAll(() => temp.cleanup())

  it("Electron registers every channel under its one name", () => {
    registered.length = 0
    setupIpcHandlers(async () => ({ ok: true, value: null }))
    expect(registered).toEqual(Object.keys(channels))
  })

  it("the handler table has a handler under every channel's name and no other key", () => {
    expect(Object.keys(createHandlers(temp.services)).sort()).toEqual(Object.keys(channels).sort())
  })

  it("the push sources are keyed by the pushes' names", () => {
    expect(Object.keys(temp.services.pushes).sort()).toEqual(Object.keys(pushChannels).sort())
  })
})
