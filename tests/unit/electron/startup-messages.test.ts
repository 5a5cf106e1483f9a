import { describe, expect, it } from "vitest"
import { keptFileDialog, startupFailureDialog } from "../../../src-main/electron/startup-messages"
import { StoreDamagedError } from "../../../src-main/store/integrity"
import { SchemaTooNewError } from "../../../src-main/store/migrator"

// Issue 20, item 4: what the app's start-up dialogs say about the database file. The language
// setting lives in that file, so both languages are shown, Croatian first.

const PATH = "/home/ana/.config/FiskAI Workstation/fiskai.sqlite"

describe("start-up dialogs about the database", () => {
  it("a damaged file: both languages, the file named, that nothing was written and what to do", () => {
    const dialog = startupFailureDialog(
      new StoreDamagedError(PATH, "corrupt", [
        "table events cannot be read: SQLITE_CORRUPT: database disk image is malformed",
      ]),
    )
    expect(dialog.title).toMatch(/se ne može pokrenuti.*could not start/)
    const [hr, en] = dialog.message.split("\n\n")
    expect(hr).toMatch(/^Datoteka baze podataka .* je oštećena/)
    expect(hr).toContain(PATH)
    expect(hr).toMatch(/sigurnosnu kopiju/)
    expect(en).toMatch(/^The database file .* is damaged/)
    expect(en).toContain(PATH)
    expect(en).toMatch(/written nothing/)
    expect(en).toMatch(/backup/)
    // Other start-up failures (a database from a newer version) keep their own message.
    expect(startupFailureDialog(new SchemaTooNewError(12, 9))).toEqual({
      title: "FiskAI Workstation could not start",
      message: new SchemaTooNewError(12, 9).message,
    })
  })

  it("a file that is not a database, and an empty one with a write-ahead log: refused with their own reasons", () => {
    expect(
      startupFailureDialog(new StoreDamagedError(PATH, "not-a-database", ["it is not a regular file"]))
        .message,
    ).toMatch(/nije baza podataka[\s\S]*not a FiskAI database/)
    expect(startupFailureDialog(new StoreDamagedError(PATH, "empty-with-log", [])).message).toMatch(
      /prazna \(0 bajtova\)[\s\S]*empty \(0 bytes\)/,
    )
  })

  it("an empty file put aside: where it went, in both languages", () => {
    const dialog = keptFileDialog({
      path: PATH,
      keptAs: `${PATH}.empty-2026-03-04T05-06-07-890Z`,
      reason: "empty",
    })
    const [hr, en] = dialog.message.split("\n\n")
    expect(hr).toMatch(/bila je prazna.*Sačuvana je kao .*\.empty-2026-03-04T05-06-07-890Z/)
    expect(en).toMatch(/was empty.*kept as .*\.empty-2026-03-04T05-06-07-890Z/)
  })
})
