import { constants } from "node:fs"
import { access, stat } from "node:fs/promises"
import { dirname, isAbsolute, resolve, sep } from "node:path"
import type { ExportPathCheck, ExportPathProblem } from "../../src-shared/export"
import { SIGNING_DIR } from "./signing-keys"

// Whether a bundle can be written at a path, checked before an export starts (window and CLI), so
// a bad path is refused in words at once instead of failing inside the worker.

export async function checkOutPath(path: string): Promise<ExportPathCheck> {
  const problem = await findProblem(path)
  return { problem, exists: problem === null && (await isFile(path)) }
}

async function findProblem(path: string): Promise<ExportPathProblem | null> {
  if (!isAbsolute(path)) return "not-absolute"
  const dir = dirname(path)
  try {
    if (!(await stat(dir)).isDirectory()) return "not-a-folder"
  } catch {
    return "no-folder"
  }
  try {
    await access(dir, constants.W_OK)
  } catch {
    return "folder-not-writable"
  }
  try {
    if ((await stat(path)).isDirectory()) return "is-a-folder"
  } catch {
    // Does not exist yet: fine.
  }
  return null
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

/** The problem in words (English; the window shows its own catalog text instead). */
export function describeOutPathProblem(problem: ExportPathProblem, path: string): string {
  const dir = dirname(path)
  switch (problem) {
    case "not-absolute":
      return "the path must be absolute (start at the root of a drive)"
    case "no-folder":
      return `the folder ${dir} does not exist`
    case "not-a-folder":
      return `${dir} is not a folder`
    case "folder-not-writable":
      return `the folder ${dir} is not writable`
    case "is-a-folder":
      return "it is a folder"
  }
}

/**
 * What an export must never replace, even when asked to: the trace database with its journal
 * files, and anything in the signing-key folder. Returns what the path is, in words, or undefined.
 */
export function protectedFile(path: string, dbPath: string, keyDir: string): string | undefined {
  const target = resolve(path)
  const db = resolve(dbPath)
  if ([db, `${db}-wal`, `${db}-shm`, `${db}-journal`].includes(target)) return "the trace database"
  const signing = resolve(keyDir, SIGNING_DIR)
  if (target === signing || target.startsWith(`${signing}${sep}`)) return "part of the signing key"
  return undefined
}
