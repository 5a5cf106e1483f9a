import { existsSync } from "node:fs"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { ClarificationPayload } from "../../../src-shared/events/payloads"
import type { ReasoningSink } from "../../sinks/types"
import { defaultDbPath } from "../../store/paths"
import { TraceNotFoundError, TraceStateError } from "../../runs/run-service"
import { openCliSession } from "../../composition/cli-session"
import { parseCommandArgs, UsageError } from "../args"
import { unofferedOption } from "../clarify-answer"
import type { CliIo } from "../io"
import { createEventPrinter } from "../stepper"

// `fiskai resume <requestId> --answer VALUE`: continues a run suspended at a clarification (also
// after a restart) and prints the events that follow, as a stepper or (--json) one JSON event per
// line. --cancel ends it in REFUSAL NEEDS_CLARIFICATION instead. Exit 0 at a terminal event, 3 if
// it suspends again at another clarification, 1 if it cannot be resumed, 2 for bad usage.

/** The clarification a suspended run waits on: its last event, when that awaits input. */
function pendingClarification(events: readonly ReasoningEvent[]): ClarificationPayload | undefined {
  const last = events[events.length - 1]
  return last?.stage === "CLARIFICATION" && last.status === "awaiting_input" ? last.data : undefined
}

export const RESUME_USAGE = `usage: fiskai resume <requestId> (--answer VALUE | --cancel) [--json] [--db FILE]
  --answer  the clarification answer (an option value such as "confirm", or free text)
  --cancel  end the run as cancelled (REFUSAL NEEDS_CLARIFICATION)
  --json    print only the events that follow, one JSON object per line
  --db      the trace database (default: the app's data folder, or $FISKAI_DB)`

const OPTIONS = {
  answer: { type: "string" },
  cancel: { type: "boolean" },
  json: { type: "boolean" },
  db: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const

interface ResumeInvocation {
  requestId: string
  answer: string | null
  json: boolean
  dbPath: string
}

function parseResumeArgs(argv: readonly string[]): ResumeInvocation | "help" {
  const { values, positionals } = parseCommandArgs("resume", argv, OPTIONS)
  if (values.help) return "help"
  const [requestId, ...extra] = positionals
  if (requestId === undefined) throw new UsageError("fiskai resume: missing the request id")
  if (extra.length > 0) throw new UsageError(`fiskai resume: unexpected argument "${extra[0]}"`)
  if ((values.answer === undefined) === (values.cancel !== true))
    throw new UsageError("fiskai resume: give exactly one of --answer VALUE or --cancel")
  if (values.answer !== undefined && values.answer.trim() === "") throw new UsageError("fiskai resume: --answer is empty")
  return { requestId, answer: values.answer ?? null, json: values.json ?? false, dbPath: values.db ?? defaultDbPath() }
}

export async function runResumeCommand(argv: string[], io: CliIo): Promise<number> {
  let invocation: ResumeInvocation | "help"
  try {
    invocation = parseResumeArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`${error.message}\n${RESUME_USAGE}\n`)
    return 2
  }
  if (invocation === "help") {
    io.stdout.write(`${RESUME_USAGE}\n`)
    return 0
  }
  if (!existsSync(invocation.dbPath)) {
    io.stderr.write(`fiskai resume: no trace database at ${invocation.dbPath}\n`)
    return 1
  }
  const printer = invocation.json ? null : createEventPrinter(io.stdout, { live: false })
  const printing: ReasoningSink = {
    mode: "nonBlocking",
    write: (event: ReasoningEvent) => {
      if (printer) printer.onEvent(event)
      else io.stdout.write(`${JSON.stringify(event)}\n`)
    },
  }
  const session = openCliSession({ dbPath: invocation.dbPath, ...(io.clock ? { clock: io.clock } : {}) })
  try {
    const { requestId, answer } = invocation
    const waitingOn = answer === null ? undefined : pendingClarification(session.service.get(requestId)?.events ?? [])
    const wrong = answer === null || waitingOn === undefined ? undefined : unofferedOption(answer, waitingOn)
    if (wrong) {
      io.stderr.write(`fiskai resume: --answer ${wrong}\n`)
      return 2
    }
    const result =
      answer === null ? await session.service.cancel(requestId, { sinks: [printing] }) : await session.service.resume(requestId, answer, { sinks: [printing] })
    if (result.status === "complete") return 0
    io.stderr.write(`fiskai resume: ${requestId} is waiting for another clarification; answer it with fiskai resume ${requestId} --answer VALUE\n`)
    return 3
  } catch (error) {
    if (error instanceof TraceNotFoundError || error instanceof TraceStateError) {
      io.stderr.write(`fiskai resume: ${error.message}\n`)
      return 1
    }
    throw error
  } finally {
    session.close()
  }
}
