import { existsSync } from "node:fs"
import { resolve } from "node:path"
import type { Locale } from "../../../src-shared/events/stages"
import type { ShadowProgress } from "../../../src-shared/shadow"
import { loadPackFile, PackLoadError, type LoadedPack } from "../../knowledge/loader"
import { lintPack } from "../../knowledge/pack-lint"
import { shadowProgressLine } from "../../shadow/progress-text"
import { shadowReportText } from "../../shadow/report-text"
import { shadowRun } from "../../shadow/shadow-run"
import { defaultDbPath } from "../../store/paths"
import { parseCommandArgs, parseLocale, UsageError, type ParsedArgs } from "../args"
import type { CliIo } from "../io"

// `fiskai pack shadow --pack FILE`: the candidate rule pack run over every stored finished run's
// question and frozen context (or the runs of the clients named), on worker threads, and the
// impact report: which answers would change. The candidate must load and lint clean (as `fiskai
// pack check --no-golden`). Progress on standard error when it is a terminal; Ctrl+C stops the
// shadow and prints what it found so far, marked as stopped. Exit 0 when the report is printed
// (changes or not, stopped or not), 1 on failure, 2 for bad usage or a candidate that is not valid.

export const PACK_SHADOW_USAGE = `usage: fiskai pack shadow --pack FILE [--client ID]... [--baseline FILE] [--db FILE] [--json] [--workers N] [--locale hr|en]
  Runs the candidate rule pack FILE over every stored finished question (its frozen request and
  recorded clarification answers) and reports, by client, the answers that would change: answer ↔
  no answer, yes ↔ no, headline values (old → new), obligations added or removed, the primary rule,
  with the rules responsible. Each run is compared with its recorded answer (one recorded by another
  engine version: with the same question asked again on its own pack).
  --pack FILE      the candidate pack; it must load and pass the pack lint (fiskai pack check --no-golden)
  --client ID      only the runs asked for this client (repeatable)
  --baseline FILE  compare with the questions asked again on this pack instead of the recorded answers
  --db FILE        the trace database (default: the app's)
  --json           the report as one JSON object on stdout
  --workers N      worker threads (default: one per core)
  --locale hr|en   language of the text report (default hr)
  Progress goes to standard error on a terminal; Ctrl+C stops and prints the partial report.`

const OPTIONS = {
  pack: { type: "string" },
  client: { type: "string", multiple: true },
  baseline: { type: "string" },
  db: { type: "string" },
  json: { type: "boolean" },
  workers: { type: "string" },
  locale: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

const MAX_WORKERS = 64

interface ShadowInvocation {
  packPath: string
  baselinePath: string | null
  clientIds: string[] | null
  dbPath: string
  json: boolean
  workers: number | undefined
  locale: Locale
}

function parseShadowArgs(argv: readonly string[]): ShadowInvocation | "help" {
  const { values, positionals }: ParsedArgs<typeof OPTIONS> = parseCommandArgs("pack shadow", argv, OPTIONS)
  if (values.help) return "help"
  // `fiskai pack shadow …` may hand over its subcommand's name too.
  const extra = positionals[0] === "shadow" ? positionals.slice(1) : positionals
  if (extra.length > 0) throw new UsageError(`fiskai pack shadow: unexpected argument "${extra[0]}"`)
  if (values.pack === undefined) throw new UsageError("fiskai pack shadow: --pack FILE is required (the candidate rule pack)")
  return {
    packPath: resolve(values.pack),
    baselinePath: values.baseline === undefined ? null : resolve(values.baseline),
    clientIds: values.client === undefined ? null : [...new Set(values.client)],
    dbPath: resolve(values.db ?? defaultDbPath()),
    json: values.json === true,
    workers: values.workers === undefined ? undefined : parseWorkers(values.workers),
    locale: values.locale === undefined ? "hr" : parseLocale("--locale", values.locale),
  }
}

function parseWorkers(text: string): number {
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS)
    throw new UsageError(`fiskai pack shadow: --workers: expected a whole number from 1 to ${MAX_WORKERS}, got "${text}"`)
  return n
}

export async function runPackShadowCommand(argv: string[], io: CliIo): Promise<number> {
  let invocation: ShadowInvocation | "help"
  try {
    invocation = parseShadowArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${PACK_SHADOW_USAGE}\n`)
    return 2
  }
  if (invocation === "help") {
    io.stdout.write(`${PACK_SHADOW_USAGE}\n`)
    return 0
  }
  const packs = candidatePacks(invocation, io)
  if (packs === null) return 2
  if (!existsSync(invocation.dbPath)) {
    io.stderr.write(`fiskai pack shadow: ${invocation.locale === "hr" ? "nema baze istraživanja na" : "no trace database at"} ${invocation.dbPath}\n`)
    return 1
  }
  return shadowAndReport(invocation, packs, io)
}

/** The candidate (loaded and lint-clean) and the baseline, or null with the reason on stderr. */
function candidatePacks(inv: ShadowInvocation, io: CliIo): { candidate: LoadedPack; baseline: LoadedPack | "as-recorded" } | null {
  const hr = inv.locale === "hr"
  const refuse = (what: string, detail: string) => {
    io.stderr.write(`fiskai pack shadow: ${what}: ${detail}\n`)
    return null
  }
  let candidate: LoadedPack
  let baseline: LoadedPack | "as-recorded" = "as-recorded"
  try {
    candidate = loadPackFile(inv.packPath)
  } catch (error) {
    if (!(error instanceof PackLoadError)) throw error
    return refuse(hr ? `kandidat ${inv.packPath} nije valjan paket propisa` : `the candidate ${inv.packPath} is not a valid rule pack`, error.message)
  }
  const findings = lintPack(candidate.pack)
  if (findings.length > 0) {
    for (const f of findings) io.stderr.write(`${f.code} ${f.where}: ${f.message}\n`)
    const count = `${findings.length} ${hr ? "nalaz(a) provjere paketa (fiskai pack check)" : `pack check finding${findings.length === 1 ? "" : "s"} (fiskai pack check)`}`
    return refuse(hr ? `kandidat ${inv.packPath} nije prošao provjeru` : `the candidate ${inv.packPath} does not pass the pack check`, count)
  }
  if (inv.baselinePath !== null) {
    try {
      baseline = loadPackFile(inv.baselinePath)
    } catch (error) {
      if (!(error instanceof PackLoadError)) throw error
      return refuse(hr ? `osnovni paket ${inv.baselinePath} nije valjan` : `the baseline ${inv.baselinePath} is not a valid rule pack`, error.message)
    }
  }
  return { candidate, baseline }
}

async function shadowAndReport(inv: ShadowInvocation, packs: { candidate: LoadedPack; baseline: LoadedPack | "as-recorded" }, io: CliIo): Promise<number> {
  const terminal = io.stderr.isTTY === true ? (io.stderr.raw ?? io.stderr) : null
  const controller = new AbortController()
  const interrupt = () => controller.abort()
  process.once("SIGINT", interrupt)
  try {
    const report = await shadowRun({
      dbPath: inv.dbPath,
      ...packs,
      ...(inv.clientIds === null ? {} : { clientIds: inv.clientIds }),
      ...(inv.workers === undefined ? {} : { workers: inv.workers }),
      signal: controller.signal,
      onProgress: (p: ShadowProgress) => terminal?.write(`\r\x1b[2K${shadowProgressLine(p, inv.locale)}`),
    })
    terminal?.write("\r\x1b[2K")
    io.stdout.write(inv.json ? `${JSON.stringify(report)}\n` : shadowReportText(report, inv.locale))
    return 0
  } catch (error) {
    terminal?.write("\n")
    io.stderr.write(`fiskai pack shadow: ${inv.locale === "hr" ? "probni prolaz nije uspio" : "the shadow run failed"}: ${(error as Error).message}\n`)
    return 1
  } finally {
    process.removeListener("SIGINT", interrupt)
  }
}
