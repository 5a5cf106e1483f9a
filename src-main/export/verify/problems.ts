import type { BundleProblem } from "../../../src-shared/export"
import type { ManifestFile } from "../bundle-format"
import type { EntryDigest } from "./bundle-reader"

// How the verifier words a finding about a file.

export function fileProblem(file: string | null, message: string, line: number | null = null): BundleProblem {
  return { file, requestId: null, seq: null, line, message }
}

export function compareDigest(listed: ManifestFile, digest: EntryDigest, report: (p: BundleProblem) => void): void {
  if (digest.sha256 !== listed.sha256 || digest.bytes !== listed.bytes)
    report(
      fileProblem(
        listed.path,
        `${listed.path} was modified: SHA-256 ${digest.sha256} (${digest.bytes} bytes), the manifest says ${listed.sha256} (${listed.bytes} bytes)`,
      ),
    )
}
