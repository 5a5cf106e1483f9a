import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CsvReader, csvRow, unguardText } from "../../../src-main/export/csv"

function parse(text: string): string[][] {
  const rows: string[][] = []
  const reader = new CsvReader()
  reader.feed(text, (fields) => rows.push(fields))
  reader.end()
  return rows
}

describe("CSV for Excel", () => {
  it("quotes commas, quotes and line breaks, and keeps Croatian letters", () => {
    expect(csvRow(["a,b", 'say "hi"', "line\nbreak", "čćžšđ ČĆŽŠĐ", null, 0.58, 3])).toBe(
      '"a,b","say ""hi""","line\nbreak",čćžšđ ČĆŽŠĐ,,0.58,3\r\n',
    )
  })

  it("defuses text Excel would run as a formula, reversibly", () => {
    expect(csvRow(["=1+1", "+x", "-y", "@z", "'q", "ok"])).toBe("'=1+1,'+x,'-y,'@z,''q,ok\r\n")
    expect(parse(csvRow(["=HYPERLINK(1)", "'quoted"])).map((r) => r.map(unguardText))).toEqual([["=HYPERLINK(1)", "'quoted"]])
  })

  it("reads back exactly what it wrote, for any text", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = rows.map((r) => csvRow(r)).join("")
        expect(parse(text).map((r) => r.map(unguardText))).toEqual(rows)
      }),
    )
  })

  it("rejects a bare LF and a missing final CRLF", () => {
    expect(() => parse("a,b\n")).toThrow(/LF without CR/)
    expect(() => parse("a,b")).toThrow(/does not end with CRLF/)
  })
})

describe("CsvReader on a file from outside", () => {
  it("refuses a record longer than its limit (an unclosed quote holds no more than that)", () => {
    const reader = new CsvReader({ maxRecordChars: 100 })
    const rows: string[][] = []
    reader.feed("a,b\r\n", (fields) => rows.push(fields))
    expect(() => reader.feed(`"${"x".repeat(200)}`, (fields) => rows.push(fields))).toThrow(/line 2: a record longer than 100 characters/)
    expect(rows).toEqual([["a", "b"]])
  })
})
