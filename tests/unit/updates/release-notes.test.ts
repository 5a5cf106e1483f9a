import { describe, expect, it } from "vitest"
import { displayVersion, MAX_NOTES_CHARS, releaseNotesText } from "../../../src-main/updates/release-notes"

// Release notes come from the feed (outside input) and are shown as plain text.

describe("releaseNotesText", () => {
  it("turns the HTML electron-builder publishes into readable text", () => {
    const notes = "<h2>1.1.0</h2><ul><li>Novi paket pravila</li><li>Brži izvoz &amp; provjera</li></ul>"
    expect(releaseNotesText({ version: "1.1.0", releaseNotes: notes })).toBe(
      "1.1.0\n• Novi paket pravila\n• Brži izvoz & provjera",
    )
  })

  it("leaves no markup behind, even when the feed tries to smuggle a script", () => {
    const text = releaseNotesText({
      version: "1.1.0",
      releaseNotes: '<img src=x onerror="alert(1)"><script>alert(2)</script>Fixes',
    })
    expect(text).not.toMatch(/<\s*(img|script)/i)
    expect(text).toContain("Fixes")
  })

  it("joins a per-version list", () => {
    const releaseNotes = [
      { version: "1.1.0", note: "Two" },
      { version: "1.0.1", note: null },
    ]
    expect(releaseNotesText({ version: "1.1.0", releaseNotes })).toBe("1.1.0: Two\n\n1.0.1:")
  })

  it("drops control characters and caps the length", () => {
    expect(releaseNotesText({ version: "1", releaseNotes: "a\u0000b\u001b[31mc\r\nd" })).toBe("ab[31mc\nd")
    expect(releaseNotesText({ version: "1", releaseNotes: "z".repeat(10_000) }).length).toBe(MAX_NOTES_CHARS)
  })

  it("is empty when there are no notes", () => {
    expect(releaseNotesText({ version: "1.1.0" })).toBe("")
    expect(releaseNotesText({ version: "1.1.0", releaseNotes: null })).toBe("")
  })
})

describe("displayVersion", () => {
  it("bounds the version string from the feed", () => {
    expect(displayVersion({ version: "1.1.0" })).toBe("1.1.0")
    expect(displayVersion({ version: `1.1.0-${"a".repeat(200)}` }).length).toBe(64)
    expect(displayVersion({ version: "1.1.0\n\u0007" })).toBe("1.1.0")
  })
})
