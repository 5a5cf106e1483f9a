import type { BundleProblem, BundleVerdict, TraceVerdict } from "../../../src-shared/export"
import type { LoadedPack } from "../../knowledge/loader"
import type { ReasoningEngine } from "../../store/replay"
import {
  EVENTS_FILE,
  Manifest,
  MANIFEST_FILE,
  SIGNATURE_FILE,
  TRACES_CSV_FILE,
  TRACES_JSONL_FILE,
} from "../bundle-format"
import { fingerprintOf, sameKey, verifySignature } from "../signing-keys"
import { BundleReader, BundleReadError, type EntryDigest } from "./bundle-reader"
import { checkFiles, loadPacks } from "./file-checks"
import { compareDigest, fileProblem } from "./problems"
import { AlignedRecords, csvRows, eventGroups, jsonlRecords } from "./record-streams"
import { checkTrace, type CheckedTrace } from "./trace-check"

// The verifier (docs/VERIFYING.md states its rules): signature, file list and hashes, then each
// trace's chain, CSV row and replay, streaming the per-trace files side by side.

export interface VerifyOptions {
  engine: ReasoningEngine
  /** SPKI PEM of the key the firm published; a bundle signed with another key then fails. */
  trustedKeyPem?: string
  onTrace?: (verdict: TraceVerdict, index: number, total: number) => void
}

const MAX_MANIFEST_BYTES = 512 * 1024 * 1024

export async function verifyBundle(path: string, options: VerifyOptions): Promise<BundleVerdict> {
  const problems: BundleProblem[] = []
  const report = (p: BundleProblem) => problems.push(p)
  const verdict: BundleVerdict = {
    ok: false,
    signatureOk: false,
    fingerprint: null,
    trustedKeyMatches: null,
    exportedAt: null,
    firmName: null,
    problems,
    traces: [],
  }
  let reader: BundleReader
  try {
    reader = await BundleReader.open(path)
  } catch (error) {
    report(fileProblem(null, (error as Error).message))
    return verdict
  }
  try {
    for (const name of reader.duplicates) report(fileProblem(name, `${name} occurs more than once in the ZIP`))
    const manifest = await readManifest(reader, verdict, options, report)
    if (manifest === null) return verdict
    const streamedDigests = new Map<string, EntryDigest>()
    await checkFiles(reader, manifest, report, new Set([EVENTS_FILE, TRACES_JSONL_FILE, TRACES_CSV_FILE]))
    const packs = await loadPacks(reader, manifest, report)
    await checkTraces(reader, manifest, packs, options, verdict, report, streamedDigests)
    for (const listed of manifest.files) {
      const digest = streamedDigests.get(listed.path)
      if (digest !== undefined) compareDigest(listed, digest, report)
    }
    verdict.ok =
      verdict.signatureOk && verdict.trustedKeyMatches !== false && problems.length === 0 && verdict.traces.every((t) => t.ok)
    return verdict
  } catch (error) {
    if (!(error instanceof BundleReadError)) throw error
    report(fileProblem(error.file, error.message))
    return verdict
  } finally {
    reader.close()
  }
}

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
  if (!reader.entries.has(SIGNATURE_FILE)) report(fileProblem(SIGNATURE_FILE, "manifest.sig is missing: the manifest is unsigned"))
  else {
    const signature = await reader.readAll(SIGNATURE_FILE, 1024)
    verdict.signatureOk = verifySignature(bytes, signature, pem)
    if (!verdict.signatureOk)
      report(fileProblem(SIGNATURE_FILE, "the signature does not match manifest.json and its public key: the manifest was changed or signed by someone else"))
  }
  if (options.trustedKeyPem !== undefined) {
    verdict.trustedKeyMatches = sameKey(options.trustedKeyPem, pem)
    if (!verdict.trustedKeyMatches)
      report(fileProblem(SIGNATURE_FILE, `the bundle was signed with key ${verdict.fingerprint ?? "?"}, not with the trusted key ${safeFingerprint(options.trustedKeyPem)}`))
  }
  return manifest
}

function safeFingerprint(pem: string): string {
  try {
    return fingerprintOf(pem)
  } catch {
    return "(unreadable key)"
  }
}

async function checkTraces(
  reader: BundleReader,
  manifest: Manifest,
  packs: ReadonlyMap<string, LoadedPack>,
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
  const open = async (name: string) => (reader.entries.has(name) ? await reader.lines(name) : null)
  const eventsFile = await open(EVENTS_FILE)
  const jsonlFile = await open(TRACES_JSONL_FILE)
  const csvFile = reader.entries.has(TRACES_CSV_FILE) ? await reader.text(TRACES_CSV_FILE) : null
  const empty = (async function* () {})()
  const events = new AlignedRecords(eventsFile ? eventGroups(eventsFile.lines) : empty, EVENTS_FILE, position, report)
  const jsonl = new AlignedRecords(jsonlFile ? jsonlRecords(jsonlFile.lines, report, TRACES_JSONL_FILE) : empty, TRACES_JSONL_FILE, position, report)
  const csv = new AlignedRecords(csvFile ? csvRows(csvFile.chunks, report, TRACES_CSV_FILE) : empty, TRACES_CSV_FILE, position, report)
  // Bases of hypotheticals are kept (only those) so their counterfactuals can be replayed from them;
  // a hypothetical listed before its base is checked after the base.
  const bases = new Set(manifest.traces.flatMap((t) => (t.counterfactualOf === null ? [] : [t.counterfactualOf])))
  const checkedBases = new Map<string, CheckedTrace>()
  const results: TraceVerdict[] = []
  const deferred: Array<{ index: number; input: Omit<Parameters<typeof checkTrace>[0], "base"> }> = []
  const run = async (index: number, input: Omit<Parameters<typeof checkTrace>[0], "base">) => {
    const { trace } = input
    const base = trace.counterfactualOf === null ? null : (checkedBases.get(trace.counterfactualOf) ?? null)
    const { verdict: result, checked } = await checkTrace({ ...input, base })
    if (checked !== null && bases.has(trace.requestId)) checkedBases.set(trace.requestId, checked)
    results[index] = result
    options.onTrace?.(result, index, manifest.traces.length)
  }
  for (const [index, trace] of manifest.traces.entries()) {
    const group = await events.take(trace.requestId, index)
    const record = await jsonl.take(trace.requestId, index)
    const row = await csv.take(trace.requestId, index)
    const input = {
      trace,
      events: group?.events ?? [],
      record: record?.value ? { line: record.line, value: record.value } : null,
      csv: row?.record ?? null,
      pack: packs.get(trace.packHash) ?? null,
      engine: options.engine,
    }
    const baseLater =
      trace.counterfactualOf !== null &&
      !checkedBases.has(trace.counterfactualOf) &&
      (position.get(trace.counterfactualOf) ?? -1) > index
    if (baseLater) deferred.push({ index, input })
    else await run(index, input)
  }
  for (const { index, input } of deferred) await run(index, input)
  for (const result of results) if (result) verdict.traces.push(result)
  await events.finish()
  await jsonl.finish()
  await csv.finish()
  if (eventsFile) digests.set(EVENTS_FILE, eventsFile.digest())
  if (jsonlFile) digests.set(TRACES_JSONL_FILE, jsonlFile.digest())
  if (csvFile) digests.set(TRACES_CSV_FILE, csvFile.digest())
}
