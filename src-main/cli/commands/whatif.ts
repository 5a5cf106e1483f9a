import { existsSync } from "node:fs"
import { isContextFactPath, IsoDate } from "../../../src-shared/context"
import { isTerminal, type ReasoningEvent } from "../../../src-shared/events/event"
import type { Locale } from "../../../src-shared/events/stages"
import type { AppliedChange, FactValue, RerunOffer, WhatIfChange } from "../../../src-shared/whatif"
import { loadPackFile, PackLoadError } from "../../knowledge/loader"
import { defaultDbPath } from "../../store/paths"
import { TraceNotFoundError, TraceStateError } from "../../runs/run-service"
import { WhatIfStateError } from "../../whatif/base-run"
import { factKind, WhatIfInputError } from "../../whatif/fact-info"
import { openCliSession } from "../../composition/cli-session"
import { resolvePackPath } from "../../composition/runtime"
import type { WhatIfService } from "../../runs/whatif-service"
import { parseLocale, UsageError } from "../args"
import type { CliIo } from "../io"
import { parseArgsLinear } from "../parse-args-linear"
import { createEventPrinter } from "../stepper"
import { printable } from "../../util/printable"

// `fiskai whatif <requestId> --set PATH=VALUE… --flip DRIVER…`: a counterfactual of a stored run.
// Prints its events (a stepper, or NDJSON with --json) and exits like `ask`: 0 once a terminal is
// out, 2 for bad usage, 3 awaiting input (a full --rerun that stops at a clarification). --diff
// prints one JSON object, the diff against the base, instead. A change the original retrieval
// cannot answer is refused (exit 1) with the reason and the suggestion to --rerun in full.

export const WHATIF_USAGE = `usage: fiskai whatif <requestId> [--set PATH=VALUE]… [--flip DRIVER_ID]… [--json | --diff]
                     [--save "<name>"] [--notes TEXT] [--rerun] [--drivers] [--locale hr|en] [--db FILE]
  --set      set a fact to an exact value, e.g. counters.revenueYtd=30000, entity.type=OBRT,
             entity.vat.status=IN_VAT, asOf=2026-01-01; PATH=null removes the fact
  --flip     flip a driver (its id as --drivers lists it): the engine picks a value on the
             other side of the condition it decided and says which
  --drivers  list the run's drivers and exit
  --json     print only the counterfactual's events, one JSON object per line
  --diff     print one JSON object: the diff against the base run
  --save     store the result as a scenario with this name (--notes adds notes)
  --rerun    when the change needs other sources, run the question again in full instead
  --db       the trace database (default: the app's data folder, or $FISKAI_DB)`

const OPTIONS = {
  set: { type: "string", multiple: true },
  flip: { type: "string", multiple: true },
  json: { type: "boolean" },
  diff: { type: "boolean" },
  save: { type: "string" },
  notes: { type: "string" },
  rerun: { type: "boolean" },
  drivers: { type: "boolean" },
  locale: { type: "string" },
  db: { type: "string" },
  pack: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

interface Invocation {
  requestId: string
  changes: WhatIfChange[]
  json: boolean
  diff: boolean
  save?: string
  notes?: string
  rerun: boolean
  drivers: boolean
  locale: Locale
  dbPath: string
  packPath: string
}

export function parseWhatIfArgs(argv: readonly string[]): Invocation | "help" {
  let parsed
  try {
    parsed = parseArgsLinear(argv, OPTIONS)
  } catch (error) {
    throw new UsageError(`fiskai whatif: ${(error as Error).message}`)
  }
  const { values, positionals, tokens } = parsed
  if (values.help) return "help"
  if (positionals.length !== 1 || positionals[0] === undefined)
    throw new UsageError("fiskai whatif: give exactly one request id")
  // Changes apply in the order they were typed (a later change to the same fact wins).
  const changes: WhatIfChange[] = []
  for (const token of tokens) {
    if (token.kind !== "option" || token.value === undefined) continue
    if (token.name === "set") changes.push(parseSet(token.value))
    if (token.name === "flip") changes.push({ kind: "flip", driverId: token.value })
  }
  if (changes.length === 0 && !values.drivers)
    throw new UsageError("fiskai whatif: give at least one --set or --flip (or --drivers to list them)")
  if (values.json && values.diff) throw new UsageError("fiskai whatif: --json and --diff cannot be combined")
  const invocation: Invocation = {
    requestId: positionals[0],
    changes,
    json: values.json ?? false,
    diff: values.diff ?? false,
    rerun: values.rerun ?? false,
    drivers: values.drivers ?? false,
    locale: values.locale === undefined ? "hr" : parseLocale("--locale", values.locale),
    dbPath: values.db ?? defaultDbPath(),
    packPath: resolvePackPath(values.pack),
  }
  if (values.save !== undefined) {
    if (values.save.trim() === "") throw new UsageError("fiskai whatif: --save needs a name")
    invocation.save = values.save.trim()
  }
  if (values.notes !== undefined) invocation.notes = values.notes
  return invocation
}

/** PATH=VALUE, the value read as the fact's kind: a number for amounts, yes/no, a date, or text. */
export function parseSet(text: string): WhatIfChange {
  const at = text.indexOf("=")
  if (at <= 0) throw new UsageError(`--set ${text}: expected PATH=VALUE`)
  const path = text.slice(0, at).trim()
  if (!isContextFactPath(path))
    throw new UsageError(`--set ${printable(path)}: not a fact of the client profile (e.g. counters.revenueYtd, entity.type, asOf)`)
  const raw = text.slice(at + 1).trim()
  if (raw === "null" || raw === "") return { kind: "set", path, value: null }
  return { kind: "set", path, value: parseValue(path, raw) }
}

function parseValue(path: string, raw: string): FactValue {
  const kind = factKind(path)
  if (kind === "money" || kind === "number") {
    const value = Number(raw.replace(/_/g, ""))
    if (!Number.isFinite(value))
      throw new UsageError(`--set ${path}: expected a number (e.g. 30000 or 30000.50), got "${raw}"`)
    return value
  }
  if (kind === "boolean") {
    if (["true", "yes", "da"].includes(raw)) return true
    if (["false", "no", "ne"].includes(raw)) return false
    throw new UsageError(`--set ${path}: expected true or false, got "${raw}"`)
  }
  if (kind === "date" && !IsoDate.safeParse(raw).success)
    throw new UsageError(`--set ${path}: expected a date as YYYY-MM-DD, got "${raw}"`)
  return raw
}

export async function runWhatIfCommand(argv: string[], io: CliIo): Promise<number> {
  let invocation: Invocation | "help"
  try {
    invocation = parseWhatIfArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${WHATIF_USAGE}\n`)
    return 2
  }
  if (invocation === "help") {
    io.stdout.write(`${WHATIF_USAGE}\n`)
    return 0
  }
  if (!existsSync(invocation.dbPath)) {
    io.stderr.write(`fiskai whatif: no trace database at ${invocation.dbPath}\n`)
    return 1
  }
  let pack
  try {
    pack = loadPackFile(invocation.packPath)
  } catch (error) {
    if (!(error instanceof PackLoadError)) throw error
    io.stderr.write(`fiskai whatif: ${error.message}\n`)
    return 1
  }
  const session = openCliSession({
    dbPath: invocation.dbPath,
    pack,
    ...(io.clock ? { clock: io.clock } : {}),
  })
  try {
    return await execute(io, invocation, session.whatif)
  } catch (error) {
    if (error instanceof WhatIfInputError) {
      io.stderr.write(`fiskai whatif: ${error.message}\n`)
      return 2
    }
    if (
      error instanceof TraceNotFoundError ||
      error instanceof WhatIfStateError ||
      error instanceof TraceStateError
    ) {
      io.stderr.write(`fiskai whatif: ${error.message}\n`)
      return 1
    }
    throw error
  } finally {
    session.close()
  }
}

type Service = WhatIfService

async function execute(io: CliIo, inv: Invocation, whatif: Service): Promise<number> {
  const { locale } = inv
  if (inv.drivers) return printDrivers(io, inv, whatif)
  const printer = inv.json || inv.diff ? null : createEventPrinter(io.stdout, { locale })
  const emit = (event: ReasoningEvent) => {
    if (inv.diff) return
    if (printer) printer.onEvent(event)
    else io.stdout.write(`${JSON.stringify(event)}\n`)
  }
  const sink = { mode: "nonBlocking" as const, write: emit }
  const info = inv.json || inv.diff ? io.stderr : io.stdout

  const prepared = whatif.prepare(inv.requestId, inv.changes)
  const baseId = prepared.target.base.requestId
  info.write(
    `${locale === "hr" ? "HIPOTETSKI SCENARIJ — izveden iz" : "HYPOTHETICAL SCENARIO — derived from"} ${baseId}\n`,
  )
  printApplied(info, prepared.resolved.applied, locale)
  let resultId: string
  if (prepared.status === "needs_rerun") {
    if (!inv.rerun) {
      if (inv.json || inv.diff) io.stdout.write(`${JSON.stringify(prepared.result)}\n`)
      printOffer(io, prepared.result.rerun, locale)
      return 1
    }
    const started = whatif.rerun(inv.requestId, inv.changes, { sinks: [sink] })
    const result = await started.done
    if (result.status === "awaiting_input") {
      io.stderr.write(
        locale === "hr"
          ? "Ponovljeno pitanje čeka pojašnjenje: nastavite ga s `fiskai resume`.\n"
          : "The re-run is waiting for a clarification: continue it with `fiskai resume`.\n",
      )
      return 3
    }
    resultId = result.requestId
  } else {
    const run = await whatif.execute(prepared, { sinks: [sink] })
    if (!isTerminal(run.terminal)) return 1
    resultId = run.requestId
  }
  const diff = whatif.compare(baseId, resultId)
  if (inv.diff) io.stdout.write(`${JSON.stringify(diff)}\n`)
  else
    info.write(`\n${locale === "hr" ? "HIPOTETSKI" : "HYPOTHETICAL"} ${resultId}: ${diff.sentence[locale]}\n`)
  if (inv.save !== undefined) {
    const scenario = whatif.saveScenario({
      name: inv.save,
      resultRequestId: resultId,
      ...(inv.notes === undefined ? {} : { notes: inv.notes }),
    })
    info.write(`${locale === "hr" ? "Spremljeno kao scenarij" : "Saved as scenario"} ${scenario.id}\n`)
  }
  return 0
}

function printApplied(out: CliIo["stdout"], applied: readonly AppliedChange[], locale: Locale): void {
  for (const change of applied)
    out.write(
      `  ${change.label[locale]}: ${change.fromText[locale]} → ${change.toText[locale]} (${change.explanation[locale]})\n`,
    )
}

function printOffer(io: CliIo, offer: RerunOffer, locale: Locale): void {
  for (const reason of offer.reasons) io.stderr.write(`fiskai whatif: ${reason.message[locale]}\n`)
  io.stderr.write(
    locale === "hr"
      ? "Ponovite naredbu s --rerun za novo, cjelovito istraživanje (označeno kao hipotetsko).\n"
      : "Run the command again with --rerun to research the question again in full (marked hypothetical).\n",
  )
  if (offer.notCarried.length > 0)
    io.stderr.write(
      `${locale === "hr" ? "Ne prenosi se u novo istraživanje" : "Not carried into a full run"}: ${offer.notCarried.join(", ")}\n`,
    )
}

function printDrivers(io: CliIo, inv: Invocation, whatif: Service): number {
  const view = whatif.drivers(inv.requestId)
  if (inv.json) {
    io.stdout.write(`${JSON.stringify(view)}\n`)
    return 0
  }
  const { locale } = inv
  for (const fact of view.facts) {
    io.stdout.write(`${fact.label[locale]} (${fact.path}) = ${fact.valueText[locale]}\n`)
    for (const driver of fact.drivers) {
      const flip = driver.flip ? ` → ${driver.flip.text[locale]}` : ""
      io.stdout.write(
        `  ${driver.held ? "✓" : "✗"} ${driver.label[locale]}${flip}\n      --flip ${driver.id}\n`,
      )
    }
  }
  return 0
}
