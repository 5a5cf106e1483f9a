import { existsSync, renameSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import type { Locale } from "../../../src-shared/events/stages"
import { resolvePackPath } from "../../composition/runtime"
import { loadOrCreateSigningKeys, ownPublicKeyPem, PRIVATE_KEY_FILE, PUBLIC_KEY_FILE, SIGNING_DIR } from "../../export/signing-keys"
import { loadPackFile, PackLoadError, type LoadedPack } from "../../knowledge/loader"
import { seedBundledPack } from "../../packs/bundled-seed"
import type { PackVersionInfo } from "../../packs/contract"
import { diffPacks } from "../../packs/pack-diff"
import { diffText } from "../../packs/pack-diff-text"
import { exportPackVersion, importPackText, readPackFileText } from "../../packs/pack-exchange"
import { PackRefusal } from "../../packs/refusals"
import { isPackVersion } from "../../packs/semver"
import { findVersion, versionInfo, versionPack } from "../../packs/versions"
import { PackVersionsRepository } from "../../store/pack-versions-repo"
import { openStore, type Store } from "../../store/store"
import type { CliIo } from "../io"
import { EXIT_SIGNER_NOT_TRUSTED } from "./verify"

// The store side of `fiskai pack` (issue 19): list, show VERSION, diff A B, export, import. Each
// opens the database (--db), seeds the bundled pack as the app does at start, and answers from the
// pack versions there. Refusals are one line in the chosen language (--locale, default hr).
// Exit 0 ok, 1 refused or failed, 4 a pack file whose signer no trusted key vouches for (as
// `fiskai verify`), 2 bad usage (pack.ts).

export interface StoreArgs {
  readonly dbPath: string
  readonly keyDir: string
  readonly locale: Locale
  readonly json: boolean
}

/** Opens the database (refusing a missing one unless `create`) with the bundled pack seeded. */
function withStore<T>(sub: string, args: StoreArgs, io: CliIo, create: boolean, work: (store: Store) => T): T | number {
  if (!create && !existsSync(args.dbPath)) {
    io.stderr.write(`fiskai pack ${sub}: no database at ${args.dbPath}\n`)
    return 1
  }
  const store = openStore({ path: args.dbPath, ...(io.clock ? { clock: io.clock } : {}) })
  try {
    seedBundledPack(store, loadPackFile(resolvePackPath(undefined, process.env)))
    return work(store)
  } finally {
    store.close()
  }
}

/** A refusal as one line; anything else goes on up. */
function refusing(sub: string, args: StoreArgs, io: CliIo, work: () => number): number {
  try {
    return work()
  } catch (error) {
    if (!(error instanceof PackRefusal)) throw error
    io.stderr.write(`fiskai pack ${sub}: ${error.text(args.locale)}\n`)
    return error.code === "file-untrusted" ? EXIT_SIGNER_NOT_TRUSTED : 1
  }
}

export function runPackList(args: StoreArgs, io: CliIo): number {
  return withStore("list", args, io, false, (store) => {
    const repo = new PackVersionsRepository(store)
    const rows = repo.versions().map((row) => ({ ...versionInfo(row), rules: ruleCount(repo.content(row.contentHash)) }))
    if (args.json) io.stdout.write(`${JSON.stringify(rows)}\n`)
    else for (const row of rows) io.stdout.write(`${listLine(row, args.locale)}\n`)
    return 0
  })
}

function ruleCount(json: string | null): number {
  const pack = json === null ? null : (JSON.parse(json) as { rules?: unknown[] })
  return pack?.rules?.length ?? 0
}

/** Where a version came from, in words: another desk of the firm by name, else the stored origin. */
function originWords(v: PackVersionInfo, locale: Locale): string {
  if (v.origin === "firm") return locale === "hr" ? `iz ureda, sa stola ${v.originDesk ?? "?"}` : `from the firm, desk ${v.originDesk ?? "?"}`
  return v.origin
}

function listLine(v: PackVersionInfo & { rules: number }, locale: Locale): string {
  const by = v.origin === "local" ? v.publisherName : `${v.publisherName} (${originWords(v, locale)})`
  return `${v.packId} ${v.version}  ${v.contentHash.slice(0, 12)}  ${v.publishedAt.slice(0, 16).replace("T", " ")}  ${by}  ${v.rules} rules`
}

/** `pack show VERSION`: the file view of pack.ts, then where the version came from. */
export function runPackShowVersion(version: string, args: StoreArgs, io: CliIo, showText: (p: LoadedPack) => string): number {
  return withStore("show", args, io, false, (store) =>
    refusing("show", args, io, () => {
      const repo = new PackVersionsRepository(store)
      const row = findVersion(repo, version)
      const info = versionInfo(row)
      if (args.json) {
        io.stdout.write(`${JSON.stringify(info)}\n`)
        return 0
      }
      const extra = [
        `published: ${info.publishedAt}`,
        `publisher: ${info.publisherName} (${originWords(info, args.locale)})`,
        ...(info.signer === null ? [] : [`signer fingerprint: ${info.signer.fingerprint}`]),
        `chain: ${info.hash} (previous ${info.prevHash.slice(0, 12)})`,
        "",
      ]
      io.stdout.write(showText(versionPack(repo, row)) + extra.join("\n"))
      return 0
    }),
  )
}

/** `pack diff A B`: each side a version number in the store, or a pack file. */
export function runPackDiff(a: string, b: string, args: StoreArgs, io: CliIo): number {
  const needsStore = [a, b].some((side) => isPackVersion(side) && !existsSync(side))
  const diff = (store: Store | null) =>
    refusing("diff", args, io, () => {
      const result = diffPacks(side(a, store), side(b, store))
      io.stdout.write(args.json ? `${JSON.stringify(result)}\n` : diffText(result, args.locale))
      return 0
    })
  try {
    return needsStore ? withStore("diff", args, io, false, diff) : diff(null)
  } catch (error) {
    if (!(error instanceof PackLoadError)) throw error
    io.stderr.write(`fiskai pack diff: ${error.message}\n`)
    return 1
  }
}

function side(name: string, store: Store | null): LoadedPack {
  if (store === null || !isPackVersion(name) || existsSync(name)) return loadPackFile(name)
  const repo = new PackVersionsRepository(store)
  return versionPack(repo, findVersion(repo, name))
}

export function runPackExport(version: string, out: string, force: boolean, args: StoreArgs, io: CliIo): number {
  if (existsSync(out) && !force) {
    io.stderr.write(`fiskai pack export: ${out} exists (--force replaces it)\n`)
    return 1
  }
  const newKey = !existsSync(join(args.keyDir, SIGNING_DIR, PRIVATE_KEY_FILE))
  return withStore("export", args, io, false, (store) =>
    refusing("export", args, io, () => {
      const keys = loadOrCreateSigningKeys(args.keyDir)
      const text = exportPackVersion(store, version, keys)
      // Written beside the target, then renamed: a reader never sees half a file.
      const partial = join(dirname(resolve(out)), `.${Date.now()}-${process.pid}.fiskaipack.partial`)
      writeFileSync(partial, text, { flag: "wx" })
      renameSync(partial, out)
      if (newKey)
        io.stderr.write(
          `created a new signing key in ${join(args.keyDir, SIGNING_DIR)} (give desks the public key ${PUBLIC_KEY_FILE} and its fingerprint, so that they can import with --trusted-key)\n`,
        )
      io.stdout.write(`${out}: pack ${version}, signed by key ${keys.fingerprint}\n`)
      return 0
    }),
  )
}

export function runPackImport(file: string, trustedKeyPems: readonly string[], args: StoreArgs, io: CliIo): number {
  const own = ownPublicKeyPem(args.keyDir)
  const trusted = own === null ? trustedKeyPems : [...trustedKeyPems, own]
  // The file is read before the database is opened: a missing file creates no database.
  let text = ""
  const readable = refusing("import", args, io, () => {
    text = readPackFileText(file)
    return 0
  })
  if (readable !== 0) return readable
  return withStore("import", args, io, true, (store) =>
    refusing("import", args, io, () => {
      const result = importPackText(store, text, file, trusted)
      if (args.json) io.stdout.write(`${JSON.stringify(result)}\n`)
      else io.stdout.write(`${importLine(result.kind, result.version, result.fingerprint, args.locale)}\n`)
      return 0
    }),
  )
}

function importLine(kind: "imported" | "already-stored", v: PackVersionInfo, fingerprint: string, locale: Locale): string {
  const name = `${v.packId} ${v.version} (${v.contentHash.slice(0, 12)})`
  if (locale === "hr")
    return kind === "imported"
      ? `uvezen paket ${name}, potpisao ${v.publisherName}, ključ ${fingerprint}`
      : `paket ${name} već je u bazi: ništa nije promijenjeno`
  return kind === "imported"
    ? `imported pack ${name}, published by ${v.publisherName}, key ${fingerprint}`
    : `pack ${name} is already in the store: nothing changed`
}
