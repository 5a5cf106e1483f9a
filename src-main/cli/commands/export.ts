import { printable } from "../../util/printable"
import { existsSync } from "node:fs"
import { access, constants } from "node:fs/promises"
import { join, resolve } from "node:path"
import { ExportSelection } from "../../../src-shared/export"
import { ExportFailure, startExport } from "../../export/export-runner"
import { checkOutPath, describeOutPathProblem, protectedFile } from "../../export/out-path"
import { PRIVATE_KEY_FILE, PUBLIC_KEY_FILE, SIGNING_DIR } from "../../export/signing-keys"
import { appDataDir, defaultDbPath } from "../../store/paths"
import type { CliIo } from "../io"
import { parseArgsLinear } from "../parse-args-linear"

// `fiskai export`: writes an audit bundle for a selection of traces. Exit 0 written, 1 failed
// (including an empty selection), 2 bad usage (flags, or an output path that cannot be written).

export const EXPORT_USAGE = `usage: fiskai export [--trace ID]… [--scenario ID] [--since YYYY-MM-DD] [--until YYYY-MM-DD]
                     [--outcome ANSWER|QUALIFIED_ANSWER|CONDITIONAL_ANSWER|REFUSAL|ERROR] [--tier T0|T1|T2|T3]
                     [--client ID] --out FILE.zip [--force] [--db FILE] [--key-dir DIR]
  Writes a signed audit bundle (see docs/VERIFYING.md). --key-dir: where the installation's
  signing key lives (default: the app's data folder). --force: replace an existing FILE (never the
  trace database or a signing key).`

export class UsageError extends Error {}

function parseExportArgs(argv: string[]) {
  const { values, positionals } = parseArgsLinear(argv, {
    trace: { type: "string", multiple: true },
    scenario: { type: "string" },
    since: { type: "string" },
    until: { type: "string" },
    outcome: { type: "string" },
    tier: { type: "string" },
    client: { type: "string" },
    out: { type: "string" },
    db: { type: "string" },
    "key-dir": { type: "string" },
    force: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  })
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`)
  return values
}

/** `fiskai export`: the command line and the paths checked first, then the bundle written. */
export async function runExportCommand(argv: string[], io: CliIo): Promise<number> {
  const request = await exportRequest(argv, io)
  return typeof request === "number" ? request : writeBundle(io, request)
}

interface ExportRequest {
  dbPath: string
  selection: ExportSelection
  outPath: string
  keyDir: string
}

/**
 * Everything that can be checked before the export starts (usage, the selection, the output
 * path, the database): the request, or the exit code with the reason written (0 after --help,
 * otherwise 2), so that nothing starts writing for a command that cannot succeed.
 */
async function exportRequest(argv: string[], io: CliIo): Promise<ExportRequest | number> {
  let values: ReturnType<typeof parseExportArgs>
  try {
    values = parseExportArgs(argv)
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n${EXPORT_USAGE}\n`)
    return 2
  }
  if (values.help) {
    io.stdout.write(`${EXPORT_USAGE}\n`)
    return 0
  }
  if (values.out === undefined) {
    io.stderr.write(`--out FILE is required\n${EXPORT_USAGE}\n`)
    return 2
  }
  const selection = ExportSelection.safeParse({
    traceIds: values.trace,
    scenarioId: values.scenario,
    since: values.since,
    until: values.until,
    outcome: values.outcome,
    riskTier: values.tier,
    clientId: values.client,
  })
  if (!selection.success) {
    const issue = selection.error.issues[0]
    io.stderr.write(`invalid ${String(issue?.path[0] ?? "selection")}: ${issue?.message ?? "?"}\n${EXPORT_USAGE}\n`)
    return 2
  }
  const outPath = resolve(values.out)
  const dbPath = values.db ?? defaultDbPath()
  const keyDir = values["key-dir"] ?? appDataDir()
  const guarded = protectedFile(outPath, dbPath, keyDir)
  if (guarded !== undefined) {
    io.stderr.write(`refusing to write ${outPath}: it is ${guarded}, which an export never replaces\n`)
    return 2
  }
  const { problem, exists } = await checkOutPath(outPath)
  if (problem !== null) {
    io.stderr.write(`cannot write ${outPath}: ${describeOutPathProblem(problem, outPath)}\n`)
    return 2
  }
  if (exists && values.force !== true) {
    io.stderr.write(`${outPath} already exists; give --force to replace it (the new bundle is written beside it and renamed over it only when complete)\n`)
    return 2
  }
  try {
    await access(dbPath, constants.R_OK)
  } catch {
    io.stderr.write(`cannot read the database ${dbPath}\n`)
    return 2
  }
  return { dbPath, selection: selection.data, outPath, keyDir }
}

/** Runs the export (Ctrl+C cancels it), with progress on a terminal: exit 0 written, 1 failed. */
async function writeBundle(io: CliIo, { dbPath, selection, outPath, keyDir }: ExportRequest): Promise<number> {
  const showProgress = io.stderr.isTTY === true
  // A first export creates the installation's signing key; say so, never silently.
  const newKeyDir = existsSync(join(keyDir, SIGNING_DIR, PRIVATE_KEY_FILE)) ? null : join(keyDir, SIGNING_DIR)
  const job = startExport(
    { dbPath, selection, outPath, userDataDir: keyDir },
    {
      onProgress: (p) => {
        if (showProgress) (io.stderr.raw ?? io.stderr).write(`\r\x1b[2K${printable(p.file)}: ${p.done}/${p.total} traces (${Math.floor((100 * p.done) / Math.max(1, p.total))} %)`)
      },
    },
  )
  const interrupt = () => job.cancel()
  process.once("SIGINT", interrupt)
  try {
    const result = await job.result
    if (showProgress) (io.stderr.raw ?? io.stderr).write("\r\x1b[2K")
    io.stdout.write(`wrote ${result.outPath}: ${result.traceCount} trace${result.traceCount === 1 ? "" : "s"}, ${result.bytes} bytes\n`)
    if (newKeyDir !== null && existsSync(newKeyDir))
      io.stderr.write(
        `created a new bundle-signing key in ${newKeyDir} (keep the folder private and backed up; give recipients the public key ${PUBLIC_KEY_FILE} so that they can check bundles with fiskai verify --trusted-key)\n`,
      )
    return 0
  } catch (error) {
    if (showProgress) io.stderr.write("\n")
    if (error instanceof ExportFailure) {
      io.stderr.write(`export failed: ${error.message}${error.kind === "empty" ? " (nothing was written)" : ""}\n`)
      return 1
    }
    throw error
  } finally {
    process.removeListener("SIGINT", interrupt)
  }
}
