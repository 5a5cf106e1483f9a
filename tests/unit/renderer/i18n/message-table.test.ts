import { describe, expect, it } from "vitest"
import { catalog } from "../../../../src-renderer/i18n/catalog"
import { joinCatalog, type MessageTable } from "../../../../src-renderer/i18n/catalog/message-table"
import { translate } from "../../../../src-renderer/i18n/translate"

// The catalog is kept in one file per screen and joined into one. Splitting it must not loosen it:
// a message without one of the languages, or a key defined in two parts, stops the build (each
// expect-error directive below fails the typecheck if the compiler ever accepts that line).

const ask = { "ask.submit": { hr: "Istraži", en: "Research" } } as const satisfies MessageTable
const history = { "history.title": { hr: "Povijest", en: "History" } } as const satisfies MessageTable

describe("joining the catalog's parts", () => {
  it("keeps every message of every part, in the parts' order", () => {
    const joined = joinCatalog([ask, history])
    expect(Object.keys(joined)).toEqual(["ask.submit", "history.title"])
    expect(joined["history.title"].en).toBe("History")
  })

  it("refuses a key defined in two parts", () => {
    const again = { "ask.submit": { hr: "Pošalji", en: "Send" } } as const satisfies MessageTable
    // @ts-expect-error a key in two parts is a compile error
    expect(() => joinCatalog([ask, again])).toThrow("ask.submit")
  })

  it("refuses a message without one of the languages", () => {
    // @ts-expect-error the English text is missing
    const partial = { "ask.submit": { hr: "Istraži" } } as const satisfies MessageTable
    expect(Object.keys(partial)).toEqual(["ask.submit"])
  })

  it("serves the what-if and scenario screens through the one translate path", () => {
    expect(translate("en", "whatif.panel.flip", { value: "in the VAT system" })).toBe(
      "Flip → in the VAT system",
    )
    expect(translate("hr", "whatif.save.saved", { name: "Prag" })).toBe("Spremljeno: Prag")
    expect(translate("en", "scenario.recheckPack", { version: "2025.1", changed: "" })).toBe("Pack 2025.1")
    expect(Object.keys(catalog)).toContain("scenarios.title")
  })
})
