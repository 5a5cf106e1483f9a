import { describe, expect, it } from "vitest"
import { PackRefusal } from "../../../src-main/packs/refusals"
import { nextState, type ChangeAction, type ChangeState } from "../../../src-main/packs/status-machine"

// The rule change's life, without a database: DRAFT -> IN_REVIEW -> PUBLISHED -> RETIRED, four
// eyes at review and publication, no edit of a published change, retired is final.

const draft: ChangeState = { id: "ch1", ruleId: "vat.rate", status: "DRAFT", authorId: "ana", approvedBy: null }

function refusal(state: ChangeState, action: ChangeAction): string {
  try {
    nextState(state, action)
  } catch (error) {
    if (error instanceof PackRefusal) return error.code
    throw error
  }
  return "allowed"
}

function walk(...actions: ChangeAction[]): ChangeState {
  return actions.reduce(nextState, draft)
}

describe("the rule change status machine", () => {
  it("goes draft -> in review -> approved by another -> published by another", () => {
    const inReview = walk({ type: "edit", actor: "ana" }, { type: "submit", actor: "ana" })
    expect(inReview).toMatchObject({ status: "IN_REVIEW", approvedBy: null })
    const approved = nextState(inReview, { type: "approve", actor: "ivo" })
    expect(approved).toMatchObject({ status: "IN_REVIEW", approvedBy: "ivo" })
    expect(nextState(approved, { type: "publish", actor: "ivo" }).status).toBe("PUBLISHED")
  })

  it("publishes nothing that was not reviewed", () => {
    expect(refusal(draft, { type: "publish", actor: "ivo" })).toBe("not-in-review")
    const submitted = walk({ type: "submit", actor: "ana" })
    expect(refusal(submitted, { type: "publish", actor: "ivo" })).toBe("not-approved")
  })

  it("lets no author review or publish their own change", () => {
    const submitted = walk({ type: "submit", actor: "ana" })
    expect(refusal(submitted, { type: "approve", actor: "ana" })).toBe("self-review")
    expect(refusal(submitted, { type: "request-changes", actor: "ana" })).toBe("self-review")
    const approved = nextState(submitted, { type: "approve", actor: "ivo" })
    expect(refusal(approved, { type: "publish", actor: "ana" })).toBe("self-review")
  })

  it("lets only the author edit and submit, and only a draft", () => {
    expect(refusal(draft, { type: "edit", actor: "ivo" })).toBe("not-author")
    expect(refusal(draft, { type: "submit", actor: "ivo" })).toBe("not-author")
    const submitted = walk({ type: "submit", actor: "ana" })
    expect(refusal(submitted, { type: "edit", actor: "ana" })).toBe("not-draft")
  })

  it("sends a change back to draft on a request for changes, dropping an approval", () => {
    const approved = walk({ type: "submit", actor: "ana" }, { type: "approve", actor: "ivo" })
    const back = nextState(approved, { type: "request-changes", actor: "mia" })
    expect(back).toMatchObject({ status: "DRAFT", approvedBy: null })
    expect(nextState(back, { type: "edit", actor: "ana" }).status).toBe("DRAFT")
  })

  it("never edits a published change: it is superseded, and retired is final", () => {
    const published = walk(
      { type: "submit", actor: "ana" },
      { type: "approve", actor: "ivo" },
      { type: "publish", actor: "ivo" },
    )
    expect(refusal(published, { type: "edit", actor: "ana" })).toBe("published-immutable")
    expect(refusal(published, { type: "submit", actor: "ana" })).toBe("published-immutable")
    expect(refusal(published, { type: "approve", actor: "ivo" })).toBe("not-in-review")
    const retired = nextState(published, { type: "supersede", actor: "ivo" })
    expect(retired.status).toBe("RETIRED")
    for (const type of ["edit", "submit", "approve", "request-changes", "publish", "supersede"] as const)
      expect(refusal(retired, { type, actor: "ivo" })).toBe("retired-final")
  })

  it("says why in Croatian and English", () => {
    try {
      nextState(walk({ type: "submit", actor: "ana" }), { type: "approve", actor: "ana" })
      expect.unreachable()
    } catch (error) {
      if (!(error instanceof PackRefusal)) throw error
      expect(error.text("hr")).toBe("Načelo četiri oka: autor (ana) ne može sam pregledati ni objaviti svoju promjenu ch1.")
      expect(error.text("en")).toBe("Four eyes: the author (ana) cannot review or publish their own change ch1.")
      expect(error.message).toBe(error.text("en"))
    }
  })
})
