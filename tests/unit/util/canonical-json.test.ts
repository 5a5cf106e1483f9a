import fc from "fast-check"
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { canonicalJson, canonicalJsonReference, sha256Hex } from "../../../src-main/util/canonical-json"

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: undefined, x: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"x":2,"z":1}]},"b":1}',
    )
  })

  it("gives the same hash for objects that differ only in key order", () => {
    expect(sha256Hex(canonicalJson({ a: 1, b: "š" }))).toBe(sha256Hex(canonicalJson({ b: "š", a: 1 })))
  })

  it("writes exactly the text of its definition, whatever the value", () => {
    // fc.anything covers undefined/NaN/-0/Infinity members, sparse arrays, odd keys ("__proto__",
    // integer-like ones), lone surrogates, dates and boxed values: every case JSON.stringify has a
    // rule for.
    const value = fc.anything({ withBoxedValues: true, withSparseArray: true, withNullPrototype: true, withDate: true, maxDepth: 4 })
    fc.assert(
      fc.property(value, (v) => {
        fc.pre(v !== undefined && typeof v !== "symbol" && typeof v !== "function")
        expect(canonicalJson(v)).toBe(canonicalJsonReference(v))
        expect(JSON.parse(canonicalJson(v))).toEqual(JSON.parse(JSON.stringify(v)))
      }),
      { numRuns: 5000 },
    )
  })

  it("sorts integer-like keys as strings too (UTF-16 order, as documented for verifiers)", () => {
    expect(canonicalJson({ "10": 1, "2": 2, b: 'x"\n\u2028', a: "\ud800" })).toBe('{"10":1,"2":2,"a":"\\ud800","b":"x\\"\\n\u2028"}')
  })

  it("keeps a member named __proto__ as a member", () => {
    expect(canonicalJson(JSON.parse('{"b":1,"__proto__":{"x":1}}'))).toBe('{"__proto__":{"x":1},"b":1}')
  })

  it("gives values without JSON text a form no JSON text has, so they still compare", () => {
    expect(canonicalJson(undefined)).toBe(canonicalJson(undefined))
    expect(canonicalJson(undefined)).not.toBe(canonicalJson(null))
    expect(() => JSON.parse(canonicalJson(undefined))).toThrow()
  })

  it("hashes like a streaming SHA-256", () => {
    const text = "0".repeat(64) + canonicalJson({ š: "đ" })
    expect(sha256Hex(text)).toBe(createHash("sha256").update(text).digest("hex"))
  })
})
