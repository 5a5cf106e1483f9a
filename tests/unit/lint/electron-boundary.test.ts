import { describe, expect, it } from "vitest"
import { messagesOf, rulesFiredAt } from "./lint-helper"

// Electron stays at the edge: only src-main/electron imports it; the preload may take
// contextBridge and ipcRenderer from it; the contract, the renderer and the engine keep their
// own dependencies narrow.

const importsElectron = `import { app } from "electron"\nexport const name = app.getName()\n`

describe("electron imports", () => {
  it.each(["src-main/store/x.ts", "src-main/engine/x.ts", "src-main/handlers/x.ts", "src-shared/x.ts", "src-renderer/x.tsx"])(
    "are refused in %s",
    async (path) => {
      const messages = await messagesOf("no-restricted-imports", path, importsElectron)
      expect(messages.join(" ")).toContain("Only src-main/electron/ may import electron.")
    },
  )

  it("are allowed in src-main/electron", async () => {
    expect(await rulesFiredAt("src-main/electron/x.ts", importsElectron)).toEqual([])
  })

  it("are refused through electron's subpaths and through require", async () => {
    expect(await rulesFiredAt("src-main/store/x.ts", `import { app } from "electron/main"\nexport const a = app\n`)).toContain(
      "no-restricted-imports",
    )
    expect(await rulesFiredAt("src-main/host/x.ts", `export const electron = require("electron")\n`)).toContain("no-restricted-syntax")
  })

  it("let the preload take contextBridge and ipcRenderer, and nothing else", async () => {
    const allowed = `import { contextBridge, ipcRenderer } from "electron"\ncontextBridge.exposeInMainWorld("fiskai", { ping: () => ipcRenderer.invoke("x:ping", {}) })\n`
    expect(await rulesFiredAt("src-preload/x.ts", allowed)).toEqual([])
    const shell = `import { shell } from "electron"\nexport const open = (u: string) => shell.openExternal(u)\n`
    expect(await rulesFiredAt("src-preload/x.ts", shell)).toContain("no-restricted-imports")
    const everything = `import * as electron from "electron"\nexport const e = electron\n`
    expect(await rulesFiredAt("src-preload/x.ts", everything)).toContain("no-restricted-imports")
  })
})

describe("folder boundaries", () => {
  it("keep Node and the main process out of the renderer", async () => {
    expect(await rulesFiredAt("src-renderer/x.tsx", `import { readFileSync } from "node:fs"\nexport const r = readFileSync\n`)).toContain(
      "no-restricted-imports",
    )
    const engine = `import { buildAnswerWithReasoning } from "../../src-main/engine/pipeline"\nexport const b = buildAnswerWithReasoning\n`
    expect(await rulesFiredAt("src-renderer/ask/x.tsx", engine)).toContain("no-restricted-imports")
  })

  it("keep the contract free of Node and of the other sides", async () => {
    expect(await rulesFiredAt("src-shared/x.ts", `import { join } from "path"\nexport const j = join\n`)).toContain("no-restricted-imports")
    expect(await rulesFiredAt("src-shared/x.ts", `import { openStore } from "../src-main/store/store"\nexport const o = openStore\n`)).toContain(
      "no-restricted-imports",
    )
  })

  it("keep the engine pure: no database, no file system, no store", async () => {
    for (const code of [
      `import Database from "better-sqlite3"\nexport const d = Database\n`,
      `import { writeFileSync } from "node:fs"\nexport const w = writeFileSync\n`,
      `import { openStore } from "../store/store"\nexport const o = openStore\n`,
    ])
      expect(await rulesFiredAt("src-main/engine/stages/x.ts", code)).toContain("no-restricted-imports")
  })

  it("let the rest of the main process use Node and the store", async () => {
    const code = `import { readFileSync } from "node:fs"\nimport { openStore } from "../store/store"\nexport const both = [readFileSync, openStore]\n`
    expect(await rulesFiredAt("src-main/export/x.ts", code)).toEqual([])
  })
})
