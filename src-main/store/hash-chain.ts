import type { ReasoningEvent } from "../../src-shared/events/event"
import { canonicalJson, sha256Hex } from "../util/canonical-json"

// The per-trace hash chain (README.md states the formula for the audit verifier):
//   eventJson_n = canonicalJson(event_n)
//   hash_n      = sha256Hex(hash_{n-1} + eventJson_n)     (UTF-8, lower-case hex)
//   hash_{-1}   = GENESIS_HASH (64 zeros)
// The trace's chain head is the hash of its last event.

export const GENESIS_HASH = "0".repeat(64)

export interface ChainedEvent {
  seq: number
  eventJson: string
  prevHash: string
  hash: string
}

export function chainHash(prevHash: string, eventJson: string): string {
  return sha256Hex(prevHash + eventJson)
}

export function chainEvent(prevHash: string, event: ReasoningEvent): ChainedEvent {
  const eventJson = canonicalJson(event)
  return { seq: event.seq, eventJson, prevHash, hash: chainHash(prevHash, eventJson) }
}
