// What the verifier is willing to hold, read and list (issue 20, item 2). A bundle comes from
// outside: a ZIP of a few kilobytes can inflate to gigabytes, and a manifest re-signed with any key
// can claim anything. The verifier therefore reads every file as a stream, never holds more than
// one trace's lines (and the few base traces hypotheticals wait for), and checks every size
// twice: the one the ZIP declares before reading, and the bytes actually inflated while reading
// (the ZIP's header is part of the hostile input). Each limit is far above what this app writes
// (measured on real bundles; see each limit) and far below what would exhaust memory. A bundle
// over a limit gets a finding that names it, never a crash. docs/VERIFYING.md lists them.

const MiB = 1024 * 1024

/** Entries in the ZIP. A bundle holds six files and one rule pack per pack version its traces used. */
export const MAX_ZIP_ENTRIES = 1000

/** Bytes of an entry's name (bundle names are under 100; a ZIP allows 65,535). */
export const MAX_ENTRY_NAME_BYTES = 1024

/**
 * manifest.json, read whole before its signature is checked. A manifest costs about 280 bytes a
 * trace, so this allows about 110,000 traces in one bundle.
 */
export const MAX_MANIFEST_BYTES = 32 * MiB

/** manifest.sig: an Ed25519 signature is exactly this long. */
export const SIGNATURE_BYTES = 64

/** One rule-pack snapshot, read whole (the shipped pack is 0.5 MiB). */
export const MAX_PACK_BYTES = 8 * MiB

/**
 * Rule packs kept parsed while the traces are checked: every pack, as long as their JSON adds up to
 * this much, and at least the last two used (others are parsed again when a trace needs them).
 */
export const MAX_LOADED_PACK_BYTES = 4 * MiB

/**
 * All entries together, uncompressed, as the ZIP declares them (each is also counted as it
 * inflates). Files other than the manifest, signature and packs are streamed, so this bounds
 * time, not memory: a trace costs about 15 KiB of events.jsonl, so this is about a million traces.
 */
export const MAX_BUNDLE_BYTES = 16 * 1024 * MiB

/** One line of events.jsonl or traces.jsonl (an event is a few KiB; the longest line seen is 4 KiB). */
export const MAX_LINE_BYTES = 1 * MiB

/** Events of one trace held at once (a run has a few dozen). */
export const MAX_TRACE_EVENTS = 10_000

/** Bytes of one trace's event lines held at once (a run's are about 15 KiB). */
export const MAX_TRACE_BYTES = 4 * MiB

/** Characters of one traces.csv record (a row is under 1 KiB). */
export const MAX_CSV_RECORD_CHARS = 1 * MiB

/**
 * Event bytes of the traces kept while others are checked: hypotheticals listed before their base
 * (the exporter lists bases last) and bases whose hypotheticals are still to come. About a
 * thousand typical traces.
 */
export const MAX_RETAINED_TRACE_BYTES = 16 * MiB

/**
 * Nesting of arrays and objects in one JSON text (an event nests 6 deep, a rule pack 7). The
 * checks that follow (canonical form, replay) walk a value recursively, so a deeper one is refused
 * before it is parsed instead of overflowing the stack.
 */
export const MAX_JSON_DEPTH = 64

/**
 * Characters of a finding's text, and of a trace id it names, as the verdict keeps them. Findings
 * quote what they found (a trace id, a field); a hostile bundle's quotes can be a megabyte each.
 */
export const MAX_MESSAGE_CHARS = 1000
export const MAX_ID_CHARS = 200

/** Findings listed about the bundle as a whole; the rest are counted in one more finding. */
export const MAX_BUNDLE_PROBLEMS = 1000

/** Findings listed for one trace; the rest are counted in one more finding. */
export const MAX_TRACE_PROBLEMS = 20

/** Findings listed over all traces; after this, a failing trace lists its first finding and a count. */
export const MAX_ALL_TRACE_PROBLEMS = 10_000

/** A byte count as a reader would say it: "1.5 GiB", "300 MiB", "12 KiB", "64 bytes". */
export function describeBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 * 1024 * MiB, "TiB"],
    [1024 * MiB, "GiB"],
    [MiB, "MiB"],
    [1024, "KiB"],
  ]
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size
      return `${value >= 100 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} ${unit}`
    }
  }
  return `${bytes} bytes`
}

/** Whether `text`, read as JSON, nests arrays and objects deeper than `max` (strings are skipped). */
export function jsonNestsDeeper(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c) i += 1 // a backslash: skip the escaped character
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x5b || code === 0x7b) {
      depth += 1
      if (depth > max) return true
    } else if (code === 0x5d || code === 0x7d) depth -= 1
  }
  return false
}
