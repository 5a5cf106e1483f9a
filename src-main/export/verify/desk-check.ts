import { z } from "zod"
import type { BundleProblem } from "../../../src-shared/export"
import { canonicalJson } from "../../util/canonical-json"
import { DESKS_FILE, type Manifest } from "../bundle-format"
import type { BundleReader } from "./bundle-reader"
import { MAX_LINE_BYTES } from "./limits"
import { fileProblem } from "./problems"

// desks.jsonl of a firm-wide bundle (`fiskai firm export --signed`, issue 25): which desk each
// trace came from. Its hash is checked with the other listed files (so the signature covers it);
// here its lines: each `{"desk":…,"requestId":…}` in canonical JSON, about a trace of this
// bundle, by requestId, each trace once, and every trace named. A desk's own bundle has none.

type Report = (p: BundleProblem) => void

const DeskLine = z.strictObject({ desk: z.string().min(1), requestId: z.string().min(1) })

export async function checkDesks(reader: BundleReader, manifest: Manifest, report: Report): Promise<void> {
  // A listed file missing from the ZIP is reported by checkFiles.
  if (!manifest.files.some((f) => f.path === DESKS_FILE) || !reader.entries.has(DESKS_FILE)) return
  const traces = new Set(manifest.traces.map((t) => t.requestId))
  const named = new Set<string>()
  let previous = ""
  const problem = (line: number, message: string) => report(fileProblem(DESKS_FILE, `${DESKS_FILE} line ${line}: ${message}`, line))
  for await (const raw of reader.lines(DESKS_FILE, MAX_LINE_BYTES).lines) {
    if (raw.text === "") continue
    if (raw.text === null) {
      problem(raw.line, raw.problem)
      continue
    }
    const parsed = parseLine(raw.text)
    if (parsed === null) problem(raw.line, 'not a {"desk","requestId"} record in canonical JSON')
    else if (!traces.has(parsed.requestId)) problem(raw.line, `names ${parsed.requestId}, which is not a trace of this bundle`)
    else if (named.has(parsed.requestId)) problem(raw.line, `names ${parsed.requestId} a second time`)
    else if (parsed.requestId < previous) problem(raw.line, `${parsed.requestId} is out of requestId order`)
    if (parsed !== null) {
      named.add(parsed.requestId)
      previous = parsed.requestId
    }
  }
  for (const requestId of traces)
    if (!named.has(requestId)) report({ ...fileProblem(DESKS_FILE, `${DESKS_FILE} does not name the desk of ${requestId}`), requestId })
}

function parseLine(text: string): z.infer<typeof DeskLine> | null {
  try {
    const parsed = DeskLine.safeParse(JSON.parse(text))
    return parsed.success && canonicalJson(parsed.data) === text ? parsed.data : null
  } catch {
    return null
  }
}
