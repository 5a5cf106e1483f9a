import { describe, expect, it } from "vitest"
import { newRequestId, requestIdTime } from "../../../src-main/util/request-id"

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe("newRequestId", () => {
  it("makes RFC 9562 version 7 UUIDs that carry the time they were made", () => {
    const now = Date.parse("2026-11-22T09:00:00.000Z")
    const id = newRequestId(now + 10_000_000)
    expect(id).toMatch(UUID_V7)
    expect(requestIdTime(id)).toBe(now + 10_000_000)
  })

  it("sorts every id after the one before, also many in one millisecond and when the clock steps back", () => {
    const start = Date.parse("2030-01-01T00:00:00.000Z")
    const ids: string[] = []
    // 5,000 in the same millisecond (more than the 12-bit counter holds), then a clock set back.
    for (let i = 0; i < 5_000; i++) ids.push(newRequestId(start))
    for (let i = 0; i < 100; i++) ids.push(newRequestId(start - 60_000))
    for (let i = 1; i < ids.length; i++) expect((ids[i - 1] ?? "") < (ids[i] ?? "")).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(UUID_V7)
    // The counter ran out once: the timestamp moved on by a millisecond rather than repeating.
    expect(requestIdTime(ids.at(-1) ?? "")).toBe(start + 1)
  })

  it("gives every id fresh random bits, also across refills of the random pool", () => {
    const tails = Array.from({ length: 1_000 }, () => newRequestId().slice(19))
    expect(new Set(tails).size).toBe(tails.length)
    // Not one byte value over and over: the random part uses the whole hex alphabet.
    expect(new Set(tails.join("").replaceAll("-", "")).size).toBe(16)
  })

  it("reads no time from ids that are not UUIDv7", () => {
    expect(requestIdTime("req-resume")).toBeNull()
    expect(requestIdTime("3b241101-e2bb-4255-8caf-4136c566a962")).toBeNull()
  })
})
