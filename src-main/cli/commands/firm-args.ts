import type { Locale } from "../../../src-shared/events/stages"
import { parseCommandArgs, parseIsoDate, parseLocale, UsageError, type ParsedArgs } from "../args"
import type { CliIo } from "../io"

// The command line of `fiskai firm` (firm.ts runs it): its usage, options, and which options
// each subcommand takes, checked before anything connects.

export const FIRM_USAGE = `usage: fiskai firm init --url ADMIN_URL [--desk NAME]... [--locale hr|en]
       fiskai firm sync [--url URL] [--db FILE] [--json] [--locale hr|en]
       fiskai firm status [--db FILE] [--json] [--locale hr|en]
       fiskai firm flags [--all] [--db FILE] [--json] [--locale hr|en]
       fiskai firm export --out FILE [--signed [--key-dir DIR]] [--url URL] [--db FILE] [--since DATE] [--until DATE] [--desk NAME]
  --url URL       postgresql://user@host/db (TLS required: ?sslmode=verify-full, except on localhost
                  or a Unix socket ?host=/run/postgresql); default FISKAI_FIRM_URL, then the last one used
  --desk NAME     init: add a desk (its own PostgreSQL role; repeat for more); export: only that desk's traces
  --out FILE      export: the firm's traces as JSON lines, one trace with its events per line
  --signed        export: a signed audit bundle (.zip) instead, as \`fiskai export\` writes and
                  \`fiskai verify\` checks, with desks.jsonl naming each trace's desk
  --all           flags: decided flags too (default: the open ones, as \`fiskai flags list\`)
  --key-dir DIR   export --signed: the folder of this installation's signing key (default: the app's)
  --since/--until export: traces created in this range (YYYY-MM-DD, both days included)
  --locale hr|en  language of the text output (default hr)`

const OPTIONS = {
  url: { type: "string" },
  desk: { type: "string", multiple: true },
  db: { type: "string" },
  out: { type: "string" },
  since: { type: "string" },
  until: { type: "string" },
  json: { type: "boolean" },
  signed: { type: "boolean" },
  all: { type: "boolean" },
  "key-dir": { type: "string" },
  locale: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

export type FirmValues = ParsedArgs<typeof OPTIONS>["values"]

export interface FirmInvocation {
  values: FirmValues
  locale: Locale
}

const ALLOWED: Record<string, readonly (keyof FirmValues)[]> = {
  init: ["url", "desk", "locale"],
  sync: ["url", "db", "json", "locale"],
  status: ["db", "json", "locale"],
  flags: ["db", "json", "all", "locale"],
  export: ["url", "db", "out", "since", "until", "desk", "signed", "key-dir", "locale"],
}

/**
 * The subcommand and its options, or the exit code when there is nothing to run (0 after --help,
 * 2 for bad usage, with the usage on stderr).
 */
export function parseInvocation(argv: string[], io: CliIo): [string, FirmInvocation] | number {
  try {
    const { values, positionals } = parseCommandArgs("firm", argv, OPTIONS)
    if (values.help) {
      io.stdout.write(`${FIRM_USAGE}\n`)
      return 0
    }
    const [sub, ...extra] = positionals
    if (sub === undefined) throw new UsageError("fiskai firm: missing the subcommand (init, sync, status, flags, export)")
    const allowed = ALLOWED[sub]
    if (allowed === undefined) throw new UsageError(`fiskai firm: unknown subcommand "${sub}"`)
    if (extra.length > 0) throw new UsageError(`fiskai firm ${sub}: unexpected argument "${extra[0]}"`)
    for (const key of Object.keys(values) as (keyof FirmValues)[])
      if (key !== "help" && values[key] !== undefined && !allowed.includes(key))
        throw new UsageError(`fiskai firm ${sub}: --${key} does not belong to ${sub}`)
    if (sub === "init" && values.url === undefined && process.env.FISKAI_FIRM_URL === undefined)
      throw new UsageError("fiskai firm init: --url is required (the administrator's URL)")
    if (sub === "export" && values.out === undefined) throw new UsageError("fiskai firm export: --out FILE is required")
    if (values["key-dir"] !== undefined && values.signed !== true) throw new UsageError("fiskai firm export: --key-dir belongs to --signed")
    if (values.since !== undefined) parseIsoDate("--since", values.since)
    if (values.until !== undefined) parseIsoDate("--until", values.until)
    const locale = values.locale === undefined ? "hr" : parseLocale("--locale", values.locale)
    return [sub, { values, locale }]
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${FIRM_USAGE}\n`)
    return 2
  }
}
