import { describe, expect, it } from "vitest"
import { mentionNameOf, mentionsIn } from "../../../src-shared/thread-mentions"

// How a question's @-mentions are read: "@" at the start or after a space, up to the next space,
// without trailing punctuation, each name once; an e-mail address is no mention.

describe("mentionsIn", () => {
  it("finds each mention once, in order, without the punctuation after it", () => {
    expect(mentionsIn("Usporedi @R-2025-001 i @R-2025-002, pa opet @R-2025-001?")).toEqual(["R-2025-001", "R-2025-002"])
    expect(mentionsIn("@Ugovor_o_najmu: koja je zakupnina?")).toEqual(["Ugovor_o_najmu"])
  })

  it("ignores an @ inside a word (an e-mail address) and a lone @", () => {
    expect(mentionsIn("Pošalji na ana@ured.hr @ sutra")).toEqual([])
  })
})

describe("mentionNameOf", () => {
  it("names a document by its number, else by its title with underscores for spaces", () => {
    expect(mentionNameOf({ title: "Račun ožujak", invoiceNumber: "17-P1-1" })).toBe("17-P1-1")
    expect(mentionNameOf({ title: " Ugovor o  najmu ", invoiceNumber: null })).toBe("Ugovor_o_najmu")
  })
})
