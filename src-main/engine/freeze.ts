import { canonicalJson, sha256Hex } from "../util/canonical-json"
import { plainCopy } from "../util/plain-copy"

// The frozen context of a run (seed 001 §8): a deep-frozen copy taken at the start, and a hash
// of it that the fail-closed check compares again before any answer leaves the engine.

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const member of Object.values(value)) deepFreeze(member)
  }
  return value
}

/** A deep-frozen copy; the caller's object stays theirs to change. */
export function frozenCopy<T>(value: T): T {
  return deepFreeze(plainCopy(value))
}

export function snapshotHash(value: unknown): string {
  return sha256Hex(canonicalJson(value ?? null))
}
