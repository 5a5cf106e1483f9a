import { describe, expect, it } from "vitest"
import { lowerFirst } from "../../../../src-shared/format/text"

describe("lowerFirst", () => {
  it("lowers a name's first letter for mid-sentence use, and keeps an acronym", () => {
    expect(lowerFirst("Bruto plaća")).toBe("bruto plaća")
    expect(lowerFirst("Čekamo odgovor")).toBe("čekamo odgovor")
    expect(lowerFirst("U roku")).toBe("u roku")
    expect(lowerFirst("OIB kupca")).toBe("OIB kupca")
    expect(lowerFirst("")).toBe("")
  })
})
