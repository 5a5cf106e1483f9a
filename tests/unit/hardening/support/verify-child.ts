import { runVerifyCommand } from "../../../../src-main/cli/commands/verify"

// `fiskai verify ARGS…` in a process of its own (started through tsx by the hostile-bundle
// tests), so that its memory can be measured: prints one JSON line with the exit code, what the
// command wrote, and the process's peak resident set size (tsx's own share included). A crash
// prints its message and stack instead. A V8 heap exhaustion kills the process: no JSON line.

let stdout = ""
let stderr = ""
try {
  const code = await runVerifyCommand(process.argv.slice(2), {
    stdout: { write: (text: string) => (stdout += text), isTTY: false },
    stderr: { write: (text: string) => (stderr += text) },
  })
  process.stdout.write(`${JSON.stringify({ code, stdout, stderr, maxRssMb: process.resourceUsage().maxRSS / 1024 })}\n`)
} catch (error) {
  process.stdout.write(`${JSON.stringify({ crashed: error instanceof Error ? (error.stack ?? error.message) : String(error), stdout, stderr })}\n`)
}
