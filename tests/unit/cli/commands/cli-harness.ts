import { main, processIo } from "../../../../src-main/cli/main"
import type { CliIo } from "../../../../src-main/cli/io"

// Runs the CLI entry point in-process with captured output (real database files, real engine).

function capture(): { io: CliIo; out: () => string; err: () => string } {
  let out = ""
  let err = ""
  const base = processIo()
  const io: CliIo = { ...base, stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) }, stdin: { isTTY: false } }
  return { io, out: () => out, err: () => err }
}

export async function cli(...argv: string[]) {
  const c = capture()
  const code = await main(argv, c.io)
  return { code, out: c.out(), err: c.err() }
}

