import type { Locale } from "../../src-shared/events/stages"
import type { LintResult } from "../../src-shared/rule-changes"
import type { RuleEdit } from "./apply-changes"
import type { RefusalCode } from "./refusals"

// What a publication's pack build thread is given and answers (pack-build.ts, pack-build-worker.ts).
// It is given the base version's stored content and the changes, and answers with the next pack's
// canonical JSON, a PackRefusal's code and params (so that the caller throws the same refusal as
// an in-thread build would), or a plain failure. One thread serves the builds of a while, one at a
// time, each answer naming its build.

export interface PackBuildData {
  /** The base version's stored canonical JSON. */
  baseJson: string
  /** Its content hash as the store records it: the worker checks the content against it. */
  baseHash: string
  edits: RuleEdit[]
  next: { version: string; publishedAt: string }
}

/** A draft's live pack check (draft-lint.ts) against the base version. */
export interface DraftLintData {
  baseJson: string
  baseHash: string
  edit: RuleEdit
  locale: Locale
}

export type PackBuildRequest = { build: number; data: PackBuildData } | { build: number; lint: DraftLintData }

export type PackBuildReply =
  | { type: "built"; id: string; version: string; hash: string; canonicalJson: string }
  | { type: "refused"; code: RefusalCode; params: Record<string, string> }
  | { type: "failed"; message: string }
  | { type: "linted"; result: LintResult }

export type PackBuildAnswer = PackBuildReply & { build: number }
