import type { ReasoningEvent } from "../../src-shared/events/event"
import type { ModelRecordEvent } from "../../src-shared/events/model-record"
import { deepFreeze } from "../engine/freeze"
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

/** What the engine thread sends for each event: its canonical text and its place on a chain. */
export type SealedEvent = Omit<ChainedEvent, "seq">

// Events parsed from the text the engine thread canonicalized and hashed: chaining them reuses
// that work instead of doing it again on the main thread.
const sealedEvents = new WeakMap<ReasoningEvent, SealedEvent>()

/**
 * The event a sealed text describes, deep-frozen: nothing may change it after this, because the
 * text it came from is what the trace stores and hashes. The text is canonicalJson of an event
 * the engine made (engine-thread/engine-worker.ts), so it is read as one without re-validation.
 */
export function openSealedEvent(sealed: SealedEvent): ReasoningEvent {
  const event = deepFreeze(JSON.parse(sealed.eventJson) as ReasoningEvent)
  sealedEvents.set(event, sealed)
  return event
}

/** Chains an event of the engine, or (trace format 2) a record of the local model's output. */
export function chainEvent(prevHash: string, event: ReasoningEvent | ModelRecordEvent): ChainedEvent {
  const sealed = event.stage === "MODEL" ? undefined : sealedEvents.get(event)
  // A sealed event's hash holds only on the chain it was sealed on (a fresh run's); a resumed
  // run continues a stored chain, so its events are hashed again here (their text is reused).
  if (sealed?.prevHash === prevHash) return { seq: event.seq, ...sealed }
  const eventJson = sealed?.eventJson ?? canonicalJson(event)
  return { seq: event.seq, eventJson, prevHash, hash: chainHash(prevHash, eventJson) }
}
