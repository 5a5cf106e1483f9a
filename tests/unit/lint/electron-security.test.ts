import { describe, expect, it } from "vitest"
import { messagesOf, rulesFiredAt } from "./lint-helper"

// Electron's security checklist as lint: no unsafe web preferences, no unchecked links to the
// system browser, no code from strings, no markup injected into pages.

const WINDOW_FILE = "src-main/electron/window-options.ts"

describe("web preferences", () => {
  it.each([
    ["nodeIntegration", "true"],
    ["nodeIntegrationInWorker", "true"],
    ["nodeIntegrationInSubFrames", "true"],
    ["contextIsolation", "false"],
    ["sandbox", "false"],
    ["webSecurity", "false"],
    ["allowRunningInsecureContent", "true"],
    ["webviewTag", "true"],
  ])("refuse %s: %s", async (name, value) => {
    const asProperty = `export const options = { webPreferences: { ${name}: ${value} } }\n`
    expect((await messagesOf("no-restricted-syntax", WINDOW_FILE, asProperty)).join(" ")).toContain(`${name}: ${value} is forbidden`)
    const quoted = `export const options = { webPreferences: { "${name}": ${value} } }\n`
    expect(await rulesFiredAt(WINDOW_FILE, quoted)).toContain("no-restricted-syntax")
    const assigned = `export function weaken(o: { webPreferences: Record<string, boolean> }) { o.webPreferences.${name} = ${value} }\n`
    expect(await rulesFiredAt(WINDOW_FILE, assigned)).toContain("no-restricted-syntax")
  })

  it("accept the safe values", async () => {
    const code = `export const options = { webPreferences: { nodeIntegration: false, contextIsolation: true, sandbox: true, webSecurity: true, allowRunningInsecureContent: false, webviewTag: false } }\n`
    expect(await rulesFiredAt(WINDOW_FILE, code)).toEqual([])
  })

  it("refuse weakening switches on Chromium's command line", async () => {
    const code = `import { app } from "electron"\napp.commandLine.appendSwitch("no-sandbox")\n`
    expect(await rulesFiredAt("src-main/electron/main.ts", code)).toContain("no-restricted-syntax")
  })
})

describe("links to the system browser", () => {
  const header = `import { shell } from "electron"\nimport { isAllowedExternalUrl } from "./external-links"\n`

  it("refuses shell.openExternal without the allow-list check", async () => {
    const code = `${header}export function open(url: string, hosts: Set<string>) { void hosts; void shell.openExternal(url) }\n`
    const messages = await messagesOf("no-restricted-syntax", "src-main/electron/security.ts", code)
    expect(messages.join(" ")).toContain("isAllowedExternalUrl")
  })

  it("refuses it in the else branch of the check, and handed around as a value", async () => {
    const elseBranch = `${header}export function open(url: string, hosts: Set<string>) { if (isAllowedExternalUrl(url, hosts)) return; else void shell.openExternal(url) }\n`
    expect(await rulesFiredAt("src-main/electron/security.ts", elseBranch)).toContain("no-restricted-syntax")
    const asValue = `${header}export const open = shell.openExternal\nexport const check = isAllowedExternalUrl\n`
    expect(await rulesFiredAt("src-main/electron/security.ts", asValue)).toContain("no-restricted-syntax")
  })

  it("accepts it behind the check, and anywhere in the links module", async () => {
    const checked = `${header}export function open(url: string, hosts: Set<string>) { if (isAllowedExternalUrl(url, hosts)) void shell.openExternal(url) }\n`
    expect(await rulesFiredAt("src-main/electron/security.ts", checked)).toEqual([])
    const inLinks = `import { shell } from "electron"\nexport const open = (url: string) => shell.openExternal(url)\n`
    expect(await rulesFiredAt("src-main/electron/external-links.ts", inLinks)).toEqual([])
  })

  it("refuses openExternal outside the Electron folder", async () => {
    const code = `export function open(shell: { openExternal(u: string): void }, url: string) { shell.openExternal(url) }\n`
    expect(await rulesFiredAt("src-renderer/cards/x.ts", code)).toContain("no-restricted-syntax")
    expect(await rulesFiredAt("src-main/handlers/x.ts", code)).toContain("no-restricted-syntax")
  })
})

describe("code from strings", () => {
  it.each([
    ["eval", `export const run = (s: string) => eval(s)`, "no-eval"],
    ["new Function", `export const make = (s: string) => new Function(s)`, "no-new-func"],
    ["setTimeout with a string", `setTimeout("alert(1)", 10)`, "no-implied-eval"],
  ])("refuses %s", async (_label, code, rule) => {
    for (const path of ["src-main/engine/x.ts", "src-renderer/x.ts", "src-preload/x.ts", "src-main/electron/x.ts"])
      expect(await rulesFiredAt(path, code + "\n")).toContain(rule)
  })
})

describe("markup injection in pages", () => {
  it("refuses dangerouslySetInnerHTML", async () => {
    const code = `export function Answer({ html }: { html: string }) { return <div dangerouslySetInnerHTML={{ __html: html }} /> }\n`
    const messages = await messagesOf("no-restricted-syntax", "src-renderer/answer/X.tsx", code)
    expect(messages.join(" ")).toContain("dangerouslySetInnerHTML")
  })

  it("refuses innerHTML, insertAdjacentHTML and document.write", async () => {
    for (const code of [
      `export function f(el: HTMLElement, s: string) { el.innerHTML = s }`,
      `export function f(el: HTMLElement, s: string) { el.insertAdjacentHTML("beforeend", s) }`,
      `export function f(s: string) { document.write(s) }`,
    ])
      expect(await rulesFiredAt("src-renderer/x.ts", code + "\n")).toContain("no-restricted-syntax")
  })

  it("accepts text rendered by React", async () => {
    const code = `export function Answer({ text }: { text: string }) { return <p>{text}</p> }\n`
    expect(await rulesFiredAt("src-renderer/answer/X.tsx", code)).toEqual([])
  })
})
