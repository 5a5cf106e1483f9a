import { describe, expect, it } from "vitest"
import { frozenCopy, snapshotHash } from "../../../src-main/engine/freeze"

describe("frozen context", () => {
  it("copies and deep-freezes, leaving the original mutable", () => {
    const original = { entity: { vat: { status: "IN_VAT" } } }
    const copy = frozenCopy(original)
    expect(Object.isFrozen(copy.entity.vat)).toBe(true)
    expect(Object.isFrozen(original)).toBe(false)
    expect(() => {
      ;(copy.entity.vat as { status: string }).status = "OUTSIDE_VAT"
    }).toThrow(TypeError)
  })

  it("hashes canonically: key order does not matter, content does", () => {
    expect(snapshotHash({ a: 1, b: 2 })).toBe(snapshotHash({ b: 2, a: 1 }))
    expect(snapshotHash({ a: 1 })).not.toBe(snapshotHash({ a: 2 }))
    expect(snapshotHash(undefined)).toBe(snapshotHash(null))
  })
})
