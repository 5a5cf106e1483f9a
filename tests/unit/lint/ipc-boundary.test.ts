import { describe, expect, it } from "vitest"
import { messagesOf, rulesFiredAt } from "./lint-helper"

// Raw IPC stays inside its two modules: the preload exposes named functions (never ipcRenderer),
// pages use window.fiskai, the main process registers channels only in the IPC adapter and sends
// to windows only through the typed push module.

const preloadHeader = `import { contextBridge, ipcRenderer } from "electron"\n`

describe("the preload never exposes ipcRenderer", () => {
  it.each([
    ["ipcRenderer itself", `contextBridge.exposeInMainWorld("ipc", ipcRenderer)`],
    ["ipcRenderer as a property", `contextBridge.exposeInMainWorld("api", { ipc: ipcRenderer })`],
    ["ipcRenderer spread", `contextBridge.exposeInMainWorld("api", { ...ipcRenderer })`],
    ["an unbound method", `contextBridge.exposeInMainWorld("api", { on: ipcRenderer.on })`],
    ["a getter returning it", `contextBridge.exposeInMainWorld("api", { get: () => ipcRenderer })`],
    ["an alias", `const raw = ipcRenderer\ncontextBridge.exposeInMainWorld("api", { raw })`],
  ])("refuses %s", async (_label, body) => {
    const messages = await messagesOf("no-restricted-syntax", "src-preload/index.ts", preloadHeader + body + "\n")
    expect(messages.length).toBeGreaterThan(0)
  })

  it("refuses fire-and-forget and synchronous IPC", async () => {
    for (const call of ["ipcRenderer.send", "ipcRenderer.sendSync"]) {
      const code = `${preloadHeader}contextBridge.exposeInMainWorld("api", { go: () => ${call}("x:go") })\n`
      const messages = await messagesOf("no-restricted-syntax", "src-preload/api.ts", code)
      expect(messages.join(" ")).toContain("ipcRenderer.invoke")
    }
  })

  it("accepts named functions that invoke contract channels, and handing ipcRenderer to a builder", async () => {
    const code = `${preloadHeader}import { build } from "./build"
contextBridge.exposeInMainWorld("fiskai", { ask: (input: unknown) => ipcRenderer.invoke("reasoning:ask", input), on: build(ipcRenderer) })
`
    expect(await rulesFiredAt("src-preload/index.ts", code)).toEqual([])
  })
})

describe("pages never touch ipcRenderer", () => {
  it.each([
    ["a global", `export const go = () => ipcRenderer.invoke("reasoning:ask", {})`],
    ["window.ipcRenderer", `export const go = () => window.ipcRenderer.invoke("reasoning:ask", {})`],
    ["a require", `export const go = () => require("electron").ipcRenderer`],
  ])("refuses %s", async (_label, code) => {
    const fired = await rulesFiredAt("src-renderer/api/x.ts", code + "\n")
    expect(fired.some((rule) => rule.startsWith("no-restricted-"))).toBe(true)
  })

  it("refuses ipcRenderer in the main process's plain modules too", async () => {
    const fired = await rulesFiredAt("src-main/handlers/x.ts", `export function f(ipcRenderer: { invoke(c: string): void }) { ipcRenderer.invoke("x") }\n`)
    expect(fired).toContain("no-restricted-syntax")
  })

  it("accepts the typed window API", async () => {
    expect(await rulesFiredAt("src-renderer/api/x.ts", `export const go = () => window.fiskai?.ask({ question: "q" })\n`)).toEqual([])
  })
})

describe("webContents.send only in the typed push module", () => {
  it.each([
    ["src-main/electron/main-window.ts", `export function f(win: { webContents: { send(c: string, p: unknown): void } }) { win.webContents.send("x", 1) }`],
    ["src-main/electron/main.ts", `export function f(contents: { send(c: string, p: unknown): void }) { contents.send("reasoning:event", {}) }`],
    ["src-main/electron/updater.ts", `export function f(e: { sender: { send(c: string): void } }) { e.sender.send("update") }`],
    ["src-main/handlers/x.ts", `export function f(webContents: { send(c: string): void }) { webContents.send("x") }`],
    ["src-main/electron/main.ts", `export function f(w: { send(c: string): void }) { const push = w.send.bind(w); push("x") }`],
  ])("refuses it in %s", async (path, code) => {
    const messages = await messagesOf("no-restricted-syntax", path, code + "\n")
    expect(messages.join(" ")).toContain("page-pushes.ts")
  })

  it("accepts it in src-main/electron/page-pushes.ts", async () => {
    const code = `export function f(contents: { send(c: string, p: unknown): void }) { contents.send("reasoning:event", {}) }\n`
    expect(await rulesFiredAt("src-main/electron/page-pushes.ts", code)).toEqual([])
  })

  it("accepts a WebSocket's send in the browser host", async () => {
    const code = `export function f(socket: { send(data: string): void }) { socket.send("{}") }\n`
    expect(await rulesFiredAt("src-main/host/ws-bridge.ts", code)).toEqual([])
  })
})

describe("IPC registration only in the IPC adapter", () => {
  const register = `import { ipcMain } from "electron"\nipcMain.handle("reasoning:ask", () => ({ ok: true }))\n`

  it("refuses ipcMain elsewhere in src-main/electron", async () => {
    const messages = await messagesOf("no-restricted-syntax", "src-main/electron/main.ts", register)
    expect(messages.join(" ")).toContain("ipc-adapter.ts")
  })

  it("accepts it in src-main/electron/ipc-adapter.ts", async () => {
    expect(await rulesFiredAt("src-main/electron/ipc-adapter.ts", register)).toEqual([])
  })
})
