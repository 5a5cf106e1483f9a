import { existsSync } from "node:fs"
import { TracePageRequest, type TraceStats, type TraceSummary, type VerifyResult } from "../../../src-shared/traces"
import { buildAnswerWithReasoning } from "../../engine/pipeline"
import { BadCursorError } from "../../store/history"
import { defaultDbPath } from "../../store/paths"
import { TraceNotFoundError } from "../../store/runs"
import { openTraceSession, type TraceSession } from "../../store/session"
import { parseCommandArgs, parseIsoDate, UsageError } from "../args"
import type { CliIo } from "../io"
import { createEventPrinter } from "../stepper"
import { formatDate } from "../../../src-shared/format/dates"
import { formatScore } from "../../../src-shared/format/numbers"

// `fiskai traces list|show|verify|stats`: the stored history from the command line.
// Exit 0 on success, 1 when something does not verify or is not there, 2 for bad usage.

export const TRACES_USAGE = `usage: fiskai traces list [--outcome X] [--risk-tier T] [--domain D] [--client ID] [--status S]
                          [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--search TEXT]
                          [--hypothetical] [--limit N] [--cursor C] [--json] [--db FILE]
       fiskai traces show <requestId> [--json] [--db FILE]
       fiskai traces verify (<requestId> | --all) [--json] [--db FILE]
       fiskai traces stats [--json] [--db FILE]
  --db  the trace database (default: the app's data folder, or $FISKAI_DB)`

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
  let session: TraceSession | null = null
  try {
    const open = () => (session = openTraceSession({ dbPath, engine: buildAnswerWithReasoning, ...(io.clock ? { clock: io.clock } : {}) }))
    if (sub === "list") return list(io, values, args, open)
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
    throw error
  } finally {
    ;(session as TraceSession | null)?.close()
  }
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

function list(io: CliIo, values: Values, args: string[], open: () => TraceSession): number {
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

function show(io: CliIo, values: Values, requestId: string, session: TraceSession): number {
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

async function verify(io: CliIo, values: Values, args: string[], session: TraceSession): Promise<number> {
  if (values.all === true) noArgs("verify", args)
  const ids = values.all === true ? session.service.allRequestIds() : [oneId("verify", args)]
  const results: VerifyResult[] = []
  for (const id of ids) {
    const result = await session.service.verify(id)
    results.push(result)
    if (!values.json)
      io.stdout.write(
        `${result.ok ? "ok  " : "FAIL"} ${id}${result.ok ? "" : `  chain ${result.chainOk ? "ok" : "BROKEN"}, replay ${result.replayOk ? "ok" : "DIFFERS"}`}${result.replaySkipped ? `  (${result.replaySkipped})` : ""}\n`,
      )
  }
  if (values.json) io.stdout.write(`${JSON.stringify(values.all === true ? results : results[0])}\n`)
  const failed = results.filter((r) => !r.ok)
  const first = failed[0]
  if (first === undefined) {
    if (!values.json && values.all === true) io.stdout.write(`${results.length} traces verified\n`)
    return 0
  }
  const where = first.firstProblem?.seq === null || first.firstProblem === undefined ? "" : ` at seq ${first.firstProblem.seq}`
  io.stderr.write(`fiskai traces verify: ${first.requestId}${where}: ${first.firstProblem?.reason ?? "does not verify"}${failed.length > 1 ? ` (and ${failed.length - 1} more traces fail)` : ""}\n`)
  return 1
}

function stats(io: CliIo, values: Values, args: string[], session: TraceSession): number {
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
