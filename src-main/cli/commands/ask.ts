import { newRequestId } from "../../util/request-id"
import type { ProfileContext } from "../../../src-shared/context"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import type { ClarificationPayload, Locale } from "../../../src-shared/events/index"
import type { ClarificationAnswer, EngineRequest } from "../../engine/types"
import { loadPackFile, PackLoadError, type LoadedPack } from "../../knowledge/loader"
import { parseCommandArgs, parseIsoDate, parseLocale, UsageError } from "../args"
import { unofferedOption } from "../clarify-answer"
import type { CliIo } from "../io"
import { resolvePackPath } from "../../composition/runtime"
import { readProfileFile } from "../profile-file"
import { defaultDbPath } from "../../store/paths"
import { openRunStore } from "../run-store"
import { createEventPrinter } from "../stepper"
import type { ModelCompanionFactory } from "../../model/model-run"
import { ASK_MODEL_USAGE, cliModel, type CliModel, type ModelOptionValues } from "./ask-model"

// `fiskai ask "<question>"`: runs the engine and streams its events, as a stepper or (--json) as
// one JSON event per line on stdout and nothing else. Exit 0 once a terminal event is out, 3 when
// the run stopped awaiting a clarification nobody could give, 2 for bad usage, 1 on failure.

export const ASK_USAGE = `usage: fiskai ask "<question>" [--as-of YYYY-MM-DD] [--profile FILE] [--clarify VALUE]…
                  [--locale hr|en] [--db FILE] [--json] [--pack FILE] [--request-id ID]
                  [--model URL] [--model-name NAME]
  --as-of       the date the question is about (default: the question's date, else today)
  --profile     client profile JSON: { "entity": {…}, "counters": {…}, "txn": {…} }
  --clarify     answer to a clarification (an option value such as "confirm", or free text);
                repeat for several gates; "cancel" cancels
  --locale      reply language (default: the question's language)
  --db          the trace database the run is recorded in (default: the app's data
                folder, or $FISKAI_DB); --no-db runs without recording
  --no-db       do not record the run
  --json        print only the events, one JSON object per line
  --pack        rule pack file (default: resources/packs/hr-core.json)
  --request-id  the run's id (default: a new random id)
${ASK_MODEL_USAGE}`

export const EXIT_OK = 0
export const EXIT_FAILURE = 1
export const EXIT_USAGE = 2
export const EXIT_AWAITING_INPUT = 3

const OPTIONS = {
  "as-of": { type: "string" },
  profile: { type: "string" },
  clarify: { type: "string", multiple: true },
  locale: { type: "string" },
  db: { type: "string" },
  "no-db": { type: "boolean" },
  json: { type: "boolean" },
  pack: { type: "string" },
  "request-id": { type: "string" },
  model: { type: "string" },
  "model-name": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

export interface AskInvocation {
  request: EngineRequest
  clarifications: string[]
  json: boolean
  packPath: string
  dbPath?: string
  /** True when --db was given: then a build without the store refuses rather than running unrecorded. */
  dbExplicit: boolean
  help: boolean
  /** --model, --model-name (the settings file may turn the model on too). */
  model: ModelOptionValues
}

export function parseAskArgs(argv: readonly string[]): AskInvocation {
  const { values, positionals } = parseCommandArgs("ask", argv, OPTIONS)
  const question = positionals.join(" ").trim()
  if (!values.help && question === "") throw new UsageError("fiskai ask: missing the question")
  const request: EngineRequest = { requestId: values["request-id"] ?? `req_${newRequestId()}`, question }
  if (values["as-of"] !== undefined) request.asOfDate = parseIsoDate("--as-of", values["as-of"])
  if (values.locale !== undefined) request.locale = parseLocale("--locale", values.locale)
  if (values.profile !== undefined) request.profile = readProfileFile(values.profile) satisfies ProfileContext
  const invocation: AskInvocation = {
    request,
    clarifications: values.clarify ?? [],
    json: values.json ?? false,
    packPath: resolvePackPath(values.pack),
    dbExplicit: values.db !== undefined,
    help: values.help ?? false,
    model: {
      ...(values.model === undefined ? {} : { model: values.model }),
      ...(values["model-name"] === undefined ? {} : { "model-name": values["model-name"] }),
    },
  }
  if (values.db !== undefined && values["no-db"] === true) throw new UsageError("fiskai ask: give --db FILE or --no-db, not both")
  if (values["no-db"] !== true) invocation.dbPath = values.db ?? defaultDbPath()
  return invocation
}

export async function runAskCommand(argv: string[], io: CliIo): Promise<number> {
  let invocation: AskInvocation
  try {
    invocation = parseAskArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n(fiskai ask --help lists the options)\n`)
    return EXIT_USAGE
  }
  if (invocation.help) {
    io.stdout.write(`${ASK_USAGE}\n`)
    return EXIT_OK
  }
  let pack
  try {
    pack = loadPackFile(invocation.packPath)
  } catch (error) {
    if (!(error instanceof PackLoadError)) throw error
    io.stderr.write(`fiskai ask: ${error.message}\n`)
    return EXIT_FAILURE
  }
  let model: CliModel | undefined
  try {
    model = cliModel(invocation.model, invocation.json ? undefined : io.stdout, invocation.request.locale ?? "hr")
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n`)
    return EXIT_USAGE
  }
  const interactive = !invocation.json && invocation.clarifications.length === 0 && io.stdin?.isTTY === true && io.readLine !== undefined
  const printer = invocation.json ? undefined : createEventPrinter(io.stdout, invocation.request.locale ? { locale: invocation.request.locale } : {})
  const emit = (event: ReasoningEvent) => {
    if (printer) printer.onEvent(event)
    else io.stdout.write(`${JSON.stringify(event)}\n`)
  }
  const clarify = interactive ? (question: ClarificationPayload) => promptClarification(io, question) : undefined
  // The reply language: as asked (--locale), else as the run settled it from the question.
  const locale = (): Locale => printer?.locale ?? invocation.request.locale ?? "hr"
  const code = await runThroughStore(io, invocation, { emit, locale }, pack, clarify, model?.factory)
  if (model !== undefined && !invocation.json && code === EXIT_OK) model.printSummary(io.stdout, locale())
  return code
}

/**
 * Runs the question through the run service, as the app does: recorded in the database, or, with
 * --no-db, in a database held in memory and gone when the command ends. A clarification nobody
 * answered in advance is asked on the terminal and the run continued as `fiskai resume` would.
 */
async function runThroughStore(
  io: CliIo,
  invocation: AskInvocation,
  output: { emit: (event: ReasoningEvent) => void; locale: () => Locale },
  pack: LoadedPack,
  clarify: ((question: ClarificationPayload) => Promise<ClarificationAnswer>) | undefined,
  model?: ModelCompanionFactory,
): Promise<number> {
  const open = io.openStore ?? openRunStore
  const store = await open(invocation.dbPath ?? IN_MEMORY, pack, io.clock)
  let awaiting: ClarificationPayload | undefined
  let terminal = false
  let unoffered: string | undefined
  let gates = 0
  const sinks = [
    {
      mode: "nonBlocking" as const,
      write(event: ReasoningEvent) {
        output.emit(event)
        if (isTerminal(event)) terminal = true
        if (event.status !== "awaiting_input") return
        awaiting = event.data
        const given = invocation.clarifications[gates]
        gates += 1
        unoffered ??= given === undefined ? undefined : unofferedOption(given, event.data)
      },
    },
  ]
  const { requestId, ...request } = invocation.request
  try {
    await store.ask(request, { requestId, clarifications: invocation.clarifications, sinks, ...(model === undefined ? {} : { model }) })
    while (!terminal && awaiting && clarify && unoffered === undefined) {
      const question: ClarificationPayload = awaiting
      awaiting = undefined
      const answer = await clarify(question)
      await store.continueRun(requestId, answer.kind === "answer" ? answer.value : null, { sinks })
    }
  } finally {
    store.close()
  }
  if (unoffered !== undefined) {
    io.stderr.write(`fiskai ask: --clarify ${unoffered}\n`)
    return EXIT_USAGE
  }
  const recorded = invocation.dbPath === undefined ? undefined : { requestId, dbOption: invocation.dbExplicit ? ` --db ${shellWord(invocation.dbPath)}` : "" }
  if (terminal) {
    if (!invocation.json && recorded) io.stdout.write(recordedLine(recorded, output.locale()))
    return EXIT_OK
  }
  if (awaiting) reportAwaiting(io, awaiting, output.locale(), recorded)
  return EXIT_AWAITING_INPUT
}

/** Where an unrecorded run (--no-db) is held while the command runs. */
const IN_MEMORY = ":memory:"

/** A recorded run: its id, and the --db option that finds it again (none for the default database). */
interface Recorded {
  requestId: string
  dbOption: string
}

/** Where the answer was recorded, and the commands that open it again. */
function recordedLine(record: Recorded, locale: Locale): string {
  const { requestId, dbOption } = record
  return locale === "hr"
    ? `\nZapisano kao ${requestId} (fiskai traces show ${requestId}${dbOption}; fiskai whatif ${requestId}${dbOption} --set ČINJENICA=VRIJEDNOST)\n`
    : `\nRecorded as ${requestId} (fiskai traces show ${requestId}${dbOption}; fiskai whatif ${requestId}${dbOption} --set FACT=VALUE)\n`
}

/** `path` as one shell word: quoted when it holds anything a shell would split or expand. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/u.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`
}

function reportAwaiting(io: CliIo, question: ClarificationPayload, locale: Locale, recorded?: Recorded): void {
  const options = (question.options ?? []).map((o) => o.value).join(" | ")
  const hr = locale === "hr"
  const value = hr ? "VRIJEDNOST" : "VALUE"
  const resume = recorded
    ? ` ${hr ? "ili nastavite zapisanu obradu" : "or continue the recorded run with"} fiskai resume ${recorded.requestId}${recorded.dbOption} --answer ${value}`
    : ""
  io.stderr.write(
    hr
      ? `Obrada čeka pojašnjenje: ${question.question}\nPonovite naredbu s --clarify ${value} (${options})${resume}.\n`
      : `The run is waiting for a clarification: ${question.question}\nRun the command again with --clarify ${value} (${options})${resume}.\n`,
  )
}

/** Asks on the terminal: a number picks an option, other text is a free answer, nothing cancels. */
async function promptClarification(io: CliIo, question: ClarificationPayload): Promise<ClarificationAnswer> {
  const options = question.options ?? []
  const line = await io.readLine?.(`> `)
  const text = line?.trim() ?? ""
  if (text === "") return { kind: "cancel" }
  const picked = /^\d+$/.test(text) ? options[Number(text) - 1] : undefined
  return { kind: "answer", value: picked ? picked.value : text }
}
