import { describe, expect, it } from "vitest"
import { countryName } from "../../../../src-main/engine/interpret/country-names"
import { COUNTRY_CODES } from "../../../../src-main/engine/interpret/jurisdiction"

describe("countryName", () => {
  it("names every country the interpreter recognises, in both languages, never by its code", () => {
    for (const code of [...COUNTRY_CODES, "HR"])
      for (const locale of ["hr", "en"] as const) expect(countryName(code, locale)).not.toBe(code)
    expect(countryName("AT", "hr")).toBe("Austrija")
    expect(countryName("DE", "en")).toBe("Germany")
  })
})
