import { hash } from "node:crypto"

// Canonical JSON: object keys sorted by UTF-16 code units (integer-like keys too), no
// insignificant whitespace, `undefined` members dropped, values as JSON.stringify writes them.
// Hashes of events, packs and bundle files are taken over this form so that any re-implementation
// (an auditor's verifier) gets the same bytes.
//
// `canonicalJsonReference` writes that definition out directly. `canonicalJson` gets the same text
// faster (every event of every run is hashed through it): it copies the value with sorted keys and
// lets V8's native JSON.stringify write the copy. A JavaScript object always lists integer-like
// keys first, whatever order they were added in, and a plain object cannot take a member named
// "__proto__" by assignment, so a value holding such a key is written by the reference instead. A property test holds the two equal.

/**
 * The canonical JSON text of `value`. A value that has none (undefined, a function, a symbol)
 * gives "undefined", which equals no JSON text: comparisons of two such values still hold.
 */
export function canonicalJson(value: unknown): string {
  const found = { oddKey: false }
  const sorted = sortKeys(value, found)
  // JSON.stringify's type says string; for undefined, functions and symbols it gives undefined.
  const text = found.oddKey ? write(value) : (JSON.stringify(sorted) as string | undefined)
  return text ?? NO_JSON
}

/** The definition, written out member by member. */
export function canonicalJsonReference(value: unknown): string {
  return write(value) ?? NO_JSON
}

const NO_JSON = "undefined"

function isIntegerLike(key: string): boolean {
  const first = key.charCodeAt(0)
  return first >= 48 && first <= 57 && /^(0|[1-9][0-9]*)$/.test(key)
}

function hasToJson(value: object): value is { toJSON: () => unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === "function"
}

/** A boxed string, number or boolean stands for its primitive (as in JSON.stringify). */
function isBoxed(value: object): value is { valueOf(): string | number | boolean } {
  return value instanceof String || value instanceof Number || value instanceof Boolean
}

function sortKeys(value: unknown, found: { oddKey: boolean }): unknown {
  if (Array.isArray(value)) return value.map((item) => sortKeys(item, found))
  if (value !== null && typeof value === "object") {
    if (hasToJson(value)) return sortKeys(value.toJSON(), found)
    if (isBoxed(value)) return value.valueOf()
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key]
      if (member === undefined) continue
      // An integer-like key would be listed first; assigning "__proto__" would set the prototype.
      if (key === "__proto__" || isIntegerLike(key)) found.oddKey = true
      out[key] = sortKeys(member, found)
    }
    return out
  }
  return value
}

/** The text JSON.stringify gives `value` with sorted keys; undefined where it gives none. */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case "object":
      if (value === null) return "null"
      // Array.from visits the holes of a sparse array too (map skips them): they are null as well.
      if (Array.isArray(value)) return `[${Array.from(value, (item) => write(item) ?? "null").join(",")}]`
      if (hasToJson(value)) return write(value.toJSON())
      if (isBoxed(value)) return JSON.stringify(value.valueOf())
      return writeObject(value as Record<string, unknown>)
    case "undefined":
    case "function":
    case "symbol":
      return undefined
    default:
      // Strings, numbers (NaN and ±Infinity become null), booleans, and a bigint's TypeError.
      return JSON.stringify(value)
  }
}

function writeObject(record: Record<string, unknown>): string {
  const members: string[] = []
  for (const key of Object.keys(record).sort()) {
    const text = write(record[key])
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${members.join(",")}}`
}

export function sha256Hex(text: string | Uint8Array): string {
  // One-shot hashing (no Hash object per call): the chain hashes every event.
  return hash("sha256", text, "hex")
}
