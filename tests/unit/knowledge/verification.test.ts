import { describe, expect, it } from "vitest"
import { packIndex } from "../../../src-main/knowledge/pack-index"
import { citedVerification } from "../../../src-main/knowledge/verification"
import { tinyPack } from "../../fixtures/packs"

// A rule's verification as its citations show it: the tag "confirmed by two independent sources"
// stands only where the rule cites two sources; otherwise the reader meets one secondary source.

const pack = tinyPack([
  { id: "two", verification: "CONFIRMED_SECONDARY", evidenceIds: ["e-s-guide", "e-s-prac"] },
  { id: "one", verification: "CONFIRMED_SECONDARY", evidenceIds: ["e-s-prac"], conceptSlug: "c" },
  { id: "official", verification: "CONFIRMED_OFFICIAL", evidenceIds: ["e-s-law"] },
  { id: "single", verification: "SINGLE_SECONDARY", evidenceIds: ["e-s-guide", "e-s-prac"] },
])
const index = packIndex(pack)
const rule = (id: string) => {
  const found = index.rules.get(id)
  if (!found) throw new Error(`no rule ${id}`)
  return found
}

describe("citedVerification", () => {
  it("keeps 'confirmed by two sources' only for a rule citing two", () => {
    expect(citedVerification(index, rule("two"))).toBe("CONFIRMED_SECONDARY")
    expect(citedVerification(index, rule("one"))).toBe("SINGLE_SECONDARY")
  })

  it("never raises a tag: an official confirmation and a single source stay as tagged", () => {
    expect(citedVerification(index, rule("official"))).toBe("CONFIRMED_OFFICIAL")
    expect(citedVerification(index, rule("single"))).toBe("SINGLE_SECONDARY")
  })
})
