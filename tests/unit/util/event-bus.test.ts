import { describe, expect, it } from "vitest"
import { createEventBus } from "../../../src-main/util/event-bus"

describe("createEventBus", () => {
  it("delivers each event to every subscriber in order until they unsubscribe", () => {
    const bus = createEventBus<number>()
    const a: number[] = []
    const b: number[] = []
    const stopA = bus.subscribe((n) => a.push(n))
    bus.subscribe((n) => b.push(n))
    bus.publish(1)
    stopA()
    bus.publish(2)
    expect(a).toEqual([1])
    expect(b).toEqual([1, 2])
    expect(bus.subscriberCount).toBe(1)
  })

  it("keeps delivering to the others when one subscriber throws", () => {
    const errors: unknown[] = []
    const bus = createEventBus<string>((error) => errors.push(error))
    const received: string[] = []
    bus.subscribe(() => {
      throw new Error("window gone")
    })
    bus.subscribe((s) => received.push(s))
    bus.publish("event")
    expect(received).toEqual(["event"])
    expect(errors).toHaveLength(1)
  })
})
