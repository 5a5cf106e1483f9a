import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Locale } from "../../src-shared/events/stages"
import type { LoadedPack } from "../knowledge/loader"
import { namingProfiles, PackRefusal, type RefusalCode } from "../packs/refusals"
import type { RuleChanges } from "../packs/rule-changes"
import { versionPack } from "../packs/versions"
import { PackVersionsRepository } from "../store/pack-versions-repo"
import type { Store } from "../store/store"

// What the rules channels share: the latest stored version of the pack in force (read and checked
// once per version; the live check of a draft runs on the pack build thread, which keeps the
// version's findings), and a refusal of the packs room as the window's error, in its language.

export interface BaseVersion {
  readonly seq: number
  readonly pack: LoadedPack
}

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
    if (this.cached?.seq !== row.id) this.cached = { seq: row.id, pack: versionPack(repo, row) }
    return this.cached
  }
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
