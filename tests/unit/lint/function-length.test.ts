import { describe, expect, it } from "vitest"
import { rulesFiredAt } from "./lint-helper"

// Functions fit on a screen: past 80 lines (blank lines and comments not counted) the lint fails,
// in the main process and in the renderer alike.

function functionOf(statements: number): string {
  const body = Array.from({ length: statements }, (_, i) => `  const v${i} = ${i}\n  void v${i}`).join("\n// a comment\n\n")
  return `export function long(): void {\n${body}\n}\n`
}

describe("function length", () => {
  it.each(["src-main/runs/x.ts", "src-renderer/features/x.tsx"])("refuses a function over 80 lines in %s", async (path) => {
    expect(await rulesFiredAt(path, functionOf(40))).toContain("max-lines-per-function")
  })

  it("counts neither blank lines nor comments", async () => {
    // 39 statements of two lines plus the signature and the brace: 80 lines of code.
    expect(await rulesFiredAt("src-main/runs/x.ts", functionOf(39))).not.toContain("max-lines-per-function")
  })
})
