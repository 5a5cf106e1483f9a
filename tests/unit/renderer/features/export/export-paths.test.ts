import { describe, expect, it } from "vitest"
import {
  folderOf,
  formatBytes,
  joinPath,
  suggestedFileName,
} from "../../../../../src-renderer/features/export/export-paths"
import { ANY_FILTER, filterSelection } from "../../../../../src-renderer/features/export/export-selection"

describe("suggested bundle paths", () => {
  const at = new Date(2025, 5, 1, 14, 30, 5)

  it("names what the bundle holds and when it was made, and never repeats the previous name", () => {
    expect(suggestedFileName(at)).toBe("fiskai-audit-2025-06-01-143005.zip")
    expect(suggestedFileName(at, "7f3a9c21-44e0-4b6a-9d1e-0c5b2a7e8f10")).toBe(
      "fiskai-audit-7f3a9c21-2025-06-01-143005.zip",
    )
    expect(suggestedFileName(at, "../..")).toBe("fiskai-audit-trace-2025-06-01-143005.zip")
    expect(suggestedFileName(at, undefined, 2)).toBe("fiskai-audit-2025-06-01-143005-2.zip")
  })

  it("joins with the host's separator and finds the folder of either kind of path", () => {
    expect(joinPath({ folder: "/data/exports", separator: "/" }, "a.zip")).toBe("/data/exports/a.zip")
    expect(joinPath({ folder: "C:\\Data\\exports\\", separator: "\\" }, "a.zip")).toBe(
      "C:\\Data\\exports\\a.zip",
    )
    expect(folderOf("/data/exports/a.zip")).toBe("/data/exports")
    expect(folderOf("C:\\Data\\a.zip")).toBe("C:\\Data")
    expect(folderOf("/a.zip")).toBe("/")
    expect(folderOf("a.zip")).toBe("")
  })

  it("gives sizes in the UI's number style", () => {
    expect(formatBytes(512, "hr")).toBe("512 B")
    expect(formatBytes(1536, "hr")).toBe("1,5 KB")
    expect(formatBytes(1536, "en")).toBe("1.5 KB")
    expect(formatBytes(25 * 1024 * 1024, "en")).toBe("25 MB")
  })
})

describe("filterSelection", () => {
  it("leaves out what is not set and refuses a reversed or malformed range", () => {
    expect(filterSelection(ANY_FILTER)).toEqual({ selection: {}, problem: null })
    expect(
      filterSelection({ ...ANY_FILTER, since: "2025-01-01", clientId: "c1", outcome: "ANSWER" }).selection,
    ).toEqual({
      since: "2025-01-01",
      clientId: "c1",
      outcome: "ANSWER",
    })
    expect(filterSelection({ ...ANY_FILTER, since: "2025-02-01", until: "2025-01-31" })).toEqual({
      selection: null,
      problem: "badRange",
    })
    expect(filterSelection({ ...ANY_FILTER, until: "31.01.2025." })).toEqual({
      selection: null,
      problem: "badDate",
    })
  })
})
