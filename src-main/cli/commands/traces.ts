import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { resolve } from "node:path"
import { TracePageRequest, type TraceStats, type TraceSummary, type VerifyResult } from "../../../src-shared/traces"
import { BadCursorError } from "../../store/history"
import { checkIntegrity, describeDamage, isDamageError, StoreDamagedError } from "../../store/integrity"
import { defaultDbPath } from "../../store/paths"
import { TraceNotFoundError } from "../../runs/run-service"
import { openCliSession, type CliSession } from "../../composition/cli-session"
import { parseCommandArgs, parseIsoDate, UsageError } from "../args"
import type { CliIo } from "../io"
import { createEventPrinter } from "../stepper"
import { formatDate } from "../../../src-shared/format/dates"
import { formatScore } from "../../../src-shared/format/numbers"
import { printable } from "../../util/printable"
import { PaperUnavailableError } from "../../export/answer-paper/answer-paper"
import { runServiceSources, storedAnswerPaper } from "../../export/answer-paper/stored-paper"

// `fiskai traces list|show|verify|stats`: the stored history from the command line.
// Exit 0 on success, 1 when something does not verify or is not there, 2 for bad usage.
// A damaged database is opened read-only (nothing is written to it): `verify --all` reports the
// full integrity check and every run it cannot read, and goes on with the others.

export const TRACES_USAGE = `usage: fiskai traces list [--outcome X] [--risk-tier T] [--domain D] [--client ID] [--status S]
                          [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--search TEXT]
                          [--hypothetical] [--limit N] [--cursor C] [--json] [--db FILE]
       fiskai traces show <requestId> [--json] [--html FILE] [--db FILE]
       fiskai traces verify (<requestId> | --all) [--json] [--db FILE]
       fiskai traces stats [--json] [--db FILE]
  --db   the trace database (default: the app's data folder, or $FISKAI_DB)
  --all  verify every trace, after SQLite's full integrity check of the database file
  --html the answer as one printable document (question, client, answer, citations with quotes,
         run id and hash), in the run's language; open it in a browser and print it, or save it as a PDF`

const OPTIONS = {
  outcome: { type: "string" },
  "risk-tier": { type: "string" },
  domain: { type: "string" },
  client: { type: "string" },
  status: { type: "string" },
  since: { type: "string" },
  until: { type: "string" },
  search: { type: "string" },
  hypothetical: { type: "boolean" },
  limit: { type: "string" },
  cursor: { type: "string" },
  all: { type: "boolean" },
  json: { type: "boolean" },
  html: { type: "string" },
  db: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

type Values = ReturnType<typeof parseCommandArgs<typeof OPTIONS>>["values"]

export async function runTracesCommand(argv: string[], io: CliIo): Promise<number> {
  let sub: string | undefined
  let args: string[]
  let values: Values
  try {
    const parsed = parseCommandArgs("traces", argv, OPTIONS)
    values = parsed.values
    ;[sub, ...args] = parsed.positionals
    if (values.help) {
      io.stdout.write(`${TRACES_USAGE}\n`)
      return 0
    }
    if (sub === undefined) throw new UsageError("fiskai traces: missing the subcommand (list, show, verify, stats)")
    if (!["list", "show", "verify", "stats"].includes(sub)) throw new UsageError(`fiskai traces: unknown subcommand "${sub}"`)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${TRACES_USAGE}\n`)
    return 2
  }
  const dbPath = values.db ?? defaultDbPath()
  if (!existsSync(dbPath)) {
    io.stderr.write(`fiskai traces: no trace database at ${dbPath}\n`)
    return 1
  }
  let session: CliSession | null = null
  try {
    const open = () => {
      const opened = openCliSession({
        dbPath,
        ...(io.clock ? { clock: io.clock } : {}),
        ifDamaged: "read-only",
        onNotice: (message) => io.stderr.write(`${message}\n`),
      })
      session = opened
      // verify --all reports the file's full integrity check itself.
      if (opened.store.readOnly && !(sub === "verify" && values.all === true)) warnDamaged(io, opened)
      return opened
    }
    if (sub === "list") return list(io, values, args, open)
    if (sub === "show" && values.html !== undefined) return writePaper(io, oneId("show", args), values.html, open())
    if (sub === "show") return show(io, values, oneId("show", args), open())
    if (sub === "verify") return await verify(io, values, args, open())
    return stats(io, values, args, open())
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n${TRACES_USAGE}\n`)
      return 2
    }
    if (error instanceof TraceNotFoundError) {
      io.stderr.write(`fiskai traces: ${error.message}\n`)
      return 1
    }
    if (error instanceof StoreDamagedError) {
      io.stderr.write(`fiskai traces: ${error.message}\n`)
      return 1
    }
    if (isDamageError(error)) {
      io.stderr.write(
        `fiskai traces ${sub}: the database ${dbPath} is damaged where this was stored (${describeDamage(error)}); ` +
          `fiskai traces verify --all --db "${dbPath}" lists what can still be read\n`,
      )
      return 1
    }
    throw error
  } finally {
    ;(session as CliSession | null)?.close()
  }
}

function warnDamaged(io: CliIo, session: CliSession): void {
  const { store } = session
  const found = store.integrityAtOpen.ok ? "" : ` (${store.integrityAtOpen.problems[0] ?? "?"})`
  io.stderr.write(
    `fiskai traces: warning: the database ${store.path} is damaged${found}; it was opened read-only and some traces may be missing ` +
      `or unreadable. fiskai traces verify --all --db "${store.path}" lists them.\n`,
  )
}

function oneId(sub: string, args: string[]): string {
  const [id, ...extra] = args
  if (id === undefined) throw new UsageError(`fiskai traces ${sub}: missing the request id`)
  if (extra.length > 0) throw new UsageError(`fiskai traces ${sub}: unexpected argument "${extra[0]}"`)
  return id
}

function noArgs(sub: string, args: string[]): void {
  if (args.length > 0) throw new UsageError(`fiskai traces ${sub}: unexpected argument "${args[0]}"`)
}

function list(io: CliIo, values: Values, args: string[], open: () => CliSession): number {
  noArgs("list", args)
  const limit = values.limit === undefined ? undefined : Number(values.limit)
  const request = TracePageRequest.safeParse({
    ...(values.outcome === undefined ? {} : { outcome: values.outcome }),
    ...(values["risk-tier"] === undefined ? {} : { riskTier: values["risk-tier"] }),
    ...(values.domain === undefined ? {} : { domain: values.domain }),
    ...(values.client === undefined ? {} : { clientId: values.client }),
    ...(values.status === undefined ? {} : { status: values.status }),
    ...(values.since === undefined ? {} : { since: parseIsoDate("--since", values.since) }),
    ...(values.until === undefined ? {} : { until: parseIsoDate("--until", values.until) }),
    ...(values.search === undefined ? {} : { search: values.search }),
    ...(values.hypothetical ? { includeHypothetical: true } : {}),
    ...(values.cursor === undefined ? {} : { cursor: values.cursor }),
    ...(limit === undefined ? {} : { limit }),
  })
  if (!request.success) {
    const issue = request.error.issues[0]
    throw new UsageError(`fiskai traces list: ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "invalid"}`)
  }
  let page
  try {
    page = open().service.list(request.data)
  } catch (error) {
    if (error instanceof BadCursorError) throw new UsageError(`fiskai traces list: ${error.message}`)
    throw error
  }
  if (values.json) io.stdout.write(`${JSON.stringify(page)}\n`)
  else {
    for (const trace of page.items) io.stdout.write(`${summaryLine(trace)}\n`)
    if (page.items.length === 0) io.stdout.write("(no traces)\n")
    if (page.nextCursor !== null) io.stdout.write(`more: --cursor ${page.nextCursor}\n`)
  }
  return 0
}

function summaryLine(t: TraceSummary): string {
  const confidence = t.confidence === null ? "-" : formatScore(t.confidence, "en")
  const question = t.question.length > 60 ? `${t.question.slice(0, 59)}…` : t.question
  return [t.createdAt.slice(0, 19), t.requestId, t.status, t.outcome ?? "-", t.riskTier ?? "-", confidence, question].join("  ")
}

function show(io: CliIo, values: Values, requestId: string, session: CliSession): number {
  const detail = session.service.get(requestId)
  if (detail === null) throw new TraceNotFoundError(`no trace ${requestId}`)
  if (values.json) {
    io.stdout.write(`${JSON.stringify(detail)}\n`)
    return 0
  }
  const t = detail.trace
  io.stdout.write(
    [
      `trace ${t.requestId}  ${t.status}${t.outcome ? `  ${t.outcome}` : ""}${t.counterfactualOf ? `  (what-if of ${t.counterfactualOf})` : ""}`,
      `question: ${t.question}`,
      `as of ${formatDate(t.asOfDate, "en")} · ${t.locale} · asked ${t.createdAt}${t.clientId ? ` · client ${t.clientId}` : ""}`,
      `pack ${t.packId} ${t.packVersion} (${t.packHash.slice(0, 12)}…) · ${t.eventCount} events · chain head ${t.chainHead ?? "-"}`,
      "",
    ].join("\n") + "\n",
  )
  const printer = createEventPrinter(io.stdout, { live: false, locale: t.locale })
  for (const event of detail.events) printer.onEvent(event)
  return 0
}

/** Removes a partial file; there is none when its folder is missing or not a folder. */
function removePartial(path: string): void {
  try {
    rmSync(path, { force: true })
  } catch {
    // ENOTDIR / ENOENT: nothing was written.
  }
}

/** `show <id> --html FILE`: the answer's printable document (issue 23), written atomically. */
function writePaper(io: CliIo, requestId: string, file: string, session: CliSession): number {
  let paper
  try {
    paper = storedAnswerPaper(runServiceSources(session.service), requestId)
  } catch (error) {
    if (!(error instanceof PaperUnavailableError)) throw error
    io.stderr.write(`fiskai traces show: ${error.message}\n`)
    return 1
  }
  const path = resolve(file)
  const temp = `${path}.${process.pid}.partial`
  try {
    writeFileSync(temp, paper.documentHtml, { flag: "wx" })
    renameSync(temp, path)
  } catch (error) {
    removePartial(temp)
    io.stderr.write(`fiskai traces show: cannot write ${path}: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  io.stdout.write(`${path}\n`)
  return 0
}

async function verify(io: CliIo, values: Values, args: string[], session: CliSession): Promise<number> {
  const all = values.all === true
  if (all) noArgs("verify", args)
  const path = session.store.path
  // The file first: the full integrity check (every page, every index against its table).
  const integrity = all ? checkIntegrity(session.store.sqlite, "full") : { ok: true as const }
  if (!integrity.ok) {
    const heading = `database integrity check: FAILED (${plural(integrity.problems.length, "problem")})`
    const lines = [heading, ...integrity.problems.map((p) => `  ${printable(p, 500)}`)]
    if (values.json) io.stderr.write(lines.map((line) => `fiskai traces verify: ${line}\n`).join(""))
    else io.stdout.write(`${lines.join("\n")}\n`)
  }
  let ids: string[]
  try {
    ids = all ? session.service.allRequestIds() : [oneId("verify", args)]
  } catch (error) {
    if (!isDamageError(error)) throw error
    io.stderr.write(`fiskai traces verify: the list of traces in ${path} cannot be read: ${describeDamage(error)}\n`)
    return 1
  }
  // Every run is verified: one that cannot be read (a damaged page) is reported and the loop goes on.
  const results: VerifyResult[] = []
  for (const id of ids) {
    let result: VerifyResult
    let unreadable = false
    try {
      result = await session.service.verify(id)
    } catch (error) {
      if (!all && error instanceof TraceNotFoundError) throw error
      unreadable = true
      result = { requestId: id, ok: false, chainOk: false, replayOk: false, firstProblem: { seq: null, reason: whyNotVerified(error) } }
    }
    results.push(result)
    if (!values.json)
      io.stdout.write(
        unreadable
          ? `FAIL ${id}  ${result.firstProblem?.reason ?? ""}\n`
          : `${result.ok ? "ok  " : "FAIL"} ${id}${result.ok ? "" : `  chain ${result.chainOk ? "ok" : "BROKEN"}, replay ${result.replayOk ? "ok" : "DIFFERS"}`}${result.replaySkipped ? `  (${result.replaySkipped})` : ""}\n`,
      )
  }
  if (values.json) io.stdout.write(`${JSON.stringify(all ? results : results[0])}\n`)
  const failed = results.filter((r) => !r.ok)
  const first = failed[0]
  if (first === undefined && integrity.ok) {
    if (!values.json && all) io.stdout.write(`${results.length} trace${results.length === 1 ? "" : "s"} verified\n`)
    return 0
  }
  if (!integrity.ok)
    io.stderr.write(
      `fiskai traces verify: the database ${path} failed its integrity check (${plural(integrity.problems.length, "problem")}); ` +
        `${failed.length} of ${plural(results.length, "trace")} fail. ${session.store.readOnly ? "Nothing was written to it; " : ""}` +
        `the traces marked ok can be saved with fiskai export --trace ID … --db "${path}"\n`,
    )
  if (first !== undefined) {
    const where = first.firstProblem?.seq === null || first.firstProblem === undefined ? "" : ` at seq ${first.firstProblem.seq}`
    io.stderr.write(`fiskai traces verify: ${first.requestId}${where}: ${first.firstProblem?.reason ?? "does not verify"}${failed.length > 1 ? ` (and ${failed.length - 1} more traces fail)` : ""}\n`)
  }
  return 1
}

/** Why a run could not be verified at all, in one line. */
function whyNotVerified(error: unknown): string {
  if (isDamageError(error)) return `cannot be read: the database is damaged where this run is stored (${describeDamage(error)})`
  if (error instanceof TraceNotFoundError) return `cannot be read: ${error.message} (its row is missing or damaged)`
  return `could not be verified: ${printable(error instanceof Error ? error.message : String(error))}`
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`
}

function stats(io: CliIo, values: Values, args: string[], session: CliSession): number {
  noArgs("stats", args)
  const s: TraceStats = session.service.stats()
  if (values.json) {
    io.stdout.write(`${JSON.stringify(s)}\n`)
    return 0
  }
  const ms = (v: number | null) => (v === null ? "-" : `${Math.round(v)} ms`)
  const lines = [`traces: ${s.total}`, "outcome by risk tier:"]
  for (const row of s.outcomeByTier) lines.push(`  ${row.riskTier ?? "-"}  ${row.outcome ?? "(unfinished)"}  ${row.count}`)
  lines.push("confidence:")
  for (const b of s.confidenceHistogram) if (b.count > 0) lines.push(`  ${b.bucket}  ${b.count}`)
  lines.push(`time to first useful stage: p50 ${ms(s.ttfusPercentiles.p50)}, p95 ${ms(s.ttfusPercentiles.p95)}, p99 ${ms(s.ttfusPercentiles.p99)}`)
  if (s.refusalReasons.length > 0) lines.push("refusal reasons:", ...s.refusalReasons.map((r) => `  ${r.reason}  ${r.count}`))
  io.stdout.write(`${lines.join("\n")}\n`)
  return 0
}
