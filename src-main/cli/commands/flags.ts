import { existsSync } from "node:fs"
import type { Locale } from "../../../src-shared/events/stages"
import { FlagNote, type Flag, type FlagDecisionKind, type FlagQueueItem } from "../../../src-shared/flags"
import { formatAge } from "../../../src-shared/format/age"
import { formatDate } from "../../../src-shared/format/dates"
import { formatScore } from "../../../src-shared/format/numbers"
import { countOf, type PluralForms } from "../../../src-shared/format/plural"
import { openCliSession } from "../../composition/cli-session"
import { PackRefusal } from "../../packs/refusals"
import { RuleChanges } from "../../packs/rule-changes"
import { FlagNotFoundError, FlagRuleChangeNotFoundError, FlagStateError } from "../../store/flags-repo"
import { defaultDbPath } from "../../store/paths"
import { parseCommandArgs, parseLocale, UsageError, type ParsedArgs } from "../args"
import type { CliIo } from "../io"
import { findProfile } from "./rule-session"

// `fiskai flags list|decide`: the review queue of flagged answers from the command line (issue 19),
// the same store and rules as the window's queue. list prints the open flags, oldest first (--all:
// every flag); decide confirms (the answer was wrong) or rejects one, with a note naming what
// must change, and a confirmation may name the rule change that fixes the answer (--change) and
// the profile that decides (--as; the window records its current profile likewise). Exit 0
// on success, 1 when the flag, the rule change or the profile is not there or the flag is already decided, 2
// for bad usage.

export const FLAGS_USAGE = `usage: fiskai flags list [--all] [--json] [--db FILE]
       fiskai flags decide <id> (--confirm [--change CHANGE_ID] | --reject) --note TEXT [--as PROFILE] [--json] [--db FILE]
  --all           every flag, decided ones too (default: the open ones, the review queue)
  --confirm       the answer was wrong; --note names what must change (e.g. the rule id)
  --change ID     with --confirm: the rule change that fixes the answer (fiskai rule list)
  --reject        the answer stands; --note says why
  --as PROFILE    who decides: a profile's id or name (fiskai profile list), recorded with the decision
  --locale hr|en  language of the text output (default hr)`

const OPTIONS = {
  all: { type: "boolean" },
  confirm: { type: "boolean" },
  reject: { type: "boolean" },
  note: { type: "string" },
  change: { type: "string" },
  as: { type: "string" },
  json: { type: "boolean" },
  locale: { type: "string" },
  db: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

type Values = ParsedArgs<typeof OPTIONS>["values"]

type Invocation =
  | { sub: "list"; values: Values; locale: Locale }
  | { sub: "decide"; values: Values; locale: Locale } & DecideArgs

interface DecideArgs {
  id: string
  decision: FlagDecisionKind
  note: string
  ruleChangeId?: string
  /** --as: the deciding profile's id or name. */
  as?: string
}

export async function runFlagsCommand(argv: string[], io: CliIo): Promise<number> {
  const invocation = parseInvocation(argv, io)
  if (typeof invocation === "number") return invocation
  const dbPath = invocation.values.db ?? defaultDbPath()
  if (!existsSync(dbPath)) {
    io.stderr.write(`fiskai flags: no trace database at ${dbPath}\n`)
    return 1
  }
  const session = openCliSession({ dbPath, ...(io.clock ? { clock: io.clock } : {}) })
  try {
    if (invocation.sub === "list") {
      const items = session.flags.list(
        { status: invocation.values.all ? "all" : "open" },
        session.store.clock(),
      )
      printList(io, items, invocation)
      return 0
    }
    const { id, decision, note, ruleChangeId, locale } = invocation
    const profileId = invocation.as === undefined ? undefined : findProfile(new RuleChanges(session.store), invocation.as).id
    const flag = session.flags.decide({
      id,
      decision,
      note,
      ...(ruleChangeId === undefined ? {} : { ruleChangeId }),
      ...(profileId === undefined ? {} : { profileId }),
    })
    if (invocation.values.json) io.stdout.write(`${JSON.stringify(flag)}\n`)
    else io.stdout.write(`${decidedLine(flag, locale)}\n`)
    return 0
  } catch (error) {
    if (error instanceof FlagRuleChangeNotFoundError) {
      io.stderr.write(`fiskai flags: ${unknownChangeText(error.ruleChangeId, invocation.locale)}\n`)
      return 1
    }
    if (error instanceof PackRefusal) {
      io.stderr.write(`fiskai flags: ${error.text(invocation.locale)}\n`)
      return 1
    }
    if (error instanceof FlagNotFoundError || error instanceof FlagStateError) {
      io.stderr.write(`fiskai flags: ${error.message}\n`)
      return 1
    }
    throw error
  } finally {
    session.close()
  }
}

/**
 * The command line checked before the database is opened: the invocation, or the exit code when
 * there is nothing to run (0 after --help, 2 for bad usage, with the usage on stderr).
 */
function parseInvocation(argv: string[], io: CliIo): Invocation | number {
  try {
    const { values, positionals } = parseCommandArgs("flags", argv, OPTIONS)
    if (values.help) {
      io.stdout.write(`${FLAGS_USAGE}\n`)
      return 0
    }
    const [sub, ...ids] = positionals
    const locale = values.locale === undefined ? "hr" : parseLocale("--locale", values.locale)
    if (sub === "list") {
      if (ids.length > 0) throw new UsageError(`fiskai flags list: unexpected argument "${ids[0]}"`)
      if (values.confirm || values.reject || values.note !== undefined || values.change !== undefined || values.as !== undefined)
        throw new UsageError("fiskai flags list: --confirm, --reject, --note, --change and --as belong to decide")
      return { sub, values, locale }
    }
    if (sub === "decide") return { sub, values, locale, ...decideArgs(ids, values) }
    throw new UsageError(
      sub === undefined
        ? "fiskai flags: missing the subcommand (list, decide)"
        : `fiskai flags: unknown subcommand "${sub}"`,
    )
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${FLAGS_USAGE}\n`)
    return 2
  }
}

function decideArgs(ids: string[], values: Values): DecideArgs {
  const [id, ...extra] = ids
  if (id === undefined) throw new UsageError("fiskai flags decide: missing the flag id")
  if (extra.length > 0) throw new UsageError(`fiskai flags decide: unexpected argument "${extra[0]}"`)
  if (values.all) throw new UsageError("fiskai flags decide: --all belongs to list")
  if (values.confirm === values.reject)
    throw new UsageError(
      "fiskai flags decide: give exactly one of --confirm (the answer was wrong) and --reject",
    )
  // Only a confirmed flag names the rule change that fixes it (the window's rule, and the store's).
  if (values.change !== undefined && !values.confirm)
    throw new UsageError("fiskai flags decide: --change names the rule change that fixes a wrong answer: only with --confirm")
  if (values.change !== undefined && values.change.trim() === "")
    throw new UsageError("fiskai flags decide: --change: the rule change id is empty")
  if (values.note === undefined)
    throw new UsageError("fiskai flags decide: --note is required (what must change, or why not)")
  if (values.as !== undefined && values.as.trim() === "")
    throw new UsageError("fiskai flags decide: --as: the profile is empty")
  const note = FlagNote.safeParse(values.note)
  if (!note.success)
    throw new UsageError(`fiskai flags decide: --note: ${note.error.issues[0]?.message ?? "invalid"}`)
  return {
    id,
    decision: values.confirm ? "confirmed" : "rejected",
    note: note.data,
    ...(values.change === undefined ? {} : { ruleChangeId: values.change.trim() }),
    ...(values.as === undefined ? {} : { as: values.as }),
  }
}

function unknownChangeText(changeId: string, locale: Locale): string {
  return locale === "hr"
    ? `nema promjene pravila ${changeId}: potvrđena prijava povezuje se samo sa spremljenom promjenom (fiskai rule list). Ništa nije zapisano.`
    : `no rule change ${changeId}: a confirmed report can only be linked to a stored rule change (fiskai rule list). Nothing was written.`
}

const OPEN_FLAGS: PluralForms = {
  hr: { one: "otvorena prijava", few: "otvorene prijave", other: "otvorenih prijava" },
  en: { one: "open report", other: "open reports" },
}
const FLAGS: PluralForms = {
  hr: { one: "prijava", few: "prijave", other: "prijava" },
  en: { one: "report", other: "reports" },
}

const WORDS = {
  hr: {
    wrong: "netočno",
    unclear: "nejasno",
    open: "otvorena",
    confirmed: "potvrđena",
    rejected: "odbijena",
    question: "Pitanje",
    headline: "Odgovor",
    note: "Bilješka",
    decision: "Odluka",
    raisedBy: "Prijavio/la",
    run: "Izračun",
    age: "čeka",
  },
  en: {
    wrong: "wrong",
    unclear: "unclear",
    open: "open",
    confirmed: "confirmed",
    rejected: "rejected",
    question: "Question",
    headline: "Answer",
    note: "Note",
    decision: "Decision",
    raisedBy: "Raised by",
    run: "Run",
    age: "waiting",
  },
} as const

function printList(io: CliIo, items: FlagQueueItem[], invocation: { values: Values; locale: Locale }): void {
  const { values, locale } = invocation
  if (values.json) {
    io.stdout.write(`${JSON.stringify(items)}\n`)
    return
  }
  io.stdout.write(`${countOf(items.length, locale, values.all ? FLAGS : OPEN_FLAGS)}\n`)
  for (const item of items) io.stdout.write(`\n${itemText(item, locale)}\n`)
}

/** One flag as the list shows it (`fiskai firm flags` shows other desks' flags the same way). */
export function itemText({ flag, run, ageMs }: FlagQueueItem, locale: Locale): string {
  const w = WORDS[locale]
  const confidence = run.confidence === null ? "—" : formatScore(run.confidence, locale)
  // How long a flag has waited matters while it waits; a decided one shows its decision's date.
  const waiting = flag.status === "open" ? [`${w.age} ${formatAge(ageMs, locale)}`] : []
  const head = [flag.id, w[flag.kind], w[flag.status], ...waiting, run.outcome ?? "—", confidence]
  const lines = [
    `${head.join("  ")}${(run.clientName ?? run.clientId) ? `  (${run.clientName ?? run.clientId})` : ""}`,
    `    ${w.question}: ${run.question}`,
    `    ${w.headline}: ${run.headline ?? "—"}`,
    `    ${w.note}: ${flag.note}`,
  ]
  if (flag.raisedBy !== null) lines.push(`    ${w.raisedBy}: ${flag.raisedBy.name}`)
  if (flag.decision) {
    // Who decided, when a profile was named: the second pair of eyes the review is for.
    const when = [formatDate(flag.decision.decidedAt.slice(0, 10), locale), ...(flag.decision.decidedBy ? [flag.decision.decidedBy.name] : [])]
    lines.push(`    ${w.decision} (${when.join(", ")}): ${flag.decision.note}`)
  }
  lines.push(`    ${w.run}: ${flag.runId}`)
  return lines.join("\n")
}

function decidedLine(flag: Flag, locale: Locale): string {
  const linked = flag.ruleChangeId
  if (locale === "hr")
    return flag.status === "confirmed"
      ? `Prijava ${flag.id} potvrđena: odgovor je bio netočan.${linked === null ? "" : ` Povezana s promjenom pravila ${linked}.`}`
      : `Prijava ${flag.id} odbijena.`
  return flag.status === "confirmed"
    ? `Report ${flag.id} confirmed: the answer was wrong.${linked === null ? "" : ` Linked to rule change ${linked}.`}`
    : `Report ${flag.id} rejected.`
}
