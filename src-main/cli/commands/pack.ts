import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { loadPackFile, type LoadedPack } from "../../knowledge/loader"
import { officialCitation } from "../../knowledge/official-citation"
import { goldenConceptsOf, lintPack, type Finding } from "../../knowledge/pack-lint"
import type { RulePack } from "../../knowledge/pack-schema"
import { resolvePackPath } from "../../composition/runtime"
import { isPackVersion } from "../../packs/semver"
import { readBoundedText } from "../../util/bounded-read"
import { appDataDir, defaultDbPath } from "../../store/paths"
import { parseCommandArgs, parseLocale, UsageError, type ParsedArgs } from "../args"
import type { CliIo } from "../io"
import { REPO_ROOT } from "../paths"
import { reportingStoreDamage } from "../store-failures"
import { runPackShadowCommand } from "./pack-shadow"
import { runPackDiff, runPackExport, runPackImport, runPackList, runPackShowVersion, type StoreArgs } from "./pack-store"

// `fiskai pack check [FILE]`: lints a rule pack (knowledge/pack-lint.ts) and prints one line per
// finding. `fiskai pack show [FILE]`: the pack's identity, size and authority mix.
// The pack versions in the database (issue 19; pack-store.ts): `list`, `show VERSION`,
// `diff A B`, `export VERSION --out FILE`, `import FILE [--trusted-key KEY]`.
// Exit 0 when clean, 1 on findings or when the pack (or the golden folder) cannot be read, 2 for
// bad usage; import: 4 when the file's signature holds but no trusted key vouches for its signer.

export const PACK_USAGE = `usage: fiskai pack check [FILE] [--golden DIR | --no-golden]
       fiskai pack show [FILE | VERSION] [--db FILE] [--json]
       fiskai pack list [--db FILE] [--json]
       fiskai pack diff A B [--db FILE] [--json] [--locale hr|en]
       fiskai pack export VERSION --out FILE [--force] [--db FILE] [--key-dir DIR]
       fiskai pack import FILE [--trusted-key PUBLIC_KEY.pem ...] [--db FILE] [--key-dir DIR] [--json]
       fiskai pack shadow --pack FILE [--client ID]... [--db FILE] [--json] [--workers N]   (--help: its options)
  FILE         the rule pack (default: $FISKAI_PACK, else the app's resources/packs/hr-core.json)
  check        prints "CODE where: message" per finding on stdout; exit 1 when there is any
  --golden     folder of golden questions (*.json): every concept must be expected by one
               (default: the repository's tests/golden, when it exists)
  --no-golden  skip the golden-question check
  show         id, version, publication date, content hash, counts, rules by authority and how
               many rules lead with an official quote where their evidence holds one;
               VERSION (e.g. 2.0.7): a version in the database, with who published it and how
  list         the pack versions in the database, newest first (the app's pack is stored at start)
  diff         rules added, removed and changed from A to B (versions in the database, or files)
  export       the version as a signed pack file (signed with the audit export's key in --key-dir,
               default the app's data folder; the first export creates it)
  import       a signed pack file from head office: its hash and signature are checked, and its
               signer must be a --trusted-key (head office's bundle-signing-key.pub.pem; compare
               its fingerprint over a second channel) or this installation's own key. Nothing is
               imported from a file that fails a check. Exit 4: valid signature, signer not trusted
  --db FILE    the database (default: the app's; $FISKAI_DB)
  --locale     language of refusals and of the diff (default hr)`

/** The golden questions the repository keeps (absent in an installed app). */
export const DEFAULT_GOLDEN_DIR = join(REPO_ROOT, "tests", "golden")

const OPTIONS = {
  golden: { type: "string" },
  "no-golden": { type: "boolean" },
  db: { type: "string" },
  json: { type: "boolean" },
  locale: { type: "string" },
  out: { type: "string" },
  force: { type: "boolean" },
  "key-dir": { type: "string" },
  "trusted-key": { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
} as const

type Values = ParsedArgs<typeof OPTIONS>["values"]

/** The subcommands, and the options each takes (besides --help). */
const SUBCOMMANDS: Record<string, readonly (keyof typeof OPTIONS)[]> = {
  check: ["golden", "no-golden"],
  show: ["db", "json"],
  list: ["db", "json"],
  diff: ["db", "json", "locale"],
  export: ["db", "out", "force", "key-dir", "locale"],
  import: ["db", "trusted-key", "key-dir", "json", "locale"],
  // shadow: `fiskai pack shadow --pack FILE` is parsed by pack-shadow.ts (runPackCommand).
}
/** The file commands first (as before the store had pack versions), then the store's. */
const SUBCOMMAND_LIST = `check, show) or one on the database's pack versions (${Object.keys(SUBCOMMANDS)
  .filter((sub) => sub !== "check")
  .map((sub) => (sub === "show" ? "show VERSION" : sub))
  .join(", ")}`

type PackInvocation =
  | {
      sub: "check" | "show"
      file: string | undefined
      /** null: no golden check. */
      goldenDir: string | null
    }
  | { sub: "store"; name: string; operands: string[]; values: Values; args: StoreArgs }

function parsePackArgs(argv: readonly string[]): PackInvocation | "help" {
  const { values, positionals } = parseCommandArgs("pack", argv, OPTIONS)
  if (values.help) return "help"
  const [sub, ...operands] = positionals
  if (sub === undefined) throw new UsageError(`fiskai pack: missing the subcommand (${SUBCOMMAND_LIST})`)
  const allowed = SUBCOMMANDS[sub]
  if (allowed === undefined) throw new UsageError(`fiskai pack: unknown subcommand "${sub}" (${SUBCOMMAND_LIST})`)
  if (sub === "show" && (values.golden !== undefined || values["no-golden"]))
    throw new UsageError("fiskai pack show: --golden and --no-golden belong to pack check")
  for (const name of Object.keys(values) as (keyof typeof OPTIONS)[])
    if (name !== "help" && values[name] !== undefined && !allowed.includes(name))
      throw new UsageError(`fiskai pack ${sub}: --${name} does not belong to pack ${sub}`)
  const [file, ...extra] = operands
  const storeShow = sub === "show" && file !== undefined && isPackVersion(file) && !existsSync(file)
  if (sub === "check" || (sub === "show" && !storeShow)) {
    if (extra.length > 0) throw new UsageError(`fiskai pack ${sub}: one pack file at most, got ${extra.length + 1}`)
    if (values.golden !== undefined && values["no-golden"]) throw new UsageError("fiskai pack check: give --golden DIR or --no-golden, not both")
    if (sub === "show" && (values.db !== undefined || values.json)) throw new UsageError("fiskai pack show: --db and --json are for a VERSION in the database")
    const goldenDir = values["no-golden"] ? null : (values.golden ?? (existsSync(DEFAULT_GOLDEN_DIR) ? DEFAULT_GOLDEN_DIR : null))
    return { sub, file, goldenDir }
  }
  checkOperands(sub, operands, values)
  return { sub: "store", name: sub, operands, values, args: storeArgsOf(values) }
}

/** How many operands each store subcommand takes, and what it needs. */
function checkOperands(sub: string, operands: string[], values: Values): void {
  const want: Record<string, [number, string]> = {
    show: [1, "VERSION"],
    list: [0, ""],
    diff: [2, "A B (two versions or pack files)"],
    export: [1, "VERSION"],
    import: [1, "FILE"],
  }
  const [count, what] = want[sub] ?? [0, ""]
  if (operands.length !== count)
    throw new UsageError(
      count === 0 ? `fiskai pack ${sub}: unexpected argument "${operands[0] ?? ""}"` : `fiskai pack ${sub}: expected ${what}, got ${operands.length} argument(s)`,
    )
  if (sub === "export" && values.out === undefined) throw new UsageError("fiskai pack export: --out FILE is required")
}

export async function runPackCommand(argv: string[], io: CliIo): Promise<number> {
  // The shadow run has options of its own (pack-shadow.ts); it reads the database like the others.
  if (argv[0] === "shadow") return reportingStoreDamage("pack shadow", runPackShadowCommand)(argv.slice(1), io)
  let invocation
  try {
    invocation = parsePackArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${PACK_USAGE}\n`)
    return 2
  }
  if (invocation === "help") {
    io.stdout.write(`${PACK_USAGE}\n`)
    return 0
  }
  if (invocation.sub === "store") {
    const { name, operands, values, args } = invocation
    return reportingStoreDamage(`pack ${name}`, () => runStoreSubcommand(name, operands, values, args, io))(argv, io)
  }
  let loaded: LoadedPack
  let golden: Set<string> | undefined
  try {
    loaded = loadPackFile(resolvePackPath(invocation.file, process.env))
    if (invocation.sub === "check" && invocation.goldenDir !== null) golden = readGoldenConcepts(invocation.goldenDir)
  } catch (error) {
    io.stderr.write(`fiskai pack ${invocation.sub}: ${(error as Error).message}\n`)
    return 1
  }
  if (invocation.sub === "show") {
    io.stdout.write(showText(loaded))
    return 0
  }
  const findings = lintPack(loaded.pack, golden === undefined ? {} : { goldenConcepts: golden })
  const name = `pack ${loaded.id} ${loaded.version}`
  if (findings.length === 0) {
    io.stdout.write(`${name}: ${loaded.pack.rules.length} rules, ${loaded.pack.concepts.length} concepts, no findings\n`)
    return 0
  }
  for (const finding of findings) io.stdout.write(`${findingLine(finding)}\n`)
  io.stderr.write(`${name}: ${findings.length} finding${findings.length === 1 ? "" : "s"}\n`)
  return 1
}

export function findingLine(finding: Finding): string {
  return `${finding.code} ${finding.where}: ${finding.message}`
}

/** Concepts expected by the golden questions in `dir` (every *.json there is a list of cases). */
export function readGoldenConcepts(dir: string): Set<string> {
  const concepts = new Set<string>()
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json")).sort()
  } catch (error) {
    throw new Error(`cannot read golden questions in ${dir}: ${(error as Error).message}`, { cause: error })
  }
  for (const name of names) {
    let cases: unknown
    try {
      cases = JSON.parse(readFileSync(join(dir, name), "utf8"))
    } catch (error) {
      throw new Error(`cannot read golden questions ${join(dir, name)}: ${(error as Error).message}`, { cause: error })
    }
    if (!Array.isArray(cases)) throw new Error(`golden questions ${join(dir, name)}: not a list of cases`)
    for (const slug of goldenConceptsOf(cases)) concepts.add(slug)
  }
  return concepts
}

const AUTHORITIES = ["LAW", "REGULATION", "GUIDANCE", "PRACTICE"] as const

/** Rules by authority, and the share of rules backed by law, regulation or official guidance. */
export function authorityMix(pack: RulePack): { counts: Record<(typeof AUTHORITIES)[number], number>; officialShare: number } {
  const counts = { LAW: 0, REGULATION: 0, GUIDANCE: 0, PRACTICE: 0 }
  for (const rule of pack.rules) counts[rule.authority] += 1
  const official = counts.LAW + counts.REGULATION + counts.GUIDANCE
  return { counts, officialShare: pack.rules.length === 0 ? 0 : official / pack.rules.length }
}

function storeArgsOf(values: Values): StoreArgs {
  return {
    dbPath: values.db ?? defaultDbPath(),
    keyDir: values["key-dir"] ?? appDataDir(),
    locale: values.locale === undefined ? "hr" : parseLocale("--locale", values.locale),
    json: values.json === true,
  }
}

/** A public key PEM is under 1 KiB (as `fiskai verify --trusted-key` reads it). */
const MAX_KEY_FILE_BYTES = 64 * 1024

async function runStoreSubcommand(name: string, operands: string[], values: Values, args: StoreArgs, io: CliIo): Promise<number> {
  const [first = "", second = ""] = operands
  if (name === "list") return runPackList(args, io)
  if (name === "show") return runPackShowVersion(first, args, io, showText)
  if (name === "diff") return runPackDiff(first, second, args, io)
  if (name === "export") return runPackExport(first, values.out ?? "", values.force === true, args, io)
  const keys: string[] = []
  for (const file of values["trusted-key"] ?? []) {
    try {
      keys.push(readBoundedText(file, MAX_KEY_FILE_BYTES, "a public key"))
    } catch (error) {
      io.stderr.write(`fiskai pack import: cannot read the trusted key ${file}: ${(error as Error).message}\n`)
      return 2
    }
  }
  return runPackImport(first, keys, args, io)
}

function showText(loaded: LoadedPack): string {
  const { pack } = loaded
  const { counts, officialShare } = authorityMix(pack)
  return [
    `id: ${pack.id}`,
    `version: ${pack.version}`,
    `publishedAt: ${pack.publishedAt}`,
    `hash: ${loaded.hash}`,
    `rules: ${pack.rules.length}`,
    `concepts: ${pack.concepts.length}`,
    `evidence: ${pack.evidence.length}`,
    `sources: ${pack.sources.length}`,
    `subjects: ${pack.subjects?.length ?? 0}`,
    `rules by authority: ${AUTHORITIES.map((a) => `${a} ${counts[a]}`).join(", ")}`,
    `LAW+REGULATION+GUIDANCE: ${(officialShare * 100).toFixed(1)} %`,
    ...officialCitationLines(pack),
    "",
  ].join("\n")
}

/**
 * Issue 18 asks for official sources "where the notes have them". Every usable quote from the
 * notes or the stored pages is among a rule's evidence, so this counts, over the pack alone, the
 * rules whose evidence holds an official quote stating their value and how many lead with it.
 */
function officialCitationLines(pack: RulePack): string[] {
  const c = officialCitation(pack)
  const where = c.officialFirst.length + c.officialAvailableNotFirst.length
  return [
    `official first where an official quote states the value: ${c.officialFirst.length} of ${where} (${(c.shareWhereAvailable * 100).toFixed(1)} %)`,
    `PRACTICE first, official quote further down: ${c.officialAvailableNotFirst.length} stating the value, ${c.officialUnchecked.length} not checkable, ${c.officialWithoutValue.length} not stating it`,
  ]
}
