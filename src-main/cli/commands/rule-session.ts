import { existsSync } from "node:fs"
import type { Locale } from "../../../src-shared/events/stages"
import { resolvePackPath } from "../../composition/runtime"
import { loadPackFile } from "../../knowledge/loader"
import { seedBundledPack } from "../../packs/bundled-seed"
import type { Profile } from "../../packs/contract"
import { namingProfiles, PackRefusal } from "../../packs/refusals"
import { RuleChanges } from "../../packs/rule-changes"
import { openStore, type Store } from "../../store/store"
import type { CliIo } from "../io"

// What `fiskai profile` and `fiskai rule` share (issue 19): the database opened with the app's
// pack seeded (as the app does at start, so that a change always has a version to build on), a
// PackRefusal turned into one line in the chosen language, and a profile named by id or by name.
// Exit codes: 0 done, 1 refused (four eyes, a change in the wrong state, a rule the pack check
// refuses; nothing was written), 2 bad usage (the callers).

export interface RuleSessionArgs {
  readonly dbPath: string
  readonly locale: Locale
  readonly json: boolean
}

export const EXIT_REFUSED = 1

/** Runs `work` on the rule changes of the database; a refusal is one line on stderr and exit 1. */
export function withRuleChanges(
  command: string,
  args: RuleSessionArgs,
  io: CliIo,
  options: { create: boolean },
  work: (changes: RuleChanges, store: Store) => number,
): number {
  if (!options.create && !existsSync(args.dbPath)) {
    io.stderr.write(
      `fiskai ${command}: ${args.locale === "hr" ? "nema baze na" : "no database at"} ${args.dbPath}\n`,
    )
    return EXIT_REFUSED
  }
  const store = openStore({ path: args.dbPath, ...(io.clock ? { clock: io.clock } : {}) })
  const changes = new RuleChanges(store)
  try {
    seedBundledPack(store, loadPackFile(resolvePackPath(undefined, process.env)))
    return work(changes, store)
  } catch (error) {
    if (!(error instanceof PackRefusal)) throw error
    io.stderr.write(`fiskai ${command}: ${namingProfiles(error, changes.profiles()).text(args.locale)}\n`)
    return EXIT_REFUSED
  } finally {
    store.close()
  }
}

/**
 * The profile a user names: its id, or its display name (letter case aside). A name two profiles
 * share is refused: the user then gives the id (`fiskai profile list` shows both).
 */
export function findProfile(changes: RuleChanges, nameOrId: string): Profile {
  const profiles = changes.profiles()
  const byId = profiles.find((p) => p.id === nameOrId)
  if (byId !== undefined) return byId
  const wanted = nameOrId.trim().toLocaleLowerCase("hr")
  const byName = profiles.filter((p) => p.displayName.toLocaleLowerCase("hr") === wanted)
  if (byName.length === 1 && byName[0] !== undefined) return byName[0]
  throw new PackRefusal("unknown-profile", {
    profile: byName.length > 1 ? `${nameOrId} (${byName.map((p) => p.id).join(", ")})` : nameOrId,
  })
}
