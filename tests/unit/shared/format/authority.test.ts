import { describe, expect, it } from "vitest"
import { Authority } from "../../../../src-shared/events/stages"
import { authorityName } from "../../../../src-shared/format/authority"

describe("authorityName", () => {
  it("words every kind of source in both languages, never as the pack's code", () => {
    for (const authority of Authority.options)
      for (const locale of ["hr", "en"] as const) {
        const name = authorityName(authority, locale)
        expect(name).not.toBe(authority)
        expect(name).toMatch(/^[a-zčćšžđ ]+$/)
      }
    expect(authorityName("GUIDANCE", "hr")).toBe("službena uputa")
    expect(authorityName("LAW", "en")).toBe("law")
  })
})
