import fc from "fast-check"
import { HOSTILE_STRINGS, XSS_IMG, XSS_SCRIPT } from "./hostile-text"

// fast-check arbitraries for what reaches an IPC boundary from a compromised or buggy page:
// wrong types, huge strings, deep nesting, prototype-pollution keys, NaN/Infinity, absurd numbers,
// unicode and control characters, SQL and HTML fragments. Values stay structured-cloneable (what
// Electron IPC can carry); the WebSocket sample sends their JSON form.

const SQL_AND_HTML = [
  "' OR '1'='1",
  "'; DROP TABLE traces; --",
  "1; DELETE FROM events WHERE 1=1",
  "\" OR \"\"=\"",
  "%' UNION SELECT sqlite_version() --",
  "NEAR(a b) OR * AND NOT ^x",
  XSS_IMG,
  XSS_SCRIPT,
  "javascript:alert(1)",
  "<svg/onload=alert(1)>",
  "{{constructor.constructor('alert(1)')()}}",
]

export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty", "__defineGetter__"]

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...Object.values(HOSTILE_STRINGS).map((text) => text.slice(0, 2000)), ...SQL_AND_HTML, ...PROTOTYPE_KEYS),
  fc.constantFrom("", " ", "\u0000", "\t\n\r", "\ufeff", "\ud800", "null", "undefined", "NaN", "-1", "1e309", "0x10", "../../etc/passwd"),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  // Huge: past every max() in the contract, up to about the WebSocket's 1 MB frame limit.
  fc.constantFrom(201, 4097, 20_001, 200_000, 900_000).map((length) => "x".repeat(length)),
)

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE, 2 ** 31, -(2 ** 53), 1e13 + 1),
  fc.double(),
  fc.integer(),
)

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt(),
  fc.date({ noInvalidDate: false }),
  fc.constantFrom(new Uint8Array([0, 255, 1]), new Map([["limit", 1]]), new Set([1]), /x/g),
)

/** An object whose keys may be __proto__ or constructor as own properties (as JSON.parse makes them). */
export function objectWithKeys(value: fc.Arbitrary<unknown>, maxKeys = 6): fc.Arbitrary<Record<string, unknown>> {
  const key = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 12 }), hostileString.map((text) => text.slice(0, 40)))
  return fc.array(fc.tuple(key, value), { maxLength: maxKeys }).map((entries) => {
    const object: Record<string, unknown> = {}
    for (const [name, entry] of entries) Object.defineProperty(object, name, { value: entry, enumerable: true, writable: true, configurable: true })
    return object
  })
}

/** Nesting far past anything a schema walks: arrays or objects `depth` levels deep. */
export const deepNesting: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(50, 1_000, 20_000), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = "bottom"
    for (let level = 0; level < depth; level++) value = asArray ? [value] : { nested: value }
    return value
  })

/** Any hostile value: scalars, deep nesting, and small objects and arrays of them. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalar, deepNesting, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: objectWithKeys(tie("value")),
})).value
