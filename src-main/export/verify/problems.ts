import type { BundleProblem, BundleVerdict } from "../../../src-shared/export"
import { FLAGS_FILE, type ManifestFile } from "../bundle-format"
import type { EntryDigest } from "./bundle-reader"
import { MAX_ID_CHARS, MAX_MESSAGE_CHARS } from "./limits"

// How the verifier words a finding about a file.

export function fileProblem(file: string | null, message: string, line: number | null = null): BundleProblem {
  return { file, requestId: null, seq: null, line, message }
}

export function compareDigest(listed: ManifestFile, digest: EntryDigest, report: (p: BundleProblem) => void): void {
  if (digest.sha256 !== listed.sha256 || digest.bytes !== listed.bytes)
    report(
      fileProblem(
        listed.path,
        `${listed.path} was modified${listed.path === FLAGS_FILE ? FLAGS_MODIFIED : ""}: SHA-256 ${digest.sha256} (${digest.bytes} bytes), the manifest says ${listed.sha256} (${listed.bytes} bytes)`,
      ),
    )
}

/** What a changed flags file means to an auditor: the reports and decisions are not the ones signed. */
const FLAGS_MODIFIED = " after it was signed: its flag records (what users reported and what reviewers decided) are not the ones the signer exported"

/**
 * Findings as the verdict lists them: every one up to a limit, then a count. A hostile bundle can
 * produce a finding a line (millions); the verdict stays readable and its size bounded.
 */
export class ProblemList {
  readonly listed: BundleProblem[] = []
  private omitted = 0

  constructor(
    private readonly limit: number,
    private readonly file: string | null = null,
  ) {}

  readonly add = (problem: BundleProblem): void => {
    if (this.listed.length < this.limit) this.listed.push(boundedProblem(problem))
    else this.omitted += 1
  }

  /** The listed findings, and one more that counts the rest (if any were left out). */
  finish(requestId: string | null = null): BundleProblem[] {
    if (this.omitted > 0) {
      this.listed.push({ file: this.file, requestId, seq: null, line: null, message: `${this.omitted} more findings are not listed` })
      this.omitted = 0
    }
    return this.listed
  }
}

/** Trims one trace's findings to `limit`, counting the rest in one more finding. */
export function limitProblems(problems: BundleProblem[], limit: number, requestId: string): BundleProblem[] {
  const kept = problems.slice(0, limit).map(boundedProblem)
  if (problems.length > limit)
    kept.push(boundedProblem({ file: null, requestId, seq: null, line: null, message: `${problems.length - limit} more findings of this trace are not listed` }))
  return kept
}

/** The finding with its text and trace id cut to MAX_MESSAGE_CHARS and MAX_ID_CHARS. */
export function boundedProblem(problem: BundleProblem): BundleProblem {
  const message = shorten(problem.message, MAX_MESSAGE_CHARS)
  const requestId = problem.requestId === null ? null : shorten(problem.requestId, MAX_ID_CHARS)
  return message === problem.message && requestId === problem.requestId ? problem : { ...problem, message, requestId }
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text
  // Copied by join: a slice alone would keep the whole (possibly huge) text alive behind it.
  return `${Array.from(text.slice(0, max)).join("")}… (${text.length} characters)`
}

/** A verdict before any check has held: what a verification starts from, or ends with when it cannot run. */
export function nothingVerified(problems: BundleVerdict["problems"]): BundleVerdict {
  return {
    ok: false,
    signatureOk: false,
    signerTrusted: false,
    fingerprint: null,
    trustedKeyMatches: null,
    exportedAt: null,
    firmName: null,
    problems,
    traces: [],
  }
}
