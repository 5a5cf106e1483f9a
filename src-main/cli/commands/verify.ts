import { access, constants, open } from "node:fs/promises"
import type { BundleProblem, BundleVerdict } from "../../../src-shared/export"
import { buildAnswerWithReasoning } from "../../engine/pipeline"
import { verifyBundle } from "../../export/verify/verify-bundle"
import type { CliIo } from "../io"
import { parseArgsLinear } from "../parse-args-linear"

// `fiskai verify BUNDLE.zip [--trusted-key FILE]`: checks an audit bundle on its own (no database)
// and prints a verdict per trace. Exit 0 when everything holds and the signer is trusted, 4 when
// everything holds but nothing says who signed it, 1 otherwise, 2 for bad usage.

/** Every check holds, but no --trusted-key named the signer: anyone could have signed the bundle. */
export const EXIT_SIGNER_NOT_TRUSTED = 4

export const VERIFY_USAGE = `usage: fiskai verify BUNDLE.zip [--trusted-key PUBLIC_KEY.pem] [--json]
  Checks the signature, every file hash, every event chain, traces.csv against the events, and
  replays every trace against its rule-pack snapshot. --trusted-key: the firm's published public
  key (SPKI PEM); a bundle signed with any other key then fails. Without it, a valid signature
  only shows the bundle is as its signer made it, not who that was: compare the printed
  fingerprint with the one the firm published. --json: the verdict as JSON.
  Exit status: 0 verified (every check holds, signed with the trusted key); 4 every check holds
  but no trusted key was given (signature valid, signer not trusted); 1 not verified; 2 bad usage.`

function where(p: BundleProblem): string {
  const parts = [p.file ?? "bundle"]
  if (p.line !== null) parts[0] += `:${p.line}`
  if (p.requestId !== null) parts.push(`trace ${p.requestId}`)
  if (p.seq !== null) parts.push(`event seq ${p.seq}`)
  return parts.join(", ")
}

export function formatVerdict(verdict: BundleVerdict): string {
  const lines: string[] = []
  lines.push(`signature: ${!verdict.signatureOk ? "INVALID" : verdict.signerTrusted ? "valid" : "valid, signer not trusted"}`)
  lines.push(`signing key fingerprint: ${verdict.fingerprint ?? "(unknown)"}`)
  if (verdict.trustedKeyMatches === null) lines.push("  compare this fingerprint with the one the firm published (or pass --trusted-key)")
  else lines.push(`trusted key: ${verdict.trustedKeyMatches ? "matches" : "DOES NOT MATCH"}`)
  if (verdict.exportedAt !== null) lines.push(`exported: ${verdict.exportedAt}${verdict.firmName ? ` by ${verdict.firmName}` : ""}`)
  for (const p of verdict.problems) lines.push(`FAIL ${where(p)}: ${p.message}`)
  for (const t of verdict.traces) {
    lines.push(`${t.ok ? "ok  " : "FAIL"} ${t.requestId} ${t.outcome ?? "(no outcome)"}  chain ${t.chainOk ? "ok" : "BROKEN"}, csv ${t.csvOk ? "ok" : "DIFFERS"}, replay ${t.replaySkipped ? "not re-derived" : t.replayOk ? "ok" : "DIFFERS"}`)
    if (t.replaySkipped) lines.push(`     ${t.replaySkipped}`)
    for (const p of t.problems) lines.push(`     ${where(p)}: ${p.message}`)
  }
  const failed = verdict.traces.filter((t) => !t.ok).length
  lines.push(
    !verdict.ok
      ? `NOT VERIFIED: ${verdict.problems.length} bundle problem(s), ${failed} of ${verdict.traces.length} traces failed`
      : verdict.signerTrusted
        ? `VERIFIED: ${verdict.traces.length} traces, every check holds`
        : `SIGNATURE VALID, SIGNER NOT TRUSTED: ${verdict.traces.length} traces, every check holds, but the bundle is signed with a key no --trusted-key vouches for (anyone can sign a bundle): compare the fingerprint above with the one the firm published, or verify with --trusted-key`,
  )
  return lines.join("\n") + "\n"
}

/** The exit status of a verdict (see VERIFY_USAGE). */
export function verifyExitCode(verdict: BundleVerdict): number {
  if (!verdict.ok) return 1
  return verdict.signerTrusted ? 0 : EXIT_SIGNER_NOT_TRUSTED
}

export async function runVerifyCommand(argv: string[], io: CliIo): Promise<number> {
  let parsed
  try {
    parsed = parseArgsLinear(argv, {
      "trusted-key": { type: "string" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    })
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n${VERIFY_USAGE}\n`)
    return 2
  }
  if (parsed.values.help) {
    io.stdout.write(`${VERIFY_USAGE}\n`)
    return 0
  }
  const [bundle, ...extra] = parsed.positionals
  if (bundle === undefined || extra.length > 0) {
    io.stderr.write(`${bundle === undefined ? "a bundle file is required" : `unexpected argument: ${extra[0]}`}\n${VERIFY_USAGE}\n`)
    return 2
  }
  try {
    await access(bundle, constants.R_OK)
  } catch {
    io.stderr.write(`cannot read ${bundle}\n`)
    return 2
  }
  let trustedKeyPem: string | undefined
  const keyFile = parsed.values["trusted-key"]
  if (keyFile !== undefined) {
    try {
      trustedKeyPem = await readKeyFile(keyFile)
    } catch (error) {
      io.stderr.write(`cannot read the trusted key ${keyFile}${error instanceof KeyFileTooLarge ? `: ${error.message}` : ""}\n`)
      return 2
    }
  }
  const verdict = await verifyBundle(bundle, {
    engine: buildAnswerWithReasoning,
    ...(trustedKeyPem === undefined ? {} : { trustedKeyPem }),
  })
  io.stdout.write(parsed.values.json ? `${JSON.stringify(verdict, null, 2)}\n` : formatVerdict(verdict))
  return verifyExitCode(verdict)
}

/** A public key PEM is under 1 KiB; a bigger "key" (a wrong file, /dev/zero) is not read whole. */
const MAX_KEY_FILE_BYTES = 64 * 1024

class KeyFileTooLarge extends Error {}

async function readKeyFile(path: string): Promise<string> {
  const file = await open(path, "r")
  try {
    const buffer = Buffer.alloc(MAX_KEY_FILE_BYTES + 1)
    let length = 0
    for (;;) {
      const { bytesRead } = await file.read(buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
      if (length > MAX_KEY_FILE_BYTES) throw new KeyFileTooLarge(`it is larger than ${MAX_KEY_FILE_BYTES / 1024} KiB, so not a public key`)
    }
    return buffer.toString("utf8", 0, length)
  } finally {
    await file.close()
  }
}
