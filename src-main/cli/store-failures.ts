import { describeDamage, isDamageError, StoreDamagedError } from "../store/integrity"
import type { CliIo } from "./io"

// A damaged database is a user's problem to solve, not a crash: every command that opens the
// database ends with one line saying what is wrong and what to do (exit 1), never a stack trace.

type Run = (argv: string[], io: CliIo) => Promise<number>

export function reportingStoreDamage(command: string, run: Run): Run {
  return async (argv, io) => {
    try {
      return await run(argv, io)
    } catch (error) {
      if (error instanceof StoreDamagedError) {
        io.stderr.write(`fiskai ${command}: ${error.message}\n`)
        return 1
      }
      if (isDamageError(error)) {
        io.stderr.write(
          `fiskai ${command}: the database is damaged (${describeDamage(error)}). ` +
            "Keep a copy of the file and run fiskai traces verify --all to see which runs can still be read.\n",
        )
        return 1
      }
      throw error
    }
  }
}
