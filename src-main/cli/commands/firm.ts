import type { Locale } from "../../../src-shared/events/stages"
import { FirmError } from "../../firm/firm-errors"
import type { CliIo } from "../io"
import { FIRM_USAGE, parseInvocation, type FirmInvocation } from "./firm-args"
import { runFirmExport } from "./firm-export"
import { runFirmInit } from "./firm-init"
import { runFirmFlags } from "./firm-flags"
import { runFirmStatus, runFirmSync } from "./firm-sync"

// `fiskai firm init|status|sync|flags|export`: the firm's shared PostgreSQL (issue 25). init sets up
// the server as the firm's administrator; sync, status and flags work on this desk's database; export
// writes the whole firm's traces. The URL comes from --url, else FISKAI_FIRM_URL, else the one
// this desk last synced with. Passwords are never printed or stored (PGPASSWORD or ~/.pgpass
// supply them when the URL has none). Exit 0 on success, 1 when the firm cannot be reached or
// refuses, 2 for bad usage.

const RUNNERS: Record<string, (invocation: FirmInvocation, io: CliIo) => Promise<number>> = {
  init: runFirmInit,
  sync: runFirmSync,
  status: runFirmStatus,
  flags: runFirmFlags,
  export: runFirmExport,
}

export async function runFirmCommand(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseInvocation(argv, io)
  if (typeof parsed === "number") return parsed
  const [sub, invocation] = parsed
  const runner = RUNNERS[sub]
  if (runner === undefined) return 2
  try {
    return await runner(invocation, io)
  } catch (error) {
    if (error instanceof FirmError) io.stderr.write(`fiskai firm ${sub}: ${error.text(invocation.locale)}\n`)
    else if (isServerError(error)) io.stderr.write(`fiskai firm ${sub}: ${serverErrorText(error.message, invocation.locale)}\n`)
    else throw error
    return 1
  }
}

/**
 * An error from PostgreSQL or the network (pg and node give these a code), not a bug here.
 * SQLite's own errors (SQLITE_*) are the desk's database: reportingStoreDamage speaks to those.
 */
function isServerError(error: unknown): error is Error & { code: string } {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === "string" && !code.startsWith("SQLITE_")
}

function serverErrorText(message: string, locale: Locale): string {
  return locale === "hr"
    ? `poslužitelj ureda je odbio ili prekinuo posao (ništa nije izgubljeno; pokrenite ponovno): ${message}`
    : `the firm's server refused or cut the work (nothing is lost; run it again): ${message}`
}

export { FIRM_USAGE }
