import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { cruise, type IForbiddenRuleType } from "dependency-cruiser"
import { afterEach, describe, expect, it } from "vitest"
import { REPO_ROOT } from "../lint/lint-helper"

// The packs room's rules in .dependency-cruiser.cjs, shown to fire on a small tree in a temp
// folder (as tests/unit/lint/rooms.test.ts does for the other rooms): packs imports only the
// contract, util, knowledge, trace, store and export's signing keys; knowledge, the engine and
// the store never import packs.

const config = createRequire(import.meta.url)(join(REPO_ROOT, ".dependency-cruiser.cjs")) as { forbidden: IForbiddenRuleType[] }

let dir: string | null = null
afterEach(() => {
  if (dir !== null) rmSync(dir, { recursive: true, force: true })
  dir = null
})

async function violations(files: Record<string, string[]>): Promise<string[]> {
  dir = mkdtempSync(join(tmpdir(), "fiskai-packs-rooms-"))
  for (const [path, imports] of Object.entries(files)) {
    const up = "../".repeat(path.split("/").length - 1)
    const lines = imports.map((target, i) => `import { x as x${i} } from "${up}${target.replace(/\.ts$/u, "")}"\nexport const y${i} = x${i}`)
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), `${lines.join("\n")}\nexport const x = 1\n`)
  }
  const roots = [...new Set(Object.keys(files).map((path) => path.split("/")[0] ?? path))]
  const result = await cruise(roots, { baseDir: dir, validate: true, ruleSet: { forbidden: config.forbidden } })
  if (typeof result.output === "string") throw new Error("expected a cruise result")
  return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
}

describe("the packs room", () => {
  it.each([
    ["knowledge-and-engine-below-packs", "src-main/knowledge/a.ts", "src-main/packs/b.ts"],
    ["knowledge-and-engine-below-packs", "src-main/engine/a.ts", "src-main/packs/b.ts"],
    ["store-below-runs", "src-main/store/a.ts", "src-main/packs/b.ts"],
    ["packs-room", "src-main/packs/a.ts", "src-main/runs/b.ts"],
    ["packs-room", "src-main/packs/a.ts", "src-main/cli/b.ts"],
    ["packs-room", "src-main/packs/a.ts", "src-main/export/bundle-writer.ts"],
  ])("%s: refuses %s importing %s", async (rule, from, to) => {
    expect(await violations({ [from]: [to], [to]: [] })).toContain(`${rule}: ${from} -> ${to}`)
  })

  it("may import the contract, util, knowledge, trace, store and export's signing keys", async () => {
    const found = await violations({
      "src-main/packs/a.ts": [
        "src-shared/b.ts",
        "src-main/util/c.ts",
        "src-main/knowledge/d.ts",
        "src-main/trace/e.ts",
        "src-main/store/f.ts",
        "src-main/export/signing-keys.ts",
      ],
      "src-shared/b.ts": [],
      "src-main/util/c.ts": [],
      "src-main/knowledge/d.ts": [],
      "src-main/trace/e.ts": [],
      "src-main/store/f.ts": [],
      "src-main/export/signing-keys.ts": [],
    })
    expect(found).toEqual([])
  })
})
