import { createInterface } from "node:readline/promises"
import { fileURLToPath } from "node:url"
import { openRunStore } from "./run-store"
import { COMMANDS } from "./commands/index"
import type { CliIo, CliStream } from "./io"
import { printableText } from "../util/printable"
import { enterUserDirectory } from "../util/user-directory"

// `fiskai <command> …` (npm run -s cli -- <command>): dispatches to the command registry.

export async function main(argv: readonly string[], given: CliIo): Promise<number> {
  const io: CliIo = { ...given, stdout: escaping(given.stdout), stderr: escaping(given.stderr) }
  const [name, ...rest] = argv
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    const out = name === undefined ? io.stderr : io.stdout
    out.write(`usage: fiskai <command> [options]\n\ncommands:\n${Object.keys(COMMANDS).map((c) => `  ${c}`).join("\n")}\n\nfiskai <command> --help shows a command's options.\n`)
    return name === undefined ? 2 : 0
  }
  const command = COMMANDS[name]
  if (!command) {
    io.stderr.write(`fiskai: unknown command "${name}" (commands: ${Object.keys(COMMANDS).join(", ")})\n`)
    return 2
  }
  return command.run([...rest], io)
}

/** `stream` with control characters escaped in every write; `raw` keeps the terminal for drawing. */
function escaping(stream: CliStream): CliStream {
  const safe: CliStream = { write: (text) => stream.write(printableText(text)), raw: stream.raw ?? stream }
  if (stream.isTTY !== undefined) safe.isTTY = stream.isTTY
  if (stream.columns !== undefined) safe.columns = stream.columns
  return safe
}

/** The process's streams as a CliIo; the line reader is opened only when a prompt is needed. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    readLine: async (prompt) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr })
      try {
        return await rl.question(prompt)
      } catch {
        return null
      } finally {
        rl.close()
      }
    },
    openStore: openRunStore,
  }
}

/**
 * What the user sees of an error no command handled: one line, the stack only on request. A
 * stack trace is for the developers; the user is told how to get one for a report.
 */
export function describeCrash(error: unknown, debug: boolean): string {
  const message = error instanceof Error ? error.message : String(error)
  if (debug && error instanceof Error && error.stack) return `fiskai: ${printableText(error.stack)}\n`
  return `fiskai: internal error: ${printableText(message)}\n(set FISKAI_DEBUG=1 to print the details for a bug report)\n`
}

/**
 * A reader that went away (`fiskai … | head`) is not an error: stop quietly, as Unix tools do,
 * instead of an unhandled EPIPE with a stack trace.
 */
function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(typeof process.exitCode === "number" ? process.exitCode : 0)
    throw error
  })
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  enterUserDirectory()
  exitQuietlyOnClosedPipe(process.stdout)
  exitQuietlyOnClosedPipe(process.stderr)
  main(process.argv.slice(2), processIo()).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      process.stderr.write(describeCrash(error, process.env["FISKAI_DEBUG"] === "1"))
      process.exitCode = 1
    },
  )
}
