import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { plainCopy } from "../../../src-main/util/plain-copy"

describe("plainCopy", () => {
  it("copies any JSON value deeply: equal, and sharing no object with the original", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copied = plainCopy(value)
        expect(copied).toEqual(value)
        if (value !== null && typeof value === "object") expect(copied).not.toBe(value)
      }),
    )
  })

  it("keeps a member named __proto__ as a member, never as the copy's prototype", () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>
    const copied = plainCopy(parsed)
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype)
    expect(Object.keys(copied)).toEqual(["__proto__", "a"])
    expect((copied as { polluted?: boolean }).polluted).toBeUndefined()
  })

  it("leaves the original untouched when the copy changes, frozen originals included", () => {
    const original = Object.freeze({ entity: Object.freeze({ type: "DOO" }), list: Object.freeze([1, 2]) })
    const copied = plainCopy(original) as { entity: { type: string }; list: number[] }
    copied.entity.type = "OBRT"
    copied.list.push(3)
    expect(original).toEqual({ entity: { type: "DOO" }, list: [1, 2] })
  })

  it("copies a value that is not plain data as structuredClone does", () => {
    const date = new Date("2025-01-01T00:00:00Z")
    const copied = plainCopy({ at: date })
    expect(copied.at).toEqual(date)
    expect(copied.at).not.toBe(date)
  })
})
