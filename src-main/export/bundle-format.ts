import { z } from "zod"
import { ExportSelection } from "../../src-shared/export"
import type { TraceSummary } from "../../src-shared/traces"

// The audit bundle's layout and manifest, shared by the writer and the verifier. The rules an
// auditor needs to re-implement the verifier are written out in docs/VERIFYING.md.

export const BUNDLE_FORMAT = "fiskai-audit-bundle"
/**
 * 2: the bundle also carries the exported runs' flags and their decisions (flags.jsonl, named by
 * the manifest's `flags`; flag-records.ts). A version 1 bundle has neither, and still verifies.
 * 3: each flag record also names who raised it and who decided it (`raisedByName`,
 * `decision.decidedByName`); version 2 bundles, whose records have neither, still verify.
 */
export const BUNDLE_FORMAT_VERSION = 3

export const EVENTS_FILE = "events.jsonl"
export const TRACES_JSONL_FILE = "traces.jsonl"
export const TRACES_CSV_FILE = "traces.csv"
export const REPORT_FILE = "report.html"
export const PACK_DIR = "rule-packs/"
export const MANIFEST_FILE = "manifest.json"
export const SIGNATURE_FILE = "manifest.sig"
/** The flags of the exported runs and their decisions, one canonical JSON record a line (format version 2 and later). */
export const FLAGS_FILE = "flags.jsonl"
/**
 * A firm-wide bundle's desks (issue 25): one canonical JSON line `{"desk":…,"requestId":…}` per
 * trace, by requestId. Listed in `files` like any content file, so the signature covers it.
 */
export const DESKS_FILE = "desks.jsonl"

export function packFileName(hash: string): string {
  return `${PACK_DIR}${hash}.json`
}

/** The hash chain, as the store computes it (src-main/store/README.md). */
export const CHAIN_FORMULA =
  "hash[n] = sha256hex(hash[n-1] + eventJson[n]); hash[-1] = GENESIS; chainHead = hash[last]"

const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "not a lower-case SHA-256 hex digest")

export const ManifestFile = z.strictObject({
  path: z.string().min(1),
  sha256: Sha256Hex,
  bytes: z.number().int().nonnegative(),
})

export const ManifestTrace = z.strictObject({
  requestId: z.string().min(1),
  /** "selected" by the user, or added as the "base" of a selected counterfactual trace. */
  role: z.enum(["selected", "base"]),
  chainHead: z.string().nullable(),
  eventCount: z.number().int().nonnegative(),
  packHash: z.string(),
  counterfactualOf: z.string().nullable(),
})

export const Manifest = z
  .strictObject({
    format: z.literal(BUNDLE_FORMAT),
    formatVersion: z.union([z.literal(1), z.literal(2), z.literal(BUNDLE_FORMAT_VERSION)]),
    app: z.strictObject({ name: z.string(), version: z.string() }),
    exportedAt: z.string(),
    exportedBy: z.strictObject({ osUser: z.string(), firmName: z.string() }),
    selection: ExportSelection,
    signing: z.strictObject({
      algorithm: z.literal("Ed25519"),
      publicKeyPem: z.string(),
      fingerprint: z.string(),
      signatureFile: z.literal(SIGNATURE_FILE),
    }),
    chain: z.strictObject({ formula: z.string(), genesis: z.string() }),
    files: z.array(ManifestFile),
    /** Format versions 2 and 3: the flags file and how many flag records it holds. */
    flags: z.strictObject({ file: z.literal(FLAGS_FILE), count: z.number().int().nonnegative() }).optional(),
    traces: z.array(ManifestTrace),
  })
  .refine((m) => (m.formatVersion === 1) === (m.flags === undefined), {
    message: "a version 2 or 3 manifest names its flags file, and a version 1 manifest has none",
    path: ["flags"],
  })

export type ManifestFile = z.infer<typeof ManifestFile>
export type ManifestTrace = z.infer<typeof ManifestTrace>
export type Manifest = z.infer<typeof Manifest>

/** traces.csv columns: the summary of every trace, in this order (TraceSummary's fields). */
export const TRACE_CSV_COLUMNS = [
  "requestId",
  "createdAt",
  "question",
  "status",
  "outcome",
  "refusalReason",
  "domain",
  "riskTier",
  "confidence",
  "locale",
  "asOfDate",
  "clientId",
  "sourceCount",
  "eligibleRuleCount",
  "exclusionCount",
  "conflictCount",
  "durationMs",
  "ttfusMs",
  "counterfactualOf",
  "packId",
  "packVersion",
  "packHash",
  "chainHead",
  "eventCount",
] as const satisfies ReadonlyArray<keyof TraceSummary>

export type TraceCsvColumn = (typeof TRACE_CSV_COLUMNS)[number]

export const TracesJsonlLine = z.strictObject({
  eventHashes: z.array(z.string()),
  request: z.record(z.string(), z.unknown()),
  requestId: z.string().min(1),
})
export type TracesJsonlLine = z.infer<typeof TracesJsonlLine>
