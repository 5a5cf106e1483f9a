import { createHash } from "node:crypto"

// Canonical JSON: object keys sorted, no insignificant whitespace, `undefined` members dropped.
// Hashes of events, packs and bundle files are taken over this form so that any re-implementation
// (an auditor's verifier) gets the same bytes.

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value))
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key]
      if (member !== undefined) out[key] = sortKeys(member)
    }
    return out
  }
  return value
}

export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex")
}
