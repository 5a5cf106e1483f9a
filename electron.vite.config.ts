import react from "@vitejs/plugin-react"
import { defineConfig } from "electron-vite"
import { resolve } from "node:path"
import type { Plugin } from "vite"
import { contentSecurityPolicy } from "./src-shared/csp"

// Builds the three pieces into out/: main (ESM, out/main/index.js, dependencies such as
// better-sqlite3 stay external), preload (CommonJS with everything bundled, as a sandboxed preload
// cannot require node_modules) and the renderer (React, out/renderer).

const root = import.meta.dirname

/** Puts the one CSP of src-shared/csp.ts into index.html, replacing any CSP meta already there. */
function cspMetaPlugin(dev: boolean): Plugin {
  const policy = contentSecurityPolicy({ dev, forMeta: true })
  return {
    name: "fiskai-csp-meta",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const withoutOld = html.replace(/\s*<meta[^>]+http-equiv=["']Content-Security-Policy["'][^>]*>/gi, "")
        return {
          html: withoutOld,
          tags: [{ tag: "meta", attrs: { "http-equiv": "Content-Security-Policy", content: policy }, injectTo: "head-prepend" }],
        }
      },
    },
  }
}

export default defineConfig(({ command }) => ({
  main: {
    build: {
      outDir: "out/main",
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(root, "src-main/electron/main.ts"),
          // Worker threads (util/worker-entry.ts looks for each beside index.js): audit exports,
          // the reasoning engine, and bundle verification.
          "export-worker": resolve(root, "src-main/export/export-worker.ts"),
          "engine-worker": resolve(root, "src-main/engine-thread/engine-worker.ts"),
          "verify-worker": resolve(root, "src-main/export/verify/verify-worker.ts"),
          "shadow-worker": resolve(root, "src-main/shadow/shadow-worker.ts"),
          "pack-build-worker": resolve(root, "src-main/packs/pack-build-worker.ts"),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: "out/preload",
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(root, "src-preload/index.ts") },
        output: { format: "cjs", entryFileNames: "[name].cjs" },
      },
    },
  },
  renderer: {
    root: resolve(root, "src-renderer"),
    plugins: [react(), cspMetaPlugin(command === "serve")],
    build: {
      outDir: resolve(root, "out/renderer"),
      emptyOutDir: true,
      rollupOptions: { input: resolve(root, "src-renderer/index.html") },
    },
  },
}))
