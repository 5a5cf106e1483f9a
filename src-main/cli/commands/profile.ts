import type { Locale } from "../../../src-shared/events/stages"
import { defaultDbPath } from "../../store/paths"
import { parseCommandArgs, parseLocale, UsageError } from "../args"
import type { CliIo } from "../io"
import { withRuleChanges, type RuleSessionArgs } from "./rule-session"

// `fiskai profile add NAME | list` (issue 19): the local profiles that author and review rule
// changes. A profile is a name on this desk's database, recorded in the rule changes' audit
// trail; four eyes means a change is reviewed and published by another profile than its author's.

export const PROFILE_USAGE = `usage: fiskai profile add NAME [--db FILE] [--json] [--locale hr|en]
       fiskai profile list [--db FILE] [--json] [--locale hr|en]
  add     a new local profile (a name of 1 to 80 characters); prints its id
  list    the profiles: id, name, created
  --db    the database (default: the app's)`

const OPTIONS = {
  db: { type: "string" },
  json: { type: "boolean" },
  locale: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

type Invocation = { sub: "add"; name: string; args: RuleSessionArgs } | { sub: "list"; args: RuleSessionArgs }

function parse(argv: readonly string[]): Invocation | "help" {
  const { values, positionals } = parseCommandArgs("profile", argv, OPTIONS)
  if (values.help) return "help"
  const args: RuleSessionArgs = {
    dbPath: values.db ?? defaultDbPath(),
    locale: values.locale === undefined ? "hr" : parseLocale("--locale", values.locale),
    json: values.json === true,
  }
  const [sub, ...rest] = positionals
  if (sub === "list") {
    if (rest.length > 0) throw new UsageError(`fiskai profile list: unexpected argument "${rest[0]}"`)
    return { sub, args }
  }
  if (sub === "add") {
    // A name of several words may come unquoted: "fiskai profile add Ana Anić".
    if (rest.length === 0) throw new UsageError("fiskai profile add: missing the profile's name")
    return { sub, name: rest.join(" "), args }
  }
  throw new UsageError(
    sub === undefined
      ? "fiskai profile: missing the subcommand (add, list)"
      : `fiskai profile: unknown subcommand "${sub}" (add, list)`,
  )
}

export async function runProfileCommand(argv: string[], io: CliIo): Promise<number> {
  let invocation: Invocation | "help"
  try {
    invocation = parse(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${PROFILE_USAGE}\n`)
    return 2
  }
  if (invocation === "help") {
    io.stdout.write(`${PROFILE_USAGE}\n`)
    return 0
  }
  const { args } = invocation
  if (invocation.sub === "add") {
    const { name } = invocation
    return withRuleChanges("profile add", args, io, { create: true }, (changes) => {
      const profile = changes.createProfile(name)
      io.stdout.write(
        args.json
          ? `${JSON.stringify(profile)}\n`
          : `${addedLine(profile.displayName, profile.id, args.locale)}\n`,
      )
      return 0
    })
  }
  return withRuleChanges("profile list", args, io, { create: false }, (changes) => {
    const profiles = changes.profiles()
    if (args.json) io.stdout.write(`${JSON.stringify(profiles)}\n`)
    else if (profiles.length === 0) io.stdout.write(`${emptyLine(args.locale)}\n`)
    else
      for (const p of profiles)
        io.stdout.write(`${p.id}  ${p.displayName}  ${p.createdAt.slice(0, 16).replace("T", " ")}\n`)
    return 0
  })
}

function addedLine(name: string, id: string, locale: Locale): string {
  return locale === "hr" ? `Profil „${name}” dodan: ${id}` : `Profile "${name}" added: ${id}`
}

function emptyLine(locale: Locale): string {
  return locale === "hr"
    ? "Još nema profila (fiskai profile add IME)."
    : "No profiles yet (fiskai profile add NAME)."
}
