import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Locale } from "../../src-shared/events/stages"
import type { LintResult } from "../../src-shared/rule-changes"
import { loadPack, PackLoadError, type LoadedPack } from "../knowledge/loader"
import { lintPack, type Finding } from "../knowledge/pack-lint"
import { applyEdits, type RuleEdit } from "../packs/apply-changes"
import { namingProfiles, PackRefusal, type RefusalCode } from "../packs/refusals"
import type { RuleChanges } from "../packs/rule-changes"
import { versionPack } from "../packs/versions"
import { PackVersionsRepository } from "../store/pack-versions-repo"
import type { Store } from "../store/store"

// What the rules channels share: the latest stored version of the pack in force (read and checked
// once per version, with its pack check findings, so that the live check of a draft lints only the
// draft's pack), and a refusal of the packs room as the window's error, in its language.

export interface BaseVersion {
  readonly seq: number
  readonly pack: LoadedPack
  /** The base's own findings: a draft is judged by the findings it adds. */
  readonly findingKeys: ReadonlySet<string>
}

const findingKey = (f: Finding) => `${f.code}\u0000${f.where}\u0000${f.message}`

export class LatestVersion {
  private cached: BaseVersion | null = null

  constructor(
    private readonly store: Store,
    private readonly packId: () => string,
  ) {}

  get(): BaseVersion {
    const repo = new PackVersionsRepository(this.store)
    const row = repo.latestVersion(this.packId())
    if (row === null) throw new PackRefusal("no-version")
    if (this.cached?.seq !== row.id) {
      const pack = versionPack(repo, row)
      this.cached = { seq: row.id, pack, findingKeys: new Set(lintPack(pack.pack).map(findingKey)) }
    }
    return this.cached
  }
}

/** The pack check of the base with one draft: why it would not load, or the findings it adds. */
export function lintDraft(base: BaseVersion, edit: RuleEdit, locale: Locale): LintResult {
  let next: LoadedPack
  try {
    const { rules, evidence } = applyEdits(base.pack.pack, [edit], base.pack.version)
    next = loadPack({ ...base.pack.pack, rules, evidence })
  } catch (error) {
    if (error instanceof PackRefusal) return { problem: error.text(locale), findings: [] }
    if (error instanceof PackLoadError)
      return {
        problem: new PackRefusal("pack-invalid", { detail: error.message }).text(locale),
        findings: [],
      }
    throw error
  }
  const findings = lintPack(next.pack).filter((f) => !base.findingKeys.has(findingKey(f)))
  return { problem: null, findings: findings.map(({ code, where, message }) => ({ code, where, message })) }
}

const FORBIDDEN: readonly RefusalCode[] = ["self-review", "not-author"]
const NOT_FOUND: readonly RefusalCode[] = [
  "unknown-profile",
  "unknown-change",
  "unknown-version",
  "no-version",
  "rule-missing",
]
const BAD_INPUT: readonly RefusalCode[] = [
  "rule-invalid",
  "pack-invalid",
  "lint",
  "profile-name",
  "version-invalid",
  "rule-exists",
  "same-rule-twice",
]

/** Runs a rules handler's body; a refusal becomes the typed failure, its text in `locale` with profiles named. */
export async function refusing<T>(
  changes: RuleChanges,
  locale: Locale | undefined,
  body: () => T | Promise<T>,
): Promise<T> {
  try {
    // Awaited here, so that an asynchronous body's refusal (a publication's) is caught too.
    return await body()
  } catch (error) {
    if (!(error instanceof PackRefusal)) throw error
    const text = namingProfiles(error, changes.profiles()).text(locale ?? "hr")
    const code = FORBIDDEN.includes(error.code)
      ? "FORBIDDEN"
      : NOT_FOUND.includes(error.code)
        ? "NOT_FOUND"
        : BAD_INPUT.includes(error.code)
          ? "BAD_INPUT"
          : "CONFLICT"
    throw new IpcFailure(code, text)
  }
}
