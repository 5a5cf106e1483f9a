import { randomFillSync } from "node:crypto"

// Request ids are UUIDv7 (RFC 9562 §5.7): 48 bits of Unix milliseconds, then randomness. Ids made
// later sort later, so the traces' unique request_id index grows at its right edge: a new run
// touches its last page instead of a random page in the middle (which a random UUIDv4 does,
// splitting pages and rewriting them into the WAL).
// Within one millisecond a 12-bit counter (rand_a, method 1 of §6.2) keeps this process's ids in
// order; if it runs out, the timestamp is moved on by a millisecond.

let lastMs = -1
let counter = 0

// The random bytes come from a pool filled 256 ids at a time: one call into the CSPRNG costs
// about as much as the rest of making an id, and every run makes one.
const RANDOM_BYTES_PER_ID = 8
const random = new Uint8Array(RANDOM_BYTES_PER_ID * 256)
let randomUsed = random.length

function randomByte(): number {
  if (randomUsed === random.length) {
    randomFillSync(random)
    randomUsed = 0
  }
  return random[randomUsed++] ?? 0
}

/** A new UUIDv7 in lower-case canonical form, strictly greater than the last one this process made. */
export function newRequestId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now
    counter = 0
  } else if (counter < 0xfff) counter += 1
  else {
    lastMs += 1
    counter = 0
  }
  const bytes = new Uint8Array(16)
  for (let i = 16 - RANDOM_BYTES_PER_ID; i < 16; i++) bytes[i] = randomByte()
  let ms = lastMs
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256
    ms = Math.floor(ms / 256)
  }
  bytes[6] = 0x70 | (counter >> 8)
  bytes[7] = counter & 0xff
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f)
  const hex = Buffer.from(bytes).toString("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The millisecond timestamp a UUIDv7 carries (null for anything else). */
export function requestIdTime(id: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)) return null
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)
}
