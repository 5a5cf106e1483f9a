import { describe, expect, it } from "vitest"
import { questionParts, type PartKey } from "../../../src-main/engine/follow-up-parts"
import { focusIndex } from "../../../src-main/knowledge/focus-index"
import { realPack } from "../../fixtures/packs"

// A question cut into the parts a follow-up can change: a stated figure is a condition with its
// unit, comparator and the noun it measures, so a follow-up's figure replaces all of it.

const index = () => focusIndex(realPack())

/** A part as written: its words joined by a space. */
function partText(text: string, key: PartKey, asFollowUp = false): string | undefined {
  const parts = questionParts(index(), text, asFollowUp)
  const words = parts.parts.get(key)
  return words?.map((w) => {
    const word = parts.words[w]
    return word ? text.slice(word.start, word.end) : ""
  }).join(" ")
}

describe("the parts of a question", () => {
  it("reads a figure with its unit, comparator and measured noun as one condition (hr and en)", () => {
    expect(partText("Koliko je neoporeziva dnevnica za put dulji od 12 sati?", "condition")).toBe("put dulji od 12 sati")
    expect(partText("What is the corporate income tax rate for revenue under EUR 1m?", "condition")).toBe("revenue under EUR 1m")
    expect(partText("Kolika je stopa poreza na dobit za prihod od 3 milijuna eura?", "condition")).toBe("prihod od 3 milijuna eura")
    expect(partText("a za 10 sati?", "condition", true)).toBe("10 sati")
  })

  it("leaves a year and a day of a date to the date, not to a condition", () => {
    const text = "Koja je stopa PDV-a na kruh od 1. siječnja 2025.?"
    expect(partText(text, "condition")).toBeUndefined()
    expect(partText(text, "date")).toBe("1. siječnja 2025.")
  })

  it("takes no noun without a comparator, and never a subject's words", () => {
    expect(partText("Koliko je neoporeziva dnevnica za 10 sati?", "condition")).toBe("10 sati")
    expect(partText("Koja je stopa PDV-a na kruh od 5 eura?", "condition")).toBe("od 5 eura")
  })

  it("marks the pack's subjects with their broader subject, and an unknown item with none", () => {
    const parts = questionParts(index(), "Koliko iznosi tuzemna dnevnica za namještaj?", false)
    const families = [...parts.families.values()]
    expect(families).toContain("dnevnica")
    const item = parts.words.findIndex((w) => parts.text.slice(w.start, w.end).startsWith("namje"))
    expect(item).toBeGreaterThan(-1)
    expect(parts.families.has(item)).toBe(false)
  })
})
