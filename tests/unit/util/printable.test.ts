import { describe, expect, it } from "vitest"
import { printable } from "../../../src-main/util/printable"

describe("printable", () => {
  it("escapes terminal control sequences instead of passing them through", () => {
    expect(printable("\u001b]0;pwned\u0007x")).toBe("\\u001b]0;pwned\\u0007x")
  })
  it("keeps Croatian letters and caps the length", () => {
    expect(printable("čćžšđ")).toBe("čćžšđ")
    expect(printable("a".repeat(500), 10)).toBe(`${"a".repeat(10)}…`)
  })
})
