import { execFile } from "node:child_process"
import { join } from "node:path"
import { main } from "../../../../src-main/cli/main"
import { FIXED_NOW, REPO_ROOT } from "./run-checks"

// Drives the real `fiskai` command: in-process through main() with captured streams (fast), or as
// a child process through tsx (the real exit code and stderr, as a user sees them).

export interface CliOutcome {
  code: number
  stdout: string
  stderr: string
}

export async function runCliInProcess(argv: string[], options: { tty?: boolean } = {}): Promise<CliOutcome> {
  let stdout = ""
  let stderr = ""
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text), isTTY: options.tty === true },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: { isTTY: false },
    clock: () => FIXED_NOW,
  })
  return { code, stdout, stderr }
}

export function runCliProcess(argv: string[]): Promise<CliOutcome> {
  const tsx = join(REPO_ROOT, "node_modules", ".bin", "tsx")
  return new Promise((resolve) => {
    execFile(
      tsx,
      [join(REPO_ROOT, "src-main", "cli", "main.ts"), ...argv],
      { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1" } },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1
        resolve({ code, stdout, stderr })
      },
    )
  })
}

/** A Node stack frame ("    at fn (file:line:col)"): what a user must never see. */
export const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m

/** C0 controls other than tab and newline, DEL, and the single-byte CSI. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u009b]/
