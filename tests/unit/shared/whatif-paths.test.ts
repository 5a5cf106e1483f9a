import { describe, expect, it } from "vitest"
import { isContextFactPath } from "../../../src-shared/context"
import { WhatIfChange } from "../../../src-shared/whatif"
import { parseSet } from "../../../src-main/cli/commands/whatif"

describe("what-if fact paths", () => {
  it("are the evaluation context's own facts", () => {
    for (const path of ["asOf", "counters.revenueYtd", "entity.type", "entity.vat.status", "txn.b2b", "query.item"])
      expect(isContextFactPath(path), path).toBe(true)
  })

  it("never reach outside the profile's shape: no prototype keys, no containers, no unknown facts", () => {
    for (const path of ["counters.__proto__.x", "counters.constructor", "entity.vat", "counters.toString", "counters.nope", "entity"])
      expect(isContextFactPath(path), path).toBe(false)
    expect(WhatIfChange.safeParse({ kind: "set", path: "counters.__proto__.x", value: 1 }).success).toBe(false)
    expect(() => parseSet("counters.__proto__.x=1")).toThrow(/not a fact of the client profile/)
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})
