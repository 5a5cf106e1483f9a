import { ChangeStatus } from "../../packs/contract"
import type { RuleChanges } from "../../packs/rule-changes"
import { defaultDbPath } from "../../store/paths"
import { readBoundedText } from "../../util/bounded-read"
import { parseCommandArgs, parseLocale, UsageError, type ParsedArgs } from "../args"
import type { CliIo } from "../io"
import { changeDetailText, changeListText, movedLine, profileNames, publishedLine } from "./rule-text"
import { findProfile, withRuleChanges, type RuleSessionArgs } from "./rule-session"

// `fiskai rule …` (issue 19): rule changes from the command line, the same library and checks as
// the window. A change is proposed by a profile (--as), reviewed, approved, sent back and
// published by another: the library refuses the author (four eyes), and the refusal is one line
// in the chosen language with exit 1. Every proposal and edit must leave the pack loading and its
// lint (fiskai pack check) without new findings. Exit 0 done, 1 refused, 2 bad usage.

export const RULE_USAGE = `usage: fiskai rule list [--status STATUS] [--rule RULE_ID] [--db FILE] [--json]
       fiskai rule show CHANGE [--db FILE] [--json]
       fiskai rule propose RULE_ID --as PROFILE --rule FILE.json [--add] [--evidence FILE.json] --note TEXT
       fiskai rule retire RULE_ID --as PROFILE --note TEXT
       fiskai rule edit CHANGE --as PROFILE [--rule FILE.json] [--evidence FILE.json] [--note TEXT]
       fiskai rule submit CHANGE --as PROFILE
       fiskai rule approve CHANGE --as PROFILE
       fiskai rule send-back CHANGE --as PROFILE --note TEXT
       fiskai rule publish CHANGE... --as PROFILE [--version X.Y.Z]
  propose     a change of rule RULE_ID (--add: a new rule) as a draft; FILE.json is the whole rule as
              the pack writes it; --evidence FILE.json a list of new or corrected evidence records
  retire      a draft that retires rule RULE_ID
  edit        the author changes their draft; submit sends it to review
  approve     another profile approves a change in review; send-back returns it to its author
  publish     another profile publishes approved changes as the next pack version (default: next patch)
  --as        a profile's id or name (fiskai profile list); four eyes: the author cannot review or publish
  --status    DRAFT, IN_REVIEW, PUBLISHED or RETIRED
  --db FILE   the database (default: the app's); --locale hr|en the language of the text (default hr)`

const OPTIONS = {
  as: { type: "string" },
  rule: { type: "string" },
  evidence: { type: "string" },
  note: { type: "string" },
  add: { type: "boolean" },
  version: { type: "string" },
  status: { type: "string" },
  db: { type: "string" },
  json: { type: "boolean" },
  locale: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

type Values = ParsedArgs<typeof OPTIONS>["values"]
type Option = Exclude<keyof typeof OPTIONS, "help" | "db" | "json" | "locale">

/** Each subcommand: its operands (min, max; max null = any number), the options it takes and needs. */
const SUBCOMMANDS: Record<
  string,
  { operands: [number, number | null]; what: string; takes: Option[]; needs: Option[] }
> = {
  list: { operands: [0, 0], what: "", takes: ["status", "rule"], needs: [] },
  show: { operands: [1, 1], what: "CHANGE", takes: [], needs: [] },
  propose: {
    operands: [1, 1],
    what: "RULE_ID",
    takes: ["as", "rule", "evidence", "note", "add"],
    needs: ["as", "rule", "note"],
  },
  retire: { operands: [1, 1], what: "RULE_ID", takes: ["as", "note"], needs: ["as", "note"] },
  edit: { operands: [1, 1], what: "CHANGE", takes: ["as", "rule", "evidence", "note"], needs: ["as"] },
  submit: { operands: [1, 1], what: "CHANGE", takes: ["as"], needs: ["as"] },
  approve: { operands: [1, 1], what: "CHANGE", takes: ["as"], needs: ["as"] },
  "send-back": { operands: [1, 1], what: "CHANGE", takes: ["as", "note"], needs: ["as", "note"] },
  publish: { operands: [1, null], what: "CHANGE...", takes: ["as", "version"], needs: ["as"] },
}

interface Invocation {
  sub: string
  operands: string[]
  values: Values
  args: RuleSessionArgs
}

function parse(argv: readonly string[]): Invocation | "help" {
  const { values, positionals } = parseCommandArgs("rule", argv, OPTIONS)
  if (values.help) return "help"
  const [sub, ...operands] = positionals
  const names = Object.keys(SUBCOMMANDS).join(", ")
  if (sub === undefined) throw new UsageError(`fiskai rule: missing the subcommand (${names})`)
  const spec = SUBCOMMANDS[sub]
  if (spec === undefined) throw new UsageError(`fiskai rule: unknown subcommand "${sub}" (${names})`)
  const [min, max] = spec.operands
  if (operands.length < min || (max !== null && operands.length > max))
    throw new UsageError(
      max === 0
        ? `fiskai rule ${sub}: unexpected argument "${operands[0] ?? ""}"`
        : `fiskai rule ${sub}: expected ${spec.what}, got ${operands.length} argument(s)`,
    )
  for (const name of Object.keys(values) as (keyof typeof OPTIONS)[])
    if (
      values[name] !== undefined &&
      !["help", "db", "json", "locale"].includes(name) &&
      !spec.takes.includes(name as Option)
    )
      throw new UsageError(`fiskai rule ${sub}: --${name} does not belong to rule ${sub}`)
  for (const name of spec.needs)
    if (values[name] === undefined) throw new UsageError(`fiskai rule ${sub}: --${name} is required`)
  if (values.status !== undefined && !ChangeStatus.safeParse(values.status).success)
    throw new UsageError(
      `fiskai rule list: --status: expected one of ${ChangeStatus.options.join(", ")}, got "${values.status}"`,
    )
  const args: RuleSessionArgs = {
    dbPath: values.db ?? defaultDbPath(),
    locale: values.locale === undefined ? "hr" : parseLocale("--locale", values.locale),
    json: values.json === true,
  }
  return { sub, operands, values, args }
}

/** A rule or evidence file is small JSON; a larger file is not one. */
const MAX_JSON_BYTES = 512 * 1024

function readJson(flag: string, path: string): unknown {
  let text: string
  try {
    text = readBoundedText(path, MAX_JSON_BYTES, "a rule")
  } catch (error) {
    throw new UsageError(`fiskai rule: --${flag} ${path}: ${(error as Error).message}`)
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new UsageError(`fiskai rule: --${flag} ${path}: not JSON (${(error as Error).message})`)
  }
}

function readEvidence(path: string | undefined): unknown[] | undefined {
  if (path === undefined) return undefined
  const parsed = readJson("evidence", path)
  if (!Array.isArray(parsed))
    throw new UsageError(`fiskai rule: --evidence ${path}: expected a JSON list of evidence records`)
  return parsed
}

export async function runRuleCommand(argv: string[], io: CliIo): Promise<number> {
  let invocation: Invocation | "help"
  let files: { rule: unknown; evidence: unknown[] | undefined }
  try {
    invocation = parse(argv)
    if (invocation === "help") {
      io.stdout.write(`${RULE_USAGE}\n`)
      return 0
    }
    // Read before the database is opened: a bad file changes nothing.
    const { values } = invocation
    files = {
      rule: values.rule === undefined ? undefined : readJson("rule", values.rule),
      evidence: readEvidence(values.evidence),
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${RULE_USAGE}\n`)
    return 2
  }
  const { sub, args } = invocation
  const read = sub === "list" || sub === "show"
  return withRuleChanges(`rule ${sub}`, args, io, { create: !read }, (changes) =>
    runSubcommand(invocation, files, changes, io),
  )
}

function runSubcommand(
  inv: Invocation,
  files: { rule: unknown; evidence: unknown[] | undefined },
  changes: RuleChanges,
  io: CliIo,
): number {
  const { sub, operands, values, args } = inv
  const [first = ""] = operands
  const names = () => profileNames(changes.profiles())
  const out = (json: unknown, text: () => string) =>
    io.stdout.write(args.json ? `${JSON.stringify(json)}\n` : text())
  if (sub === "list") {
    const statuses = values.status === undefined ? undefined : [ChangeStatus.parse(values.status)]
    const list = changes.list({
      ...(statuses ? { statuses } : {}),
      ...(values.rule === undefined ? {} : { ruleId: values.rule }),
    })
    out(list, () => changeListText(list, names(), args.locale))
    return 0
  }
  if (sub === "show") {
    const change = changes.get(first)
    const trail = changes.auditTrail(first)
    out({ change, trail }, () => changeDetailText(change, trail, names(), args.locale))
    return 0
  }
  const actor = findProfile(changes, values.as ?? "").id
  const note = values.note ?? ""
  if (sub === "publish") {
    const version = changes.publish({
      actor,
      changeIds: operands,
      ...(values.version === undefined ? {} : { version: values.version }),
    })
    out(version, () => `${publishedLine(version, operands.length, args.locale)}\n`)
    return 0
  }
  const moved =
    sub === "propose"
      ? changes.propose({
          author: actor,
          kind: values.add ? "add" : "edit",
          ruleId: first,
          rule: files.rule,
          note,
          ...(files.evidence ? { evidence: files.evidence } : {}),
        })
      : sub === "retire"
        ? changes.propose({ author: actor, kind: "retire", ruleId: first, note })
        : sub === "edit"
          ? changes.edit(first, actor, {
              ...(files.rule === undefined ? {} : { rule: files.rule }),
              ...(files.evidence ? { evidence: files.evidence } : {}),
              ...(values.note === undefined ? {} : { note }),
            })
          : sub === "submit"
            ? changes.submit(first, actor)
            : sub === "approve"
              ? changes.approve(first, actor)
              : changes.requestChanges(first, actor, note)
  out(moved, () => `${movedLine(moved, args.locale)}\n`)
  return 0
}
