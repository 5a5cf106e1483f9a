import { ReasoningEvent } from "../../../src-shared/events/event"
import type { BundleProblem, BundleVerdict, TraceVerdict } from "../../../src-shared/export"
import type { ReasoningEngine } from "../../engine/types"
import type { StoredRequest } from "../../store/stored-request"
import {
  EVENTS_FILE,
  FLAGS_FILE,
  Manifest,
  MANIFEST_FILE,
  SIGNATURE_FILE,
  TRACES_CSV_FILE,
  TRACES_JSONL_FILE,
  type ManifestTrace,
} from "../bundle-format"
import { fingerprintOf, sameKey, verifySignature } from "../signing-keys"
import { BundleReader, BundleReadError, type EntryDigest } from "./bundle-reader"
import type { EventLine } from "./chain-check"
import { checkDesks } from "./desk-check"
import { BundlePacks, checkFiles } from "./file-checks"
import { checkFlags } from "./flag-check"
import {
  describeBytes,
  MAX_ALL_TRACE_PROBLEMS,
  MAX_BUNDLE_PROBLEMS,
  MAX_LINE_BYTES,
  MAX_MANIFEST_BYTES,
  MAX_RETAINED_TRACE_BYTES,
  MAX_TRACE_PROBLEMS,
  SIGNATURE_BYTES,
} from "./limits"
import { compareDigest, fileProblem, limitProblems, nothingVerified, ProblemList } from "./problems"
import { AlignedRecords, csvRows, eventGroups, jsonlRecords, type CsvRow, type EventGroup, type JsonlRecord } from "./record-streams"
import { checkTrace, type CheckedTrace } from "./trace-check"

// The verifier (docs/VERIFYING.md states its rules): the manifest's size and signature first
// (nothing else is read when the signature does not hold), then the file list and hashes, then
// each trace's chain, CSV row and replay, streaming the per-trace files side by side. Memory
// stays bounded for any bundle (limits.ts), and a bundle that cannot be read, or is over a limit,
// ends in a finding that says so, never in an exception.

export interface VerifyOptions {
  engine: ReasoningEngine
  /** SPKI PEM of the key the firm published; a bundle signed with another key then fails. */
  trustedKeyPem?: string
  /**
   * SPKI PEM of this installation's own signing key (the app knows it): without `trustedKeyPem`,
   * a bundle this installation signed still counts as signed by a trusted signer.
   */
  ownKeyPem?: string
  onTrace?: (verdict: TraceVerdict, index: number, total: number) => void
}

export async function verifyBundle(path: string, options: VerifyOptions): Promise<BundleVerdict> {
  const bundleProblems = new ProblemList(MAX_BUNDLE_PROBLEMS)
  const report = bundleProblems.add
  const verdict = nothingVerified(bundleProblems.listed)
  let complete = false
  const finish = (): BundleVerdict => {
    verdict.problems = bundleProblems.finish()
    verdict.ok =
      complete &&
      verdict.signatureOk &&
      verdict.trustedKeyMatches !== false &&
      verdict.problems.length === 0 &&
      verdict.traces.every((t) => t.ok)
    return verdict
  }
  let reader: BundleReader
  try {
    reader = await BundleReader.open(path)
  } catch (error) {
    report(fileProblem(null, (error as Error).message))
    return finish()
  }
  try {
    for (const name of reader.duplicates) report(fileProblem(name, `${name} occurs more than once in the ZIP`))
    for (const message of reader.skipped) report(fileProblem(null, message))
    const manifest = await readManifest(reader, verdict, options, report)
    if (manifest !== null) {
      const streamedDigests = new Map<string, EntryDigest>()
      // flags.jsonl is hashed while its records are checked (flag-check.ts).
      await checkFiles(reader, manifest, report, new Set([EVENTS_FILE, TRACES_JSONL_FILE, TRACES_CSV_FILE, FLAGS_FILE]))
      await checkFlags(reader, manifest, report)
      await checkDesks(reader, manifest, report)
      const packs = await BundlePacks.check(reader, manifest, report)
      await checkTraces(reader, manifest, packs, options, verdict, report, streamedDigests)
      for (const listed of new Map(manifest.files.map((f) => [f.path, f])).values()) {
        const digest = streamedDigests.get(listed.path)
        if (digest !== undefined) compareDigest(listed, digest, report)
      }
      complete = true
    }
  } catch (error) {
    // A file that cannot be read ends the check with a finding naming it; anything else the
    // bundle provokes does too (a verdict, never a crash: the bundle is not verified).
    if (error instanceof BundleReadError) report(fileProblem(error.file, error.message))
    else report(fileProblem(null, `the verifier stopped on this bundle: ${error instanceof Error ? error.message : String(error)}`))
  } finally {
    reader.close()
  }
  return finish()
}

/**
 * The manifest and its signature, before anything else is read: the signature must be 64 bytes
 * and the manifest within MAX_MANIFEST_BYTES (both as declared, and as inflated). Null when the
 * rest of the bundle is not to be read: no manifest, no valid signature (then nothing in the
 * bundle can be tied to whoever made it, and a hostile bundle costs no more than its manifest).
 */
async function readManifest(
  reader: BundleReader,
  verdict: BundleVerdict,
  options: VerifyOptions,
  report: (p: BundleProblem) => void,
): Promise<Manifest | null> {
  if (!reader.entries.has(MANIFEST_FILE)) {
    report(fileProblem(MANIFEST_FILE, "manifest.json is missing: nothing in the bundle can be checked"))
    return null
  }
  if (!reader.entries.has(SIGNATURE_FILE)) {
    report(fileProblem(SIGNATURE_FILE, "manifest.sig is missing: the manifest is unsigned, so nothing else was checked"))
    return null
  }
  const signatureSize = reader.declaredSize(SIGNATURE_FILE)
  if (signatureSize !== SIGNATURE_BYTES) {
    report(fileProblem(SIGNATURE_FILE, `manifest.sig is ${describeBytes(signatureSize ?? 0)}, not the ${SIGNATURE_BYTES} bytes of an Ed25519 signature: nothing else was checked`))
    return null
  }
  const signature = await reader.readAll(SIGNATURE_FILE, SIGNATURE_BYTES)
  const manifestSize = reader.declaredSize(MANIFEST_FILE) ?? 0
  if (manifestSize > MAX_MANIFEST_BYTES) {
    report(
      fileProblem(
        MANIFEST_FILE,
        `manifest.json is ${describeBytes(manifestSize)}, over the verifier's limit of ${describeBytes(MAX_MANIFEST_BYTES)} (about 110,000 traces): it was not read, nor anything else`,
      ),
    )
    return null
  }
  const bytes = await reader.readAll(MANIFEST_FILE, MAX_MANIFEST_BYTES)
  let manifest: Manifest
  try {
    const parsed = Manifest.safeParse(JSON.parse(bytes.toString("utf8")))
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      report(fileProblem(MANIFEST_FILE, `manifest.json is not a valid manifest at ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "?"}`))
      return null
    }
    manifest = parsed.data
  } catch {
    report(fileProblem(MANIFEST_FILE, "manifest.json is not valid JSON"))
    return null
  }
  verdict.exportedAt = manifest.exportedAt
  verdict.firmName = manifest.exportedBy.firmName
  const pem = manifest.signing.publicKeyPem
  try {
    verdict.fingerprint = fingerprintOf(pem)
  } catch {
    report(fileProblem(MANIFEST_FILE, "the manifest's public key is not a readable SPKI PEM key"))
  }
  if (verdict.fingerprint !== null && verdict.fingerprint !== manifest.signing.fingerprint)
    report(fileProblem(MANIFEST_FILE, `the manifest states fingerprint ${manifest.signing.fingerprint}, but its key's fingerprint is ${verdict.fingerprint}`))
  verdict.signatureOk = verifySignature(bytes, signature, pem)
  if (options.trustedKeyPem !== undefined) verdict.trustedKeyMatches = sameKey(options.trustedKeyPem, pem)
  if (!verdict.signatureOk) {
    report(
      fileProblem(
        SIGNATURE_FILE,
        "the signature does not match manifest.json and its public key: the manifest was changed or signed by someone else, so nothing else was checked",
      ),
    )
    return null
  }
  if (verdict.trustedKeyMatches === false)
    report(fileProblem(SIGNATURE_FILE, `the bundle was signed with key ${verdict.fingerprint ?? "?"}, not with the trusted key ${safeFingerprint(options.trustedKeyPem ?? "")}`))
  verdict.signerTrusted =
    options.trustedKeyPem !== undefined ? verdict.trustedKeyMatches === true : options.ownKeyPem !== undefined && sameKey(options.ownKeyPem, pem)
  return manifest
}

function safeFingerprint(pem: string): string {
  try {
    return fingerprintOf(pem)
  } catch {
    return "(unreadable key)"
  }
}

/** One trace's records from the three per-trace files. */
interface TraceRecords {
  group: EventGroup | null
  record: JsonlRecord | null
  row: CsvRow | null
}

/**
 * events.jsonl, traces.jsonl and traces.csv read side by side, aligned to the traces in
 * `position` (manifest index by trace id); records of other traces go to `report`.
 */
function openRecordFiles(reader: BundleReader, position: ReadonlyMap<string, number>, report: (p: BundleProblem) => void) {
  const eventsFile = reader.entries.has(EVENTS_FILE) ? reader.lines(EVENTS_FILE, MAX_LINE_BYTES) : null
  const jsonlFile = reader.entries.has(TRACES_JSONL_FILE) ? reader.lines(TRACES_JSONL_FILE, MAX_LINE_BYTES) : null
  const csvFile = reader.entries.has(TRACES_CSV_FILE) ? reader.text(TRACES_CSV_FILE) : null
  const none = <T>() => (async function* (): AsyncGenerator<T> {})()
  const sources = {
    events: eventsFile ? eventGroups(eventsFile.lines) : none<EventGroup>(),
    jsonl: jsonlFile ? jsonlRecords(jsonlFile.lines, report, TRACES_JSONL_FILE) : none<JsonlRecord>(),
    csv: csvFile ? csvRows(csvFile.chunks, report, TRACES_CSV_FILE) : none<CsvRow>(),
  }
  const events = new AlignedRecords(sources.events, EVENTS_FILE, position, report)
  const jsonl = new AlignedRecords(sources.jsonl, TRACES_JSONL_FILE, position, report)
  const csv = new AlignedRecords(sources.csv, TRACES_CSV_FILE, position, report)
  return {
    async take(requestId: string, index: number): Promise<TraceRecords> {
      return { group: await events.take(requestId, index), record: await jsonl.take(requestId, index), row: await csv.take(requestId, index) }
    },
    /** Reads every file to its end (reporting what is left) and returns their digests. */
    async finish(): Promise<Map<string, EntryDigest>> {
      await events.finish()
      await jsonl.finish()
      await csv.finish()
      const digests = new Map<string, EntryDigest>()
      if (eventsFile) digests.set(EVENTS_FILE, eventsFile.digest())
      if (jsonlFile) digests.set(TRACES_JSONL_FILE, jsonlFile.digest())
      if (csvFile) digests.set(TRACES_CSV_FILE, csvFile.digest())
      return digests
    },
    /** Stops reading (the files' streams are closed). */
    async close(): Promise<void> {
      await Promise.all([sources.events.return(undefined), sources.jsonl.return(undefined), sources.csv.return(undefined)])
    },
  }
}

/**
 * Base traces kept for the hypotheticals still to be checked against them, as their event lines
 * (parsed again when needed: text is the smallest form), up to MAX_RETAINED_TRACE_BYTES. A base
 * that does not fit is remembered as dropped, and its hypotheticals say so.
 */
class RetainedBases {
  private readonly kept = new Map<string, { lines: string[]; request: StoredRequest; size: number }>()
  private readonly dropped = new Set<string>()
  private size = 0

  keep(requestId: string, checked: CheckedTrace, lines: readonly EventLine[]): void {
    const size = lines.reduce((sum, line) => sum + line.text.length, 0)
    if (this.size + size > MAX_RETAINED_TRACE_BYTES) {
      this.dropped.add(requestId)
      return
    }
    this.kept.set(requestId, { lines: lines.map((line) => line.text), request: checked.request, size })
    this.size += size
  }

  /** Whether the base was checked already (kept, or dropped for lack of room). */
  checked(requestId: string): boolean {
    return this.kept.has(requestId) || this.dropped.has(requestId)
  }

  isDropped(requestId: string): boolean {
    return this.dropped.has(requestId)
  }

  get(requestId: string): CheckedTrace | null {
    const kept = this.kept.get(requestId)
    if (kept === undefined) return null
    // These lines passed the trace check as events of the contract: parsing them again gives the same events.
    return { events: kept.lines.map((line) => ReasoningEvent.parse(JSON.parse(line))), request: kept.request }
  }

  release(requestId: string): void {
    const kept = this.kept.get(requestId)
    if (kept === undefined) return
    this.kept.delete(requestId)
    this.size -= kept.size
  }
}

async function checkTraces(
  reader: BundleReader,
  manifest: Manifest,
  packs: BundlePacks,
  options: VerifyOptions,
  verdict: BundleVerdict,
  report: (p: BundleProblem) => void,
  digests: Map<string, EntryDigest>,
): Promise<void> {
  const position = new Map<string, number>()
  manifest.traces.forEach((t, i) => {
    if (position.has(t.requestId)) report({ ...fileProblem(MANIFEST_FILE, `the manifest lists trace ${t.requestId} twice`), requestId: t.requestId })
    else position.set(t.requestId, i)
  })
  // How many hypotheticals of each base are still to be checked: a base is kept until then.
  const waiting = new Map<string, number>()
  for (const t of manifest.traces) if (t.counterfactualOf !== null) waiting.set(t.counterfactualOf, (waiting.get(t.counterfactualOf) ?? 0) + 1)
  const bases = new RetainedBases()
  const results: TraceVerdict[] = []
  let problemsLeft = MAX_ALL_TRACE_PROBLEMS

  const run = async (index: number, trace: ManifestTrace, { group, record, row }: TraceRecords) => {
    const baseId = trace.counterfactualOf
    const baseUnavailable =
      baseId !== null && bases.isDropped(baseId)
        ? `the base trace ${baseId} is in this bundle, but the verifier could not keep it for this replay (its limit of ${describeBytes(MAX_RETAINED_TRACE_BYTES)} of base traces kept at once was reached): verify a smaller bundle`
        : undefined
    const { verdict: result, checked } = await checkTrace({
      trace,
      events: group?.events ?? [],
      unreadableLine: group?.unreadableLine ?? null,
      overflow: group?.overflow ?? null,
      firstLine: group?.line ?? null,
      record: record?.value ? { line: record.line, value: record.value } : null,
      csv: row?.record ?? null,
      pack: await packs.get(trace.packHash),
      engine: options.engine,
      base: baseId === null ? null : bases.get(baseId),
      ...(baseUnavailable === undefined ? {} : { baseUnavailable }),
    })
    if (checked !== null && (waiting.get(trace.requestId) ?? 0) > 0) bases.keep(trace.requestId, checked, group?.events ?? [])
    if (baseId !== null) {
      const left = (waiting.get(baseId) ?? 1) - 1
      waiting.set(baseId, left)
      if (left <= 0) bases.release(baseId)
    }
    // Each failing trace lists its first finding; past the overall limit, only that one.
    result.problems = limitProblems(result.problems, problemsLeft > 0 ? MAX_TRACE_PROBLEMS : 1, trace.requestId)
    problemsLeft -= result.problems.length
    results[index] = result
    options.onTrace?.(result, index, manifest.traces.length)
  }

  // Hypotheticals listed before their base (the exporter lists bases last) are checked in a
  // second reading of the files, once their bases are: nothing of theirs is held meanwhile.
  const deferred = new Map<string, number>()
  const files = openRecordFiles(reader, position, report)
  try {
    for (const [index, trace] of manifest.traces.entries()) {
      const records = await files.take(trace.requestId, index)
      const baseId = trace.counterfactualOf
      if (baseId !== null && !bases.checked(baseId) && (position.get(baseId) ?? -1) > index) deferred.set(trace.requestId, index)
      else await run(index, trace, records)
    }
    for (const [name, digest] of await files.finish()) digests.set(name, digest)
  } finally {
    await files.close()
  }
  if (deferred.size > 0) {
    // Records of the other traces were reported in the first reading; here they are only skipped.
    const again = openRecordFiles(reader, deferred, () => undefined)
    try {
      for (const [requestId, index] of deferred) {
        const trace = manifest.traces[index]
        if (trace !== undefined) await run(index, trace, await again.take(requestId, index))
      }
    } finally {
      await again.close()
    }
  }
  for (const result of results) if (result) verdict.traces.push(result)
}
