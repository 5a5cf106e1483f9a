import { describe, expect, it } from "vitest"
import { canonicalJson, sha256Hex } from "../../../src-main/util/canonical-json"

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: undefined, x: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"x":2,"z":1}]},"b":1}',
    )
  })
  it("gives the same hash for objects that differ only in key order", () => {
    expect(sha256Hex(canonicalJson({ a: 1, b: "š" }))).toBe(sha256Hex(canonicalJson({ b: "š", a: 1 })))
  })
})
