import { existsSync } from "node:fs"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import { InheritedPart, type ClarificationPayload } from "../../../src-shared/events/payloads"
import type { Locale } from "../../../src-shared/events/stages"
import { ThreadTitle } from "../../../src-shared/threads"
import { openCliSession } from "../../composition/cli-session"
import { PackLoadError } from "../../knowledge/loader"
import { ThreadBusyError, ThreadService } from "../../runs/thread-service"
import { TraceNotFoundError } from "../../store/errors"
import { defaultDbPath } from "../../store/paths"
import { ThreadNotFoundError } from "../../store/threads-repo"
import { parseCommandArgs, parseIsoDate, parseLocale, UsageError, type ParsedArgs } from "../args"
import type { CliIo } from "../io"
import { createEventPrinter } from "../stepper"
import { printThread, printThreadDeleted, printThreadList, unclearMentionsText } from "./thread-print"
import { MentionNotFoundError } from "../../runs/mention-resolver"

// `fiskai thread new|list|show|ask|rename|delete`: conversations from the command line (issue 22),
// the same store and thread service as the window's. `ask` runs the turn through the one run path
// and prints it as `fiskai ask` does (a stepper, or --json one event per line); exit codes as ask:
// 0 once a terminal event is out, 3 when the turn waits for a clarification (continue it with
// `fiskai resume`), 2 for bad usage, 1 for other failures (an unknown thread, a busy one). The
// question's @-mentions are resolved as the window resolves them (runs/mention-resolver.ts) and
// their documents go with the run; a mention that names no document, or several, runs nothing and
// exits 4 with the candidates (the thread keeps the question paused for the window to continue).

export const THREAD_USAGE = `usage: fiskai thread new [--title T] [--client ID] [--as-of YYYY-MM-DD] [--json] [--db FILE]
       fiskai thread list [--search TEXT] [--json] [--db FILE]
       fiskai thread show <id> [--json] [--db FILE]
       fiskai thread ask <id> "<question>" [--drop subject|attribute|date|entity]… [--json] [--db FILE]
       fiskai thread rename <id> "<title>" [--db FILE]
       fiskai thread delete <id> [--db FILE]
  --title   the thread's title (default: its first question)
  --client  the client profile every turn is asked with (an id from the app's client list)
  --as-of   the date every turn is about (default: each question's own)
  --search  threads whose title, or a question or answer of theirs, has every word
  --drop    a part of the previous turn not to carry over (repeat for several)
  @MENTION  in the question, a document of the thread's client by number or title (exit 4 when
            it names none or several: the candidates are listed)
  --json    machine-readable output (ask: only the events, one JSON object per line)
  --locale  language of the text output (default hr)
  --db      the trace database (default: the app's data folder, or $FISKAI_DB)`

const OPTIONS = {
  title: { type: "string" },
  client: { type: "string" },
  "as-of": { type: "string" },
  search: { type: "string" },
  drop: { type: "string", multiple: true },
  json: { type: "boolean" },
  locale: { type: "string" },
  db: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

type Values = ParsedArgs<typeof OPTIONS>["values"]

const SUBCOMMANDS = ["new", "list", "show", "ask", "rename", "delete"] as const
type Sub = (typeof SUBCOMMANDS)[number]

interface Invocation {
  sub: Sub
  args: string[]
  values: Values
  locale: Locale
  json: boolean
  dbPath: string
  /** " --db FILE" when --db was given (for the hints that name commands), else "". */
  dbOption: string
}

/** Which options each subcommand takes (--db, --json, --locale: every one). */
const SUB_OPTIONS: Record<Sub, readonly (keyof Values)[]> = {
  new: ["title", "client", "as-of"],
  list: ["search"],
  show: [],
  ask: ["drop"],
  rename: [],
  delete: [],
}
const SUB_ARGS: Record<Sub, readonly string[]> = { new: [], list: [], show: ["id"], ask: ["id", "question"], rename: ["id", "title"], delete: ["id"] }

export async function runThreadCommand(argv: string[], io: CliIo): Promise<number> {
  const invocation = parseInvocation(argv, io)
  if (typeof invocation === "number") return invocation
  const creates = invocation.sub === "new" || invocation.sub === "ask"
  if (!creates && !existsSync(invocation.dbPath)) {
    io.stderr.write(`fiskai thread: no trace database at ${invocation.dbPath}\n`)
    return 1
  }
  const session = openCliSession({ dbPath: invocation.dbPath, ...(io.clock ? { clock: io.clock } : {}) })
  const threads = new ThreadService({ store: session.store, runs: session.service })
  try {
    return await runSub(invocation, threads, io)
  } catch (error) {
    const known = error instanceof ThreadNotFoundError || error instanceof ThreadBusyError || error instanceof TraceNotFoundError || error instanceof PackLoadError
    if (!known) throw error
    io.stderr.write(`fiskai thread: ${error.message}\n`)
    return 1
  } finally {
    session.close()
  }
}

async function runSub(invocation: Invocation, threads: ThreadService, io: CliIo): Promise<number> {
  const { args, values, locale, json } = invocation
  const [id = "", text = ""] = args
  switch (invocation.sub) {
    case "new": {
      const asOfDate = values["as-of"] === undefined ? undefined : parseIsoDate("--as-of", values["as-of"])
      const thread = threads.newThread({
        ...(values.title === undefined ? {} : { title: values.title }),
        ...(values.client === undefined ? {} : { clientId: values.client }),
        ...(asOfDate === undefined ? {} : { asOfDate }),
      })
      io.stdout.write(json ? `${JSON.stringify(thread)}\n` : `${createdLine(thread.id, locale)}\n`)
      return 0
    }
    case "list":
      printThreadList(io.stdout, threads.list(values.search === undefined ? {} : { search: values.search }), { json, locale })
      return 0
    case "show":
      printThread(io.stdout, threads.get(id), { json, locale })
      return 0
    case "ask":
      return askInThread(io, threads, { threadId: id, question: text, dropped: parseDrops(values.drop ?? []), json, dbOption: invocation.dbOption, locale })
    case "rename":
      io.stdout.write(`${renamedLine(threads.rename({ id, title: text }).title, locale)}\n`)
      return 0
    case "delete":
      printThreadDeleted(io.stdout, threads.delete(id), locale)
      return 0
  }
}

interface AskArgs {
  threadId: string
  question: string
  dropped: InheritedPart[]
  json: boolean
  /** The --db option that finds the run again ("" for the default database). */
  dbOption: string
  locale: Locale
}

/** Exit code of `thread ask` when an @-mention names no document or several (nothing ran). */
export const EXIT_MENTION_UNCLEAR = 4

async function askInThread(io: CliIo, threads: ThreadService, args: AskArgs): Promise<number> {
  const printer = args.json ? null : createEventPrinter(io.stdout)
  let terminal = false
  let awaiting: ClarificationPayload | undefined
  const sink = {
    mode: "nonBlocking" as const,
    write(event: ReasoningEvent) {
      if (printer) printer.onEvent(event)
      else io.stdout.write(`${JSON.stringify(event)}\n`)
      if (isTerminal(event)) terminal = true
      if (event.status === "awaiting_input") awaiting = event.data
    },
  }
  let begun: ReturnType<ThreadService["begin"]>
  try {
    begun = threads.begin(args.threadId, args.question, { dropped: args.dropped, sinks: [sink] })
  } catch (error) {
    if (!(error instanceof MentionNotFoundError)) throw error
    io.stderr.write(`fiskai thread: ${error.text(args.locale)}\n`)
    return EXIT_MENTION_UNCLEAR
  }
  if ("paused" in begun) {
    io.stderr.write(unclearMentionsText(begun.paused, args.locale))
    return EXIT_MENTION_UNCLEAR
  }
  const done = await begun.done
  const result = { ...done, seq: begun.seq ?? threads.repo.seqOf(begun.requestId) }
  const locale = printer?.locale ?? "hr"
  const db = args.dbOption
  if (terminal) {
    if (!args.json) io.stdout.write(recordedTurnLine(result.requestId, args.threadId, result.seq, db, locale))
    return 0
  }
  if (awaiting !== undefined) io.stderr.write(awaitingLine(awaiting, result.requestId, db, locale))
  return 3
}

function parseDrops(drops: readonly string[]): InheritedPart[] {
  return drops.map((drop) => {
    const part = InheritedPart.safeParse(drop)
    if (!part.success) throw new UsageError(`fiskai thread ask: --drop expects one of ${InheritedPart.options.join("|")}, got "${drop}"`)
    return part.data
  })
}

/** The command line checked before the database is opened: the invocation, or an exit code. */
function parseInvocation(argv: string[], io: CliIo): Invocation | number {
  try {
    const { values, positionals } = parseCommandArgs("thread", argv, OPTIONS)
    if (values.help) {
      io.stdout.write(`${THREAD_USAGE}\n`)
      return 0
    }
    const [word, ...args] = positionals
    const sub = SUBCOMMANDS.find((s) => s === word)
    if (sub === undefined)
      throw new UsageError(word === undefined ? `fiskai thread: missing the subcommand (${SUBCOMMANDS.join(", ")})` : `fiskai thread: unknown subcommand "${word}"`)
    checkArgs(sub, args, values)
    const locale = values.locale === undefined ? "hr" : parseLocale("--locale", values.locale)
    if (values["as-of"] !== undefined) parseIsoDate("--as-of", values["as-of"])
    parseDrops(values.drop ?? [])
    const dbOption = values.db === undefined ? "" : ` --db ${shellWord(values.db)}`
    return { sub, args, values, locale, json: values.json ?? false, dbPath: values.db ?? defaultDbPath(), dbOption }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${THREAD_USAGE}\n`)
    return 2
  }
}

function checkArgs(sub: Sub, args: string[], values: Values): void {
  const wanted = SUB_ARGS[sub]
  if (args.length < wanted.length) throw new UsageError(`fiskai thread ${sub}: missing the ${wanted[args.length] ?? "argument"}`)
  if (args.length > wanted.length) throw new UsageError(`fiskai thread ${sub}: unexpected argument "${args[wanted.length] ?? ""}"`)
  for (const option of ["title", "client", "as-of", "search", "drop"] as const)
    if (values[option] !== undefined && !SUB_OPTIONS[sub].includes(option)) throw new UsageError(`fiskai thread ${sub}: --${option} does not belong here`)
  if (sub === "ask" && (args[1] ?? "").trim() === "") throw new UsageError("fiskai thread ask: the question is empty")
  if (sub === "rename") {
    const title = ThreadTitle.safeParse(args[1])
    if (!title.success) throw new UsageError(`fiskai thread rename: ${title.error.issues[0]?.message ?? "bad title"}`)
  }
  if (sub === "new" && values.title !== undefined && !ThreadTitle.safeParse(values.title).success)
    throw new UsageError("fiskai thread new: --title must be 1 to 200 characters")
}

function createdLine(id: string, locale: Locale): string {
  return locale === "hr" ? `Otvoren razgovor ${id} (fiskai thread ask ${id} "PITANJE")` : `Thread ${id} opened (fiskai thread ask ${id} "QUESTION")`
}

function renamedLine(title: string, locale: Locale): string {
  return locale === "hr" ? `Razgovor je preimenovan: ${title}` : `Thread renamed: ${title}`
}

function recordedTurnLine(requestId: string, threadId: string, seq: number | null, db: string, locale: Locale): string {
  const place = seq === null ? "" : locale === "hr" ? `, ${seq}. pitanje razgovora` : `, turn ${seq} of the thread`
  return locale === "hr"
    ? `\nZapisano kao ${requestId}${place} (fiskai thread show ${threadId}${db}; fiskai traces show ${requestId}${db})\n`
    : `\nRecorded as ${requestId}${place} (fiskai thread show ${threadId}${db}; fiskai traces show ${requestId}${db})\n`
}

function awaitingLine(question: ClarificationPayload, requestId: string, db: string, locale: Locale): string {
  const options = (question.options ?? []).map((o) => o.value).join(" | ")
  return locale === "hr"
    ? `Obrada čeka pojašnjenje: ${question.question}\nNastavite je s fiskai resume ${requestId}${db} --answer VRIJEDNOST (${options}).\n`
    : `The run is waiting for a clarification: ${question.question}\nContinue it with fiskai resume ${requestId}${db} --answer VALUE (${options}).\n`
}

/** `path` as one shell word: quoted when it holds anything a shell would split or expand. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/u.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`
}
