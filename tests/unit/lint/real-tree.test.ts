import { describe, expect, it } from "vitest"
import { projectEslint, REPO_ROOT } from "./lint-helper"

// The boundary and security rules hold for the code as it is: the whole tree lints clean, as
// `npm run lint` checks in CI. (About 15 s: ESLint over every source file.)

const BOUNDARY_RULES = new Set([
  "no-restricted-imports",
  "no-restricted-syntax",
  "no-restricted-globals",
  "no-restricted-properties",
  "no-eval",
  "no-implied-eval",
  "no-new-func",
  "no-script-url",
])

interface TreeLint {
  files: string[]
  errors: Array<{ at: string; ruleId: string; message: string }>
}

let treeLint: Promise<TreeLint> | null = null

/** Lints the whole tree once for both tests. */
function lintTree(): Promise<TreeLint> {
  treeLint ??= projectEslint()
    .lintFiles(["."])
    .then((results) => ({
      files: results.map((result) => result.filePath.slice(REPO_ROOT.length + 1)),
      errors: results.flatMap((result) =>
        result.messages
          .filter((message) => message.severity === 2)
          .map((message) => ({
            at: `${result.filePath.slice(REPO_ROOT.length + 1)}:${message.line}`,
            ruleId: message.ruleId ?? "parse",
            message: message.message,
          })),
      ),
    }))
  return treeLint
}

describe("the real tree", () => {
  it("breaks none of the boundary and security rules", { timeout: 180_000 }, async () => {
    const { files, errors } = await lintTree()
    expect(errors.filter((error) => BOUNDARY_RULES.has(error.ruleId))).toEqual([])
    // The rules really looked at the app's code (a broken glob would lint nothing and pass).
    for (const file of ["src-main/electron/page-pushes.ts", "src-main/electron/security.ts", "src-preload/index.ts", "src-renderer/main.tsx"])
      expect(files).toContain(file)
  })

  it("lints clean: no errors from any rule in any file", { timeout: 180_000 }, async () => {
    const { errors } = await lintTree()
    expect(errors.map((error) => `${error.at} ${error.ruleId}: ${error.message}`)).toEqual([])
  })
})
