import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { ESLint, type Linter } from "eslint"

// Runs the project's real eslint.config.js on small snippets, as if they were files at the given
// paths, so each test shows which rule a piece of code trips (or that it trips none).

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")

let eslint: ESLint | null = null

export function projectEslint(): ESLint {
  eslint ??= new ESLint({ cwd: REPO_ROOT, overrideConfigFile: join(REPO_ROOT, "eslint.config.js") })
  return eslint
}

/** Lints `code` as the file `relativePath` (it need not exist) and returns the errors found. */
export async function lintAt(relativePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await projectEslint().lintText(code, { filePath: join(REPO_ROOT, relativePath) })
  if (!result) throw new Error(`ESLint returned no result for ${relativePath}`)
  return result.messages.filter((message) => message.severity === 2)
}

/** The ids of the rules that fired (a parse error shows up as "parse error: ..."). */
export async function rulesFiredAt(relativePath: string, code: string): Promise<string[]> {
  const messages = await lintAt(relativePath, code)
  return messages.map((message) => message.ruleId ?? `parse error: ${message.message}`)
}

/** The messages of one rule, for asserting on what the developer is told. */
export async function messagesOf(ruleId: string, relativePath: string, code: string): Promise<string[]> {
  const messages = await lintAt(relativePath, code)
  return messages.filter((message) => message.ruleId === ruleId).map((message) => message.message)
}
