import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { loadPackFile, type LoadedPack } from "../../knowledge/loader"
import { goldenConceptsOf, lintPack, type Finding } from "../../knowledge/pack-lint"
import type { RulePack } from "../../knowledge/pack-schema"
import { resolvePackPath } from "../../composition/runtime"
import { parseCommandArgs, UsageError } from "../args"
import type { CliIo } from "../io"
import { REPO_ROOT } from "../paths"

// `fiskai pack check [FILE]`: lints a rule pack (knowledge/pack-lint.ts) and prints one line per
// finding. `fiskai pack show [FILE]`: the pack's identity, size and authority mix.
// Exit 0 when clean, 1 on findings or when the pack (or the golden folder) cannot be read, 2 for bad usage.

export const PACK_USAGE = `usage: fiskai pack check [FILE] [--golden DIR | --no-golden]
       fiskai pack show [FILE]
  FILE         the rule pack (default: $FISKAI_PACK, else the app's resources/packs/hr-core.json)
  check        prints "CODE where: message" per finding on stdout; exit 1 when there is any
  --golden     folder of golden questions (*.json): every concept must be expected by one
               (default: the repository's tests/golden, when it exists)
  --no-golden  skip the golden-question check
  show         id, version, publication date, content hash, counts and rules by authority`

/** The golden questions the repository keeps (absent in an installed app). */
export const DEFAULT_GOLDEN_DIR = join(REPO_ROOT, "tests", "golden")

const OPTIONS = {
  golden: { type: "string" },
  "no-golden": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const

interface PackInvocation {
  sub: "check" | "show"
  file: string | undefined
  /** null: no golden check. */
  goldenDir: string | null
}

function parsePackArgs(argv: readonly string[]): PackInvocation | "help" {
  const { values, positionals } = parseCommandArgs("pack", argv, OPTIONS)
  if (values.help) return "help"
  const [sub, file, ...extra] = positionals
  if (sub === undefined) throw new UsageError("fiskai pack: missing the subcommand (check, show)")
  if (sub !== "check" && sub !== "show") throw new UsageError(`fiskai pack: unknown subcommand "${sub}" (check, show)`)
  if (extra.length > 0) throw new UsageError(`fiskai pack ${sub}: one pack file at most, got ${extra.length + 1}`)
  if (values.golden !== undefined && values["no-golden"]) throw new UsageError("fiskai pack check: give --golden DIR or --no-golden, not both")
  if (sub === "show" && (values.golden !== undefined || values["no-golden"]))
    throw new UsageError("fiskai pack show: --golden and --no-golden belong to pack check")
  const goldenDir = values["no-golden"] ? null : (values.golden ?? (existsSync(DEFAULT_GOLDEN_DIR) ? DEFAULT_GOLDEN_DIR : null))
  return { sub, file, goldenDir }
}

export async function runPackCommand(argv: string[], io: CliIo): Promise<number> {
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
    "",
  ].join("\n")
}
