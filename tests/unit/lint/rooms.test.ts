import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { cruise, type IForbiddenRuleType } from "dependency-cruiser"
import { afterEach, describe, expect, it } from "vitest"
import { REPO_ROOT } from "./lint-helper"

// The rooms rules of .dependency-cruiser.cjs (run by `npm run lint`), each shown to fire on a
// small tree written to a temp folder: an inner room importing an outer one, and rooms or
// modules importing each other in a circle. Allowed directions pass.

const config = createRequire(import.meta.url)(join(REPO_ROOT, ".dependency-cruiser.cjs")) as { forbidden: IForbiddenRuleType[] }

let dir: string | null = null
afterEach(() => {
  if (dir !== null) rmSync(dir, { recursive: true, force: true })
  dir = null
})

/** Writes `files` (path -> the paths it imports) and returns the rules they break, as "rule: from -> to". */
async function violations(files: Record<string, string[]>): Promise<string[]> {
  dir = mkdtempSync(join(tmpdir(), "fiskai-rooms-"))
  for (const [path, imports] of Object.entries(files)) {
    const lines = imports.map((target, i) => `import { x as x${i} } from "${relative(path, target)}"\nexport const y${i} = x${i}`)
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), `${lines.join("\n")}\nexport const x = 1\n`)
  }
  const roots = [...new Set(Object.keys(files).map((path) => path.split("/")[0] ?? path))]
  const result = await cruise(roots, { baseDir: dir, validate: true, ruleSet: { forbidden: config.forbidden } })
  if (typeof result.output === "string") throw new Error("expected a cruise result")
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
}

/** `target` as a relative import specifier from `from`'s folder (both repo-relative, .ts dropped). */
function relative(from: string, target: string): string {
  const up = from.split("/").length - 1
  return `${"../".repeat(up)}${target.replace(/\.ts$/u, "")}`
}

describe("room rules", () => {
  it.each([
    ["engine-is-inner", "src-main/engine/a.ts", "src-main/store/b.ts"],
    ["engine-is-inner", "src-main/engine/a.ts", "src-main/trace/b.ts"],
    ["trace-is-inner", "src-main/trace/a.ts", "src-main/runs/b.ts"],
    ["knowledge-is-inner", "src-main/knowledge/a.ts", "src-main/engine/b.ts"],
    ["util-is-innermost", "src-main/util/a.ts", "src-main/knowledge/b.ts"],
    ["store-below-runs", "src-main/store/a.ts", "src-main/whatif/b.ts"],
    ["domain-below-runs", "src-main/whatif/a.ts", "src-main/runs/b.ts"],
    ["domain-below-runs", "src-main/export/a.ts", "src-main/runs/b.ts"],
    ["runs-below-hosts", "src-main/runs/a.ts", "src-main/composition/b.ts"],
    ["composition-below-hosts", "src-main/composition/a.ts", "src-main/handlers/b.ts"],
    ["contract-depends-on-nothing", "src-shared/a.ts", "src-main/engine/b.ts"],
  ])("%s: refuses %s importing %s", async (rule, from, to) => {
    expect(await violations({ [from]: [to], [to]: [] })).toContain(`${rule}: ${from} -> ${to}`)
  })

  it("lets outer rooms import inner ones", async () => {
    const found = await violations({
      "src-main/runs/a.ts": ["src-main/store/b.ts", "src-main/whatif/c.ts", "src-main/trace/d.ts"],
      "src-main/store/b.ts": ["src-main/trace/d.ts"],
      "src-main/whatif/c.ts": ["src-main/engine/e.ts"],
      "src-main/trace/d.ts": ["src-main/engine/e.ts"],
      "src-main/engine/e.ts": ["src-main/knowledge/f.ts"],
      "src-main/knowledge/f.ts": ["src-main/util/g.ts"],
      "src-main/util/g.ts": [],
    })
    expect(found).toEqual([])
  })

  it("refuses two rooms that import each other around a circle, in any process", async () => {
    const found = await violations({
      "src-renderer/trace/a.ts": ["src-renderer/whatif/b.ts"],
      "src-renderer/whatif/b.ts": ["src-renderer/shell/c.ts"],
      "src-renderer/shell/c.ts": ["src-renderer/trace/d.ts"],
      "src-renderer/trace/d.ts": [],
    })
    expect(found.some((v) => v.startsWith("no-room-circle: src-renderer/"))).toBe(true)
    expect(found.some((v) => v.startsWith("no-module-circle"))).toBe(false)
  })

  it("refuses modules that import each other", async () => {
    const found = await violations({ "src-main/runs/a.ts": ["src-main/runs/b.ts"], "src-main/runs/b.ts": ["src-main/runs/a.ts"] })
    expect(found).toContain("no-module-circle: src-main/runs/a.ts -> src-main/runs/b.ts")
  })
})
