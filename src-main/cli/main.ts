import { createInterface } from "node:readline/promises"
import { fileURLToPath } from "node:url"
import { buildAnswerWithReasoning } from "../engine/pipeline"
import { openTraceSession } from "../store/session"
import { COMMANDS } from "./commands/index"
import type { CliIo } from "./io"

// `fiskai <command> …` (npm run -s cli -- <command>): dispatches to the command registry.

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
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
    // --db FILE: runs are recorded by the trace store (issue 3).
    openStore: async (dbPath, pack) => {
      const session = openTraceSession({ dbPath, engine: buildAnswerWithReasoning, pack })
      return {
        ask: (request, options) => session.service.ask(request, options),
        continueRun: (requestId, answer, options) =>
          answer === null ? session.service.cancel(requestId, options) : session.service.resume(requestId, answer, options),
        close: () => session.close(),
      }
    },
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2), processIo()).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      process.stderr.write(`fiskai: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
      process.exitCode = 1
    },
  )
}
