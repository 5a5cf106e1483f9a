import js from "@eslint/js"
import tseslint from "typescript-eslint"

// Boundary and security rules. ESLint's flat config does not merge the options of one rule across
// config objects (the last match wins), so every folder gets exactly one "zone" below that lists
// all of its restricted imports and syntax. tests/unit/lint/ proves each rule fires.

const ELECTRON_ONLY_IN_MAIN = "Only src-main/electron/ may import electron."

// ---- Electron's security checklist, as syntax (https://www.electronjs.org/docs/latest/tutorial/security)
/** A web preference set to its unsafe value, as an object property or an assignment. */
function unsafePreference(name, unsafeValue, why) {
  const message = `${name}: ${unsafeValue} is forbidden (${why}).`
  return [
    { selector: `Property[key.name='${name}'][value.value=${unsafeValue}]`, message },
    { selector: `Property[key.value='${name}'][value.value=${unsafeValue}]`, message },
    { selector: `AssignmentExpression[left.property.name='${name}'][right.value=${unsafeValue}]`, message },
  ]
}

const ELECTRON_SECURITY = [
  ...unsafePreference("nodeIntegration", true, "pages must not reach Node"),
  ...unsafePreference("nodeIntegrationInWorker", true, "workers must not reach Node"),
  ...unsafePreference("nodeIntegrationInSubFrames", true, "frames must not reach Node"),
  ...unsafePreference("contextIsolation", false, "the preload must run isolated from the page"),
  ...unsafePreference("sandbox", false, "renderers stay sandboxed"),
  ...unsafePreference("webSecurity", false, "the same-origin policy stays on"),
  ...unsafePreference("allowRunningInsecureContent", true, "no http content in https pages"),
  ...unsafePreference("experimentalFeatures", true, "no experimental Chromium features"),
  ...unsafePreference("webviewTag", true, "no <webview>"),
  {
    selector: "CallExpression[callee.property.name='appendSwitch'][arguments.0.value=/^(no-sandbox|disable-web-security|ignore-certificate-errors|allow-running-insecure-content)$/]",
    message: "Do not weaken Chromium's security with command-line switches.",
  },
]

// ---- Links to the system browser: only after the allow-list check of external-links.ts.
const OPEN_EXTERNAL_ANYWHERE = [
  {
    selector: "MemberExpression[property.name='openExternal']",
    message: "shell.openExternal belongs to src-main/electron, behind isAllowedExternalUrl (external-links.ts).",
  },
]
const CHECKED_IF = "IfStatement[test.callee.name='isAllowedExternalUrl']"
const OPEN_EXTERNAL_UNCHECKED = [
  {
    selector: `CallExpression[callee.property.name='openExternal']:not(${CHECKED_IF} > .consequent CallExpression, ${CHECKED_IF} > .consequent > CallExpression)`,
    message: "Call shell.openExternal only inside `if (isAllowedExternalUrl(url, hosts))` (external-links.ts).",
  },
  {
    selector: "MemberExpression[property.name='openExternal']:not(CallExpression > .callee)",
    message: "Do not pass shell.openExternal around; call it behind isAllowedExternalUrl.",
  },
]

// ---- Main -> window pushes: only the typed push module calls webContents.send.
const PUSH_MODULE = "src-main/electron/page-pushes.ts"
const WEB_CONTENTS_NAME = "/^(webContents|contents|wc|sender|senderFrame|mainFrame)$/"
const WEB_CONTENTS_SEND = [
  {
    selector: `MemberExpression[property.name=/^(send|sendToFrame|postMessage)$/][object.name=${WEB_CONTENTS_NAME}]`,
    message: `Untyped webContents.send: push through the contract's push channels (${PUSH_MODULE}).`,
  },
  {
    selector: `MemberExpression[property.name=/^(send|sendToFrame|postMessage)$/][object.property.name=${WEB_CONTENTS_NAME}]`,
    message: `Untyped webContents.send: push through the contract's push channels (${PUSH_MODULE}).`,
  },
]
/** In Electron code every `.send(` is a window push (there are no sockets there). */
const ANY_SEND = [
  {
    selector: "MemberExpression[property.name=/^(send|sendToFrame)$/]",
    message: `Only ${PUSH_MODULE} sends to windows; use its typed push channels.`,
  },
]

// ---- IPC: one wrapper in the main process, named functions in the preload, nothing raw in pages.
const IPC_ADAPTER = "src-main/electron/ipc-adapter.ts"
const IPC_MAIN_OUTSIDE_ADAPTER = [
  {
    selector: "MemberExpression[object.name='ipcMain']",
    message: `Register IPC only in ${IPC_ADAPTER}, through the contract's channel table and the dispatcher.`,
  },
]
const NO_IPC_RENDERER = [
  { selector: "Identifier[name='ipcRenderer']", message: "ipcRenderer exists only inside src-preload; pages use window.fiskai." },
]
const EXPOSE = "CallExpression[callee.property.name='exposeInMainWorld']"
const IPC_RENDERER_LEAK = "ipcRenderer must never reach the page: expose named functions that call it."
const PRELOAD_IPC = [
  { selector: `${EXPOSE} > Identifier.arguments[name='ipcRenderer']`, message: IPC_RENDERER_LEAK },
  { selector: "Property > Identifier.value[name='ipcRenderer']", message: IPC_RENDERER_LEAK },
  { selector: "SpreadElement > Identifier[name='ipcRenderer']", message: IPC_RENDERER_LEAK },
  { selector: "ReturnStatement > Identifier[name='ipcRenderer']", message: IPC_RENDERER_LEAK },
  { selector: "ArrowFunctionExpression > Identifier.body[name='ipcRenderer']", message: IPC_RENDERER_LEAK },
  { selector: "VariableDeclarator > Identifier.init[name='ipcRenderer']", message: IPC_RENDERER_LEAK },
  { selector: "AssignmentExpression > Identifier.right[name='ipcRenderer']", message: IPC_RENDERER_LEAK },
  {
    selector: "MemberExpression[object.name='ipcRenderer']:not(CallExpression > .callee)",
    message: "Call ipcRenderer's methods; never hand one out unbound (it would carry ipcRenderer to the page).",
  },
  {
    selector: "MemberExpression[object.name='ipcRenderer'][property.name=/^(send|sendSync|sendTo|sendToHost|postMessage)$/]",
    message: "Requests use ipcRenderer.invoke on a contract channel (no fire-and-forget or synchronous IPC).",
  },
]

// ---- Pages render events; they never inject markup.
const NO_MARKUP_INJECTION = [
  { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "No dangerouslySetInnerHTML: render text, React escapes it." },
  {
    selector: "AssignmentExpression > MemberExpression.left[property.name=/^(innerHTML|outerHTML)$/]",
    message: "No innerHTML/outerHTML: render text, React escapes it.",
  },
  { selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/][callee.object.name='document']", message: "No document.write." },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: "No insertAdjacentHTML." },
]

// ---- Imports per folder.
const electronBanned = { name: "electron", message: ELECTRON_ONLY_IN_MAIN }
const electronSubpathsBanned = { group: ["electron/*"], message: ELECTRON_ONLY_IN_MAIN }
const NODE_BUILTINS = ["fs", "fs/promises", "path", "os", "child_process", "net", "http", "https", "crypto", "worker_threads", "stream", "url", "util"]
const nodeBanned = (where) => [
  { group: ["node:*"], message: `${where} runs without Node.` },
  { group: NODE_BUILTINS, message: `${where} runs without Node.` },
]
const mainBanned = (where) => ({ group: ["**/src-main/**", "**/src-main"], message: `${where} may not import the main process; use the contract in src-shared.` })
const ENGINE_IO = ["node:fs", "node:fs/promises", "node:child_process", "node:net", "node:http", "node:https", "node:worker_threads", "better-sqlite3", "drizzle-orm", "drizzle-orm/*", "ws"]
const engineIoBanned = [
  { group: ENGINE_IO, message: "The engine is pure: dependencies are passed in, never imported (no I/O)." },
  { group: ["**/store/**", "**/sinks/**", "**/host/**", "**/handlers/**", "**/ipc/**", "**/electron/**", "**/export/**"], message: "The engine is pure: it does not reach the store, sinks or hosts." },
]

const TS = "**/*.{ts,tsx,js,mjs}"
const under = (folder) => `${folder}/${TS}`

/** One folder's complete set of restricted imports, syntax, globals and properties. */
function zone({ files, ignores = [], paths = [], patterns = [], syntax = [], globals = [], properties = [] }) {
  const rules = { "no-restricted-syntax": ["error", ...ELECTRON_SECURITY, ...syntax] }
  if (paths.length > 0 || patterns.length > 0) rules["no-restricted-imports"] = ["error", { paths, patterns }]
  if (globals.length > 0) rules["no-restricted-globals"] = ["error", ...globals]
  if (properties.length > 0) rules["no-restricted-properties"] = ["error", ...properties]
  return { files, ignores, rules }
}

const NOT_ELECTRON = [...NO_IPC_RENDERER, ...OPEN_EXTERNAL_ANYWHERE, ...WEB_CONTENTS_SEND, ...IPC_MAIN_OUTSIDE_ADAPTER]
const ELECTRON_FILES = { pushes: PUSH_MODULE, links: "src-main/electron/external-links.ts", ipc: IPC_ADAPTER }
const requireElectron = [
  { selector: "CallExpression[callee.name='require'][arguments.0.value=/^electron(\\/.*)?$/]", message: ELECTRON_ONLY_IN_MAIN },
]

export default tseslint.config(
  { ignores: ["node_modules/**", "out/**", "dist/**", "test-results/**", ".tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", URL: "readonly", Buffer: "readonly", performance: "readonly", structuredClone: "readonly", TextEncoder: "readonly", TextDecoder: "readonly", window: "readonly", document: "readonly", queueMicrotask: "readonly" } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // No code from strings, anywhere the app or its tooling runs.
    files: ["src-*/**", "scripts/**", "*.{ts,js,mjs}"],
    rules: { "no-eval": "error", "no-implied-eval": "error", "no-new-func": "error", "no-script-url": "error" },
  },
  // Build tooling and root config files: the security checklist only.
  zone({ files: ["scripts/**", "*.{ts,js,mjs}"] }),
  // Main process outside Electron: plain Node, no electron.
  zone({
    files: [under("src-main")],
    ignores: ["src-main/electron/**", "src-main/engine/**"],
    paths: [electronBanned],
    patterns: [electronSubpathsBanned],
    syntax: [...NOT_ELECTRON, ...requireElectron],
  }),
  // The engine: also pure (no I/O, no store).
  zone({
    files: [under("src-main/engine")],
    paths: [electronBanned],
    patterns: [electronSubpathsBanned, ...engineIoBanned],
    syntax: [...NOT_ELECTRON, ...requireElectron],
  }),
  // Electron's folder: may import electron; pushes, links and IPC registration each in their one module.
  zone({
    files: [under("src-main/electron")],
    ignores: Object.values(ELECTRON_FILES),
    syntax: [...NO_IPC_RENDERER, ...OPEN_EXTERNAL_UNCHECKED, ...ANY_SEND, ...IPC_MAIN_OUTSIDE_ADAPTER],
  }),
  zone({ files: [ELECTRON_FILES.pushes], syntax: [...NO_IPC_RENDERER, ...OPEN_EXTERNAL_UNCHECKED, ...IPC_MAIN_OUTSIDE_ADAPTER] }),
  zone({ files: [ELECTRON_FILES.links], syntax: [...NO_IPC_RENDERER, ...ANY_SEND, ...IPC_MAIN_OUTSIDE_ADAPTER] }),
  zone({ files: [ELECTRON_FILES.ipc], syntax: [...NO_IPC_RENDERER, ...OPEN_EXTERNAL_UNCHECKED, ...ANY_SEND] }),
  // The contract: no Node, no main process, no electron.
  zone({
    files: [under("src-shared")],
    paths: [electronBanned],
    patterns: [electronSubpathsBanned, ...nodeBanned("src-shared (the contract)"), mainBanned("src-shared"), { group: ["**/src-renderer/**", "**/src-preload/**"], message: "The contract depends on nothing." }],
    syntax: [...NOT_ELECTRON, ...requireElectron],
  }),
  // The preload: electron's contextBridge and ipcRenderer only, and ipcRenderer never exposed.
  zone({
    files: [under("src-preload")],
    paths: [{ name: "electron", allowImportNames: ["contextBridge", "ipcRenderer"], message: "The preload uses only contextBridge and ipcRenderer." }],
    patterns: [electronSubpathsBanned, mainBanned("The preload"), { group: ["**/src-renderer/**"], message: "The preload exposes the contract only." }],
    syntax: [...PRELOAD_IPC, ...OPEN_EXTERNAL_ANYWHERE, ...WEB_CONTENTS_SEND, ...IPC_MAIN_OUTSIDE_ADAPTER],
  }),
  // Pages: no electron, no Node, no main-process code, no raw IPC, no markup injection.
  zone({
    files: [under("src-renderer")],
    paths: [electronBanned],
    patterns: [electronSubpathsBanned, ...nodeBanned("The renderer"), mainBanned("The renderer")],
    syntax: [...NOT_ELECTRON, ...requireElectron, ...NO_MARKUP_INJECTION],
    globals: [
      { name: "ipcRenderer", message: "Pages use window.fiskai, never ipcRenderer." },
      { name: "require", message: "Pages have no require; import modules." },
    ],
    properties: [
      { object: "window", property: "ipcRenderer", message: "Pages use window.fiskai, never ipcRenderer." },
      { object: "globalThis", property: "ipcRenderer", message: "Pages use window.fiskai, never ipcRenderer." },
      { object: "window", property: "require", message: "Pages have no require." },
      { object: "window", property: "electron", message: "Pages use window.fiskai only." },
    ],
  }),
  // A function fits on a screen (issue 21): one that grows past 80 lines is split by responsibility.
  {
    files: ["src-*/**/*.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
)
