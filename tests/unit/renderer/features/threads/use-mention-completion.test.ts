import { describe, expect, it } from "vitest"
import { activeMentionAt } from "../../../../../src-renderer/features/threads/use-mention-completion"

// The mention being typed in the question box is the "@word" that ends at the caret: the list
// opens for it, and closes once a space (or the caret) leaves it.

describe("activeMentionAt", () => {
  it("is the text after an @ that starts a word, up to the caret", () => {
    const text = "Je li PDV na @17-P1"
    expect(activeMentionAt(text, text.length)).toEqual({ start: 13, typed: "17-P1" })
    expect(activeMentionAt("@", 1)).toEqual({ start: 0, typed: "" })
  })

  it("is none after a space, inside an e-mail address, or with the caret before the @", () => {
    expect(activeMentionAt("na @17-P1-1 ", 12)).toBeNull()
    expect(activeMentionAt("ana@ured", 8)).toBeNull()
    expect(activeMentionAt("x @abc", 1)).toBeNull()
  })
})
