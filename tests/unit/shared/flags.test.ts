import { describe, expect, it } from "vitest"
import { CreateFlagInput, DecideFlagInput, Flag, FlagListFilter, FlagNote } from "../../../src-shared/flags"
import { formatAge } from "../../../src-shared/format/age"
import { AskInput } from "../../../src-shared/ipc/channels"

// The flag contract (issue 19) refuses what the boundary must not let through: a note that is
// empty once trimmed, longer than 2000 characters or broken (a lone surrogate, refused exactly as
// a question is), an unknown kind or decision, extra keys, and a flag whose status and decision
// disagree.

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe("flag schemas", () => {
  it("take a trimmed note of 1..2000 well-formed characters, the question's rules", () => {
    expect(FlagNote.parse("  Krivi prag.\n")).toBe("Krivi prag.")
    expect(FlagNote.safeParse("x".repeat(2000)).success).toBe(true)
    expect(messages(FlagNote.safeParse(" \n\t "))).toEqual(["note is empty"])
    expect(messages(FlagNote.safeParse("x".repeat(2001)))).toEqual(["note is too long"])
    const broken = "prag \uDC00 eura"
    expect(messages(FlagNote.safeParse(broken))).toEqual(messages(AskInput.shape.question.safeParse(broken)))
    expect(messages(FlagNote.safeParse(broken))[0]).toMatch(/broken character/)
    expect(FlagNote.safeParse("emoji 😀 je cijeli znak").success).toBe(true)
  })

  it("refuse unknown kinds, decisions and keys, and missing fields", () => {
    const create = { runId: "r1", kind: "wrong", note: "x" }
    expect(CreateFlagInput.safeParse(create).success).toBe(true)
    expect(CreateFlagInput.safeParse({ ...create, kind: "bad" }).success).toBe(false)
    expect(CreateFlagInput.safeParse({ ...create, status: "confirmed" }).success).toBe(false)
    expect(CreateFlagInput.safeParse({ ...create, runId: "" }).success).toBe(false)
    expect(CreateFlagInput.safeParse({ kind: "wrong", note: "x" }).success).toBe(false)
    const decide = { id: "f1", decision: "confirmed", note: "rule x" }
    expect(DecideFlagInput.safeParse(decide).success).toBe(true)
    expect(DecideFlagInput.safeParse({ ...decide, decision: "open" }).success).toBe(false)
    expect(DecideFlagInput.safeParse({ ...decide, note: "" }).success).toBe(false)
    expect(FlagListFilter.safeParse({}).success).toBe(true)
    expect(FlagListFilter.safeParse({ status: "all", runId: "r1" }).success).toBe(true)
    expect(FlagListFilter.safeParse({ status: "closed" }).success).toBe(false)
    expect(FlagListFilter.safeParse({ extra: 1 }).success).toBe(false)
  })

  it("keep a flag's status and decision together", () => {
    const open = { id: "f", runId: "r", kind: "unclear", note: "?", createdAt: "2026-01-01T00:00:00.000Z", status: "open", decision: null, ruleChangeId: null, raisedBy: null }
    const decision = { decidedAt: "2026-01-02T00:00:00.000Z", note: "rule x", decidedBy: { id: "p1", name: "Ivo Ivić" } }
    expect(Flag.safeParse(open).success).toBe(true)
    expect(Flag.safeParse({ ...open, status: "confirmed", decision }).success).toBe(true)
    expect(Flag.safeParse({ ...open, decision }).success).toBe(false)
    expect(Flag.safeParse({ ...open, status: "rejected" }).success).toBe(false)
    // The rule change that fixes it: only a confirmed flag names one.
    expect(Flag.safeParse({ ...open, status: "confirmed", decision, ruleChangeId: "c1" }).success).toBe(true)
    expect(Flag.safeParse({ ...open, status: "rejected", decision, ruleChangeId: "c1" }).success).toBe(false)
    expect(Flag.safeParse({ ...open, ruleChangeId: "c1" }).success).toBe(false)
    // Who raised and who decided it: a profile, or nobody (flags from before profiles were recorded).
    expect(Flag.safeParse({ ...open, raisedBy: { id: "p2", name: "Ana Anić" } }).success).toBe(true)
    expect(Flag.safeParse({ ...open, raisedBy: undefined }).success).toBe(false)
    expect(Flag.safeParse({ ...open, status: "confirmed", decision: { ...decision, decidedBy: null } }).success).toBe(true)
    const decide = { id: "f", note: "n", ruleChangeId: "c1" }
    expect(DecideFlagInput.safeParse({ ...decide, decision: "confirmed" }).success).toBe(true)
    expect(DecideFlagInput.safeParse({ ...decide, decision: "rejected" }).success).toBe(false)
  })
})

describe("formatAge", () => {
  it("says how long a flag has waited, with counts that agree with their noun", () => {
    const minute = 60_000
    const hour = 60 * minute
    const day = 24 * hour
    expect(formatAge(59_999, "hr")).toBe("manje od minute")
    expect(formatAge(-5, "en")).toBe("less than a minute")
    expect([1, 2, 5, 21, 22, 25].map((n) => formatAge(n * minute, "hr"))).toEqual([
      "1 minuta", "2 minute", "5 minuta", "21 minuta", "22 minute", "25 minuta",
    ])
    expect([1, 3, 5, 23].map((n) => formatAge(n * hour + minute, "hr"))).toEqual(["1 sat", "3 sata", "5 sati", "23 sata"])
    expect([1, 2, 11, 21].map((n) => formatAge(n * day, "hr"))).toEqual(["1 dan", "2 dana", "11 dana", "21 dan"])
    expect([formatAge(minute, "en"), formatAge(2 * hour, "en"), formatAge(day, "en")]).toEqual(["1 minute", "2 hours", "1 day"])
  })
})
