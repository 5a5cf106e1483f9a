import { existsSync } from "node:fs"
import type { Locale } from "../../../src-shared/events/stages"
import type { Scenario, ScenarioFilter, WhatIfDiff } from "../../../src-shared/whatif"
import { loadPackFile } from "../../knowledge/loader"
import { defaultDbPath } from "../../store/paths"
import { TraceNotFoundError } from "../../store/runs"
import { ScenarioNotFoundError } from "../../store/scenarios-repo"
import { WhatIfStateError } from "../../whatif/base-run"
import { openWhatIfSession } from "../../whatif/session"
import { parseCommandArgs, parseIsoDate, parseLocale, UsageError } from "../args"
import type { CliIo } from "../io"
import { DEFAULT_PACK_PATH } from "../paths"
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
  let parsed
  let locale: Locale
  try {
    parsed = parseCommandArgs("scenarios", argv, OPTIONS)
    if (parsed.values.help) {
      io.stdout.write(`${SCENARIOS_USAGE}\n`)
      return 0
    }
    const [sub, ...ids] = parsed.positionals
    if (sub === undefined)
      throw new UsageError("fiskai scenarios: missing the subcommand (list, show, compare, recheck)")
    const arity = SUBCOMMANDS[sub]
    if (arity === undefined) throw new UsageError(`fiskai scenarios: unknown subcommand "${sub}"`)
    if (ids.length !== arity)
      throw new UsageError(
        `fiskai scenarios ${sub}: expected ${arity} scenario id${arity === 1 ? "" : "s"}, got ${ids.length}`,
      )
    locale = parsed.values.locale === undefined ? "hr" : parseLocale("--locale", parsed.values.locale)
    if (parsed.values.since !== undefined) parseIsoDate("--since", parsed.values.since)
    if (parsed.values.until !== undefined) parseIsoDate("--until", parsed.values.until)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${SCENARIOS_USAGE}\n`)
    return 2
  }
  const { values, positionals } = parsed
  const [sub, ...ids] = positionals
  const dbPath = values.db ?? defaultDbPath()
  if (!existsSync(dbPath)) {
    io.stderr.write(`fiskai scenarios: no trace database at ${dbPath}\n`)
    return 1
  }
  const session = openWhatIfSession({
    dbPath,
    pack: loadPackFile(values.pack ?? DEFAULT_PACK_PATH),
    ...(io.clock ? { clock: io.clock } : {}),
  })
  const { whatif } = session
  const json = values.json ?? false
  const print = (value: unknown) => io.stdout.write(`${JSON.stringify(value)}\n`)
  try {
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
