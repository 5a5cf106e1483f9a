import type { BundleProblem } from "../../../src-shared/export"
import { canonicalJson } from "../../util/canonical-json"
import { DESKS_FILE, FLAGS_FILE, type Manifest } from "../bundle-format"
import { flagRecordSchema } from "../flag-records"
import type { BundleReader } from "./bundle-reader"
import { jsonNestsDeeper, MAX_JSON_DEPTH, MAX_LINE_BYTES } from "./limits"
import { compareDigest, fileProblem } from "./problems"

// flags.jsonl of a format version 2 or 3 bundle (the exported runs' flags and their decisions; 3
// also names who raised and who decided each, and each record is read as its version wrote it): its
// hash is the one the signed manifest lists (so every record is covered by the signature; a
// changed record is named as such), and each line is a flag record in canonical JSON about a
// trace of this bundle, each flag once, as many as the manifest says. A firm-wide bundle's
// records (with desks.jsonl) also name the desk each flag was raised at.

type Report = (p: BundleProblem) => void

/** Checks flags.jsonl against the manifest; nothing to check in a version 1 bundle. */
export async function checkFlags(reader: BundleReader, manifest: Manifest, report: Report): Promise<void> {
  if (manifest.flags === undefined) return
  const listed = manifest.files.find((f) => f.path === FLAGS_FILE)
  // A missing listing or file is reported by checkFiles.
  if (listed === undefined || !reader.entries.has(FLAGS_FILE)) return
  const runs = new Set(manifest.traces.map((t) => t.requestId))
  // A firm-wide bundle (with desks.jsonl) names each flag's desk too.
  const firmWide = manifest.files.some((f) => f.path === DESKS_FILE)
  const seen = new Set<string>()
  const { lines, digest } = reader.lines(FLAGS_FILE, MAX_LINE_BYTES)
  let count = 0
  for await (const raw of lines) {
    if (raw.text === "") continue
    count += 1
    const problem = raw.text === null ? raw.problem : recordProblem(raw.text, flagRecordSchema(manifest.formatVersion, firmWide), runs, seen)
    if (problem !== null)
      report(fileProblem(FLAGS_FILE, `${FLAGS_FILE} line ${raw.line}: ${problem}`, raw.line))
  }
  compareDigest(listed, digest(), report)
  if (count !== manifest.flags.count)
    report(
      fileProblem(
        FLAGS_FILE,
        `${FLAGS_FILE} holds ${count} flag records, the manifest says ${manifest.flags.count}`,
      ),
    )
}

function recordProblem(text: string, schema: ReturnType<typeof flagRecordSchema>, runs: ReadonlySet<string>, seen: Set<string>): string | null {
  if (jsonNestsDeeper(text, MAX_JSON_DEPTH)) return `nested deeper than ${MAX_JSON_DEPTH} levels`
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return "not valid JSON"
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return `not a flag record at ${issue?.path.join(".") || "(the record)"}: ${issue?.message ?? "?"}`
  }
  const record = parsed.data
  if (canonicalJson(record) !== text) return `flag ${record.id} is not in canonical JSON form`
  if (!runs.has(record.runId))
    return `flag ${record.id} is about run ${record.runId}, which is not a trace of this bundle`
  if (seen.has(record.id)) return `flag ${record.id} is listed twice`
  seen.add(record.id)
  return null
}
