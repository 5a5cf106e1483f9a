import { readFile } from "node:fs/promises"
import { resolveUpdatePolicy, type PolicyFileRead, type UpdatePolicyDecision } from "./policy"

// Reads the administrator's policy files for the pure policy function. A missing file is normal;
// one that exists but cannot be read (permissions, a directory, too large) is reported as such,
// and the policy then fails closed.

/** A policy is a few lines of JSON; anything bigger is not one. */
export const MAX_POLICY_FILE_BYTES = 64 * 1024

export async function readPolicyFiles(paths: ReadonlyArray<string>): Promise<PolicyFileRead[]> {
  return Promise.all(paths.map(readPolicyFile))
}

export async function readPolicyFile(filePath: string): Promise<PolicyFileRead> {
  let bytes: Buffer
  try {
    bytes = await readFile(filePath)
  } catch (error) {
    const code = errorCode(error)
    if (code === "ENOENT" || code === "ENOTDIR") return { path: filePath, kind: "missing" }
    return {
      path: filePath,
      kind: "unreadable",
      error: code ?? (error instanceof Error ? error.message : String(error)),
    }
  }
  if (bytes.length > MAX_POLICY_FILE_BYTES) {
    return { path: filePath, kind: "unreadable", error: `larger than ${MAX_POLICY_FILE_BYTES} bytes` }
  }
  return { path: filePath, kind: "read", contents: bytes.toString("utf8") }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === "object" && error !== null && "code" in error && typeof error.code === "string")
    return error.code
  return undefined
}

export interface UpdatePolicySources {
  /** The user's `updatesEnabled` setting, read fresh each time. */
  readonly readSetting: () => boolean | Promise<boolean>
  readonly env: Readonly<Record<string, string | undefined>>
  readonly policyFilePaths: ReadonlyArray<string>
  readonly isPackaged: boolean
}

/** The live policy: reads the setting and the policy files, then applies the pure rules. */
export function createPolicyResolver(sources: UpdatePolicySources): () => Promise<UpdatePolicyDecision> {
  return async () =>
    resolveUpdatePolicy({
      updatesEnabledSetting: await sources.readSetting(),
      env: sources.env,
      policyFiles: await readPolicyFiles(sources.policyFilePaths),
      isPackaged: sources.isPackaged,
    })
}
