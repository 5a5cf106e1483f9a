import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { REPO_ROOT } from "./support/run-checks"

// The renderer shows questions, answers and quotes that may contain markup. React escapes text, so
// the only ways to inject markup are the escape hatches; none of them appears in src-renderer.
// (The lint rules refuse them too; this check holds even if a lint rule is switched off.)

const RENDERER = join(REPO_ROOT, "src-renderer")
const ESCAPE_HATCHES: Array<[string, RegExp]> = [
  ["dangerouslySetInnerHTML", /dangerouslySetInnerHTML/],
  ["innerHTML / outerHTML", /\.(inner|outer)HTML\b/],
  ["insertAdjacentHTML", /insertAdjacentHTML/],
  ["document.write", /document\.write(ln)?\s*\(/],
  ["createContextualFragment", /createContextualFragment/],
  ["DOMParser", /\bDOMParser\b/],
  ["srcdoc", /\bsrcDoc\b|\bsrcdoc\b/],
  ["eval", /\beval\s*\(/],
  ["new Function", /\bnew\s+Function\s*\(/],
  ["javascript: URLs", /["'`]javascript:/i],
]

/**
 * The one reviewed use of an escape hatch: the print view's frame shows the answer's paper, which
 * the main process renders and escapes (tests/unit/export/answer-paper test hostile questions), in
 * a frame sandboxed without scripts (checked below), so nothing in it runs.
 */
const REVIEWED: Record<string, readonly string[]> = {
  srcdoc: ["src-renderer/features/answer/PrintView.tsx", "src-renderer/features/answer/paper-frame.ts"],
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(tsx?|html)$/.test(entry.name) ? [path] : []
  })
}

describe("the renderer's sources", () => {
  const files = sourceFiles(RENDERER)

  it("are all read (the check below covers every component)", () => {
    expect(files.filter((file) => file.endsWith(".tsx")).length).toBeGreaterThan(10)
  })

  it.each(ESCAPE_HATCHES)("never use %s", (name, pattern) => {
    const offenders = files.filter((file) => pattern.test(readFileSync(file, "utf8"))).map((file) => relative(REPO_ROOT, file))
    expect(offenders.filter((file) => !(REVIEWED[name] ?? []).includes(file))).toEqual([])
  })

  it("sandbox the print view's frame without scripts", () => {
    const frame = readFileSync(join(RENDERER, "features/answer/paper-frame.ts"), "utf8")
    const sandbox = /PAPER_FRAME_SANDBOX = "([^"]*)"/.exec(frame)?.[1]
    expect(sandbox).toBeDefined()
    expect(sandbox).not.toMatch(/allow-scripts|allow-top-navigation|allow-popups/)
  })
})
