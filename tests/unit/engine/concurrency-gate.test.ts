import { describe, expect, it } from "vitest"
import { createConcurrencyGate } from "../../../src-main/engine/concurrency-gate"

describe("createConcurrencyGate", () => {
  it("admits up to max runs and admits again after a release", () => {
    const gate = createConcurrencyGate(2)
    expect([gate.tryAcquire(), gate.tryAcquire(), gate.tryAcquire()]).toEqual([true, true, false])
    gate.release()
    expect(gate.active).toBe(1)
    expect(gate.tryAcquire()).toBe(true)
  })

  it("rejects a limit that is not a positive integer", () => {
    expect(() => createConcurrencyGate(0)).toThrow(RangeError)
  })
})
