import { extractDocument } from "../../../../src-main/documents/intake/extract"
import { IntakeError } from "../../../../src-main/documents/intake/errors"
import { readDocumentFile } from "../../../../src-main/documents/intake/read-file"
import { DEFAULT_LIMITS } from "../../../../src-main/documents/intake/contract"

// Runs intake on each file named on the command line, one after the other, in a process started
// with a small JavaScript heap (hostile.test.ts). For each file it prints one JSON line: the
// outcome (the refusal's code, or "ok") and the process's peak resident memory so far.

for (const path of process.argv.slice(2)) {
  let outcome: { code: string; en: string }
  try {
    await extractDocument(readDocumentFile(path, DEFAULT_LIMITS), DEFAULT_LIMITS)
    outcome = { code: "ok", en: "" }
  } catch (error) {
    if (!(error instanceof IntakeError)) throw error
    outcome = { code: error.code, en: error.message }
  }
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024)
  process.stdout.write(`${JSON.stringify({ path, ...outcome, peakRssMb })}\n`)
}
