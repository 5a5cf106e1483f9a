import { z } from "zod"
import { IsoDate } from "./context"
import { RiskTier, TerminalOutcome } from "./events/stages"

// Audit export bundles and their verifier (issue 6): what the window, the CLI and the export
// worker exchange. The bundle format itself is described in docs/VERIFYING.md.

/** Which traces go into a bundle. Filters combine with AND; explicit trace ids ignore the filters. */
export const ExportSelection = z.strictObject({
  traceIds: z.array(z.string().min(1).max(200)).max(10_000).optional(),
  scenarioId: z.string().min(1).max(200).optional(),
  since: IsoDate.optional(),
  until: IsoDate.optional(),
  outcome: TerminalOutcome.optional(),
  riskTier: RiskTier.optional(),
  clientId: z.string().max(64).optional(),
})

export const StartExportInput = z.strictObject({
  selection: ExportSelection,
  /** Absolute path of the .zip to create; replaced only when the export completes. */
  outPath: z.string().min(1).max(4096),
})

export const ExportJobRef = z.strictObject({ jobId: z.string().min(1).max(100) })

export const ExportPhase = z.enum(["selecting", "writing", "finishing", "done", "cancelled", "failed"])

/** Pushed to the window while an export runs (push channel "exports.progress"). */
export const ExportProgress = z.object({
  jobId: z.string(),
  phase: ExportPhase,
  /** Traces written so far in the current pass, and how many were selected. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Which file is being written, e.g. "events.jsonl". */
  file: z.string().optional(),
  /** Set when phase is "done". */
  outPath: z.string().optional(),
  bytes: z.number().int().nonnegative().optional(),
  /** Set when phase is "failed". */
  error: z.string().optional(),
  /** Set when phase is "failed": "empty" (no trace matches), "selection" (unknown trace or
   *  scenario), "failed" (anything else, e.g. the disk), so the window can say which in words. */
  errorKind: z.enum(["empty", "selection", "failed"]).optional(),
  /** Which pass over the selected traces is running (1-based) and how many passes the writer makes
   *  (`file` names what the pass writes), so the whole export is `(step - 1 + done / total) / steps`. */
  step: z.number().int().positive().optional(),
  steps: z.number().int().positive().optional(),
})

/** Why a path cannot receive a bundle; checked by the window before it starts an export. */
export const ExportPathProblem = z.enum(["not-absolute", "no-folder", "not-a-folder", "folder-not-writable", "is-a-folder"])

export const ExportPathInput = z.strictObject({ path: z.string().min(1).max(4096) })

export const ExportPathCheck = z.object({
  problem: ExportPathProblem.nullable(),
  /** A file of that name exists and will be replaced when the export completes. */
  exists: z.boolean(),
})

/** Where bundles go by default (a folder under the data folder), and whether a native file
 *  dialog can be opened (Electron: yes; browser host: no, the path is typed). */
export const ExportLocation = z.object({
  folder: z.string(),
  separator: z.enum(["/", "\\"]),
  canChooseFile: z.boolean(),
})

export const ChooseFileInput = z.strictObject({
  purpose: z.enum(["saveBundle", "openBundle"]),
  defaultPath: z.string().min(1).max(4096).optional(),
})

/** The chosen absolute path, or null when the user closed the dialog. */
export const ChosenFile = z.object({ path: z.string().nullable() })

export const VerifyBundleInput = z.strictObject({
  path: z.string().min(1).max(4096),
  /** A public key (SPKI PEM) the signature must have been made with; a different key is fatal.
   *  Without it, a bundle signed with this installation's own key still counts as trusted. */
  trustedKeyPem: z.string().max(10_000).optional(),
})

/** One finding of the verifier, located as precisely as the evidence allows. */
export const BundleProblem = z.object({
  file: z.string().nullable(),
  requestId: z.string().nullable(),
  seq: z.number().int().nullable(),
  /** 1-based line in `file`, when the finding is about a line. */
  line: z.number().int().nullable(),
  message: z.string(),
})

export const TraceVerdict = z.object({
  /** Why the trace was not replayed: recorded by another engine version (see VERIFYING.md). */
  replaySkipped: z.string().optional(),
  requestId: z.string(),
  ok: z.boolean(),
  outcome: z.string().nullable(),
  chainOk: z.boolean(),
  csvOk: z.boolean(),
  replayOk: z.boolean(),
  problems: z.array(BundleProblem),
})

export const BundleVerdict = z.object({
  /** Every check holds (and the trusted key matches, when one was given). A bundle is verified
   *  only when `signerTrusted` holds as well: see docs/VERIFYING.md. */
  ok: z.boolean(),
  signatureOk: z.boolean(),
  /** The signature is valid and made with the trusted key given, or (in the app, when no key is
   *  required) with this installation's own key. False means that anyone could have made the
   *  bundle: a valid signature alone only says the manifest is as its signer wrote it. */
  signerTrusted: z.boolean(),
  /** Fingerprint of the key in the manifest, for comparison with the one the firm published. */
  fingerprint: z.string().nullable(),
  /** null when no trusted key was given. */
  trustedKeyMatches: z.boolean().nullable(),
  exportedAt: z.string().nullable(),
  firmName: z.string().nullable(),
  /** Problems with the bundle as a whole (signature, files, manifest). */
  problems: z.array(BundleProblem),
  traces: z.array(TraceVerdict),
})

/** The installation's bundle-signing public key, as shown in settings. */
export const SigningKeyInfo = z.object({
  algorithm: z.literal("Ed25519"),
  publicKeyPem: z.string(),
  fingerprint: z.string(),
})

export type ExportSelection = z.infer<typeof ExportSelection>
export type StartExportInput = z.infer<typeof StartExportInput>
export type ExportJobRef = z.infer<typeof ExportJobRef>
export type ExportPhase = z.infer<typeof ExportPhase>
export type ExportProgress = z.infer<typeof ExportProgress>
export type VerifyBundleInput = z.infer<typeof VerifyBundleInput>
export type BundleProblem = z.infer<typeof BundleProblem>
export type TraceVerdict = z.infer<typeof TraceVerdict>
export type BundleVerdict = z.infer<typeof BundleVerdict>
export type SigningKeyInfo = z.infer<typeof SigningKeyInfo>
export type ExportPathProblem = z.infer<typeof ExportPathProblem>
export type ExportPathInput = z.infer<typeof ExportPathInput>
export type ExportPathCheck = z.infer<typeof ExportPathCheck>
export type ExportLocation = z.infer<typeof ExportLocation>
export type ChooseFileInput = z.infer<typeof ChooseFileInput>
export type ChosenFile = z.infer<typeof ChosenFile>
