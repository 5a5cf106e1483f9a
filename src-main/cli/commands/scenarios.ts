import { existsSync } from "node:fs"
import type { Locale } from "../../../src-shared/events/stages"
import type { Scenario, ScenarioFilter, WhatIfDiff } from "../../../src-shared/whatif"
import type { WhatIfService } from "../../runs/whatif-service"
import { defaultDbPath } from "../../store/paths"
import { TraceNotFoundError } from "../../runs/run-service"
import { ScenarioNotFoundError } from "../../store/scenarios-repo"
import { WhatIfStateError } from "../../whatif/base-run"
import { openCliSession } from "../../composition/cli-session"
import { parseCommandArgs, parseIsoDate, parseLocale, UsageError, type ParsedArgs } from "../args"
import type { CliIo } from "../io"
import { formatDate } from "../../../src-shared/format/dates"

// `fiskai scenarios list|show|compare|recheck`: saved what-if scenarios from the command line.
// show prints the scenario exactly as saved (from the store, nothing recomputed); recheck runs it
// against the current rule pack and prints what changed since it was saved.
// Exit 0 on success, 1 when a scenario or trace is not there, 2 for bad usage.

export const SCENARIOS_USAGE = `usage: fiskai scenarios list [--search TEXT] [--client ID] [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--json] [--db FILE]
       fiskai scenarios show <id> [--json] [--db FILE]
       fiskai scenarios compare <id> <id> [--json] [--db FILE]
       fiskai scenarios recheck <id> [--json] [--db FILE]
  --locale hr|en  language of the text output (default hr)`

const OPTIONS = {
  search: { type: "string" },
  client: { type: "string" },
  since: { type: "string" },
  until: { type: "string" },
  json: { type: "boolean" },
  locale: { type: "string" },
  db: { type: "string" },
  pack: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

const SUBCOMMANDS: Record<string, number> = { list: 0, show: 1, compare: 2, recheck: 1 }

export async function runScenariosCommand(argv: string[], io: CliIo): Promise<number> {
  const invocation = parseInvocation(argv, io)
  if (typeof invocation === "number") return invocation
  const { values } = invocation
  const dbPath = values.db ?? defaultDbPath()
  if (!existsSync(dbPath)) {
    io.stderr.write(`fiskai scenarios: no trace database at ${dbPath}\n`)
    return 1
  }
  const session = openCliSession({
    dbPath,
    ...(values.pack === undefined ? {} : { packPath: values.pack }),
    ...(io.clock ? { clock: io.clock } : {}),
  })
  try {
    return await execute(io, invocation, session.whatif)
  } catch (error) {
    if (
      error instanceof ScenarioNotFoundError ||
      error instanceof TraceNotFoundError ||
      error instanceof WhatIfStateError
    ) {
      io.stderr.write(`fiskai scenarios: ${error.message}\n`)
      return 1
    }
    throw error
  } finally {
    session.close()
  }
}

interface Invocation {
  values: ParsedArgs<typeof OPTIONS>["values"]
  sub: string
  /** As many as the subcommand takes (SUBCOMMANDS). */
  ids: string[]
  locale: Locale
}

/**
 * The command line checked before the database is opened: the invocation, or the exit code when
 * there is nothing to run (0 after --help, 2 for bad usage, with the usage on stderr).
 */
function parseInvocation(argv: string[], io: CliIo): Invocation | number {
  try {
    const { values, positionals } = parseCommandArgs("scenarios", argv, OPTIONS)
    if (values.help) {
      io.stdout.write(`${SCENARIOS_USAGE}\n`)
      return 0
    }
    const [sub, ...ids] = positionals
    if (sub === undefined)
      throw new UsageError("fiskai scenarios: missing the subcommand (list, show, compare, recheck)")
    const arity = SUBCOMMANDS[sub]
    if (arity === undefined) throw new UsageError(`fiskai scenarios: unknown subcommand "${sub}"`)
    if (ids.length !== arity)
      throw new UsageError(
        `fiskai scenarios ${sub}: expected ${arity} scenario id${arity === 1 ? "" : "s"}, got ${ids.length}`,
      )
    const locale = values.locale === undefined ? "hr" : parseLocale("--locale", values.locale)
    if (values.since !== undefined) parseIsoDate("--since", values.since)
    if (values.until !== undefined) parseIsoDate("--until", values.until)
    return { values, sub, ids, locale }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${SCENARIOS_USAGE}\n`)
    return 2
  }
}

type Service = WhatIfService

/** Runs the subcommand against the open session; its errors are the caller's to report. */
async function execute(
  io: CliIo,
  { values, sub, ids, locale }: Invocation,
  whatif: Service,
): Promise<number> {
  const json = values.json ?? false
  const print = (value: unknown) => io.stdout.write(`${JSON.stringify(value)}\n`)
  if (sub === "list") {
    const filter: ScenarioFilter = {}
    if (values.search !== undefined) filter.search = values.search
    if (values.client !== undefined) filter.clientId = values.client
    if (values.since !== undefined) filter.since = values.since
    if (values.until !== undefined) filter.until = values.until
    const list = whatif.listScenarios(filter)
    if (json) print(list)
    else if (list.length === 0)
      io.stdout.write(locale === "hr" ? "Nema spremljenih scenarija.\n" : "No saved scenarios.\n")
    else for (const s of list) io.stdout.write(`${listLine(s, locale)}\n`)
    return 0
  }
  const [first = "", second = ""] = ids
  if (sub === "show") {
    const detail = whatif.scenarioDetail(first)
    if (json) print(detail)
    else io.stdout.write(showText(detail.scenario, detail.diff, locale))
    return 0
  }
  if (sub === "compare") {
    const comparison = whatif.compareScenarios(first, second)
    if (json) print(comparison)
    else
      io.stdout.write(`${comparison.a.name}  ⇄  ${comparison.b.name}\n${diffText(comparison.diff, locale)}`)
    return 0
  }
  const result = await whatif.recheck(first)
  if (json) print(result)
  else
    io.stdout.write(
      `${locale === "hr" ? "Ponovna provjera" : "Re-check"} (${result.recheck.packVersion}): ${result.recheck.diff.sentence[locale]}\n`,
    )
  return 0
}

function listLine(s: Scenario, locale: Locale): string {
  const outcome = `${s.baseOutcome ?? "—"} → ${s.resultOutcome ?? "—"}`
  return `${s.id}  ${formatDate(s.createdAt.slice(0, 10), locale)}  ${s.name}  [${outcome}]${s.clientId ? `  (${s.clientId})` : ""}\n    ${s.sentence[locale]}`
}

function showText(s: Scenario, diff: WhatIfDiff, locale: Locale): string {
  const lines = [
    `${s.name}  (${s.id})`,
    `${locale === "hr" ? "Pitanje" : "Question"}: ${s.question}`,
    ...(s.notes ? [`${locale === "hr" ? "Bilješke" : "Notes"}: ${s.notes}`] : []),
    `${locale === "hr" ? "Izvorno" : "Base"}: ${s.baseRequestId}   ${locale === "hr" ? "Hipotetski" : "Hypothetical"}: ${s.resultRequestId}`,
    ...s.applied.map((c) => `  ${c.label[locale]}: ${c.fromText[locale]} → ${c.toText[locale]}`),
  ]
  return `${lines.join("\n")}\n${diffText(diff, locale)}`
}

function diffText(diff: WhatIfDiff, locale: Locale): string {
  const hr = locale === "hr"
  const rule = (r: { ruleId: string; title: { hr: string; en: string } }) =>
    `${r.ruleId} (${r.title[locale]})`
  const lines = [
    diff.sentence[locale],
    `${hr ? "Ishod" : "Outcome"}: ${diff.base.outcome ?? "—"} → ${diff.other.outcome ?? "—"}`,
    ...diff.rules.entered.map((r) => `  + ${rule(r)}`),
    ...diff.rules.left.map((r) => `  − ${rule(r)}`),
  ]
  if (diff.confidence.delta !== null)
    lines.push(
      `${hr ? "Pouzdanost" : "Confidence"}: ${diff.confidence.before} → ${diff.confidence.after} (${diff.confidence.delta >= 0 ? "+" : ""}${diff.confidence.delta})`,
    )
  return `${lines.join("\n")}\n`
}
