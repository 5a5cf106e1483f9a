import Papa from "papaparse"

// Whether a text is a table, and with which delimiter. Croatian Excel writes ";" (the comma is
// the decimal separator there), other programs ","; tab-separated text comes from copy-paste.
// A text is a table when its first lines, parsed with one delimiter, all have the same number of
// fields, at least two, over at least two lines. ";" is tried first: in a ";" table the commas
// are decimals, and would often line up too.

export type CsvDelimiter = ";" | "," | "\t"

const DELIMITERS: readonly CsvDelimiter[] = [";", "\t", ","]
const SAMPLE_LINES = 20

export function detectCsvDelimiter(text: string): CsvDelimiter | null {
  const sample = text
    .split(/\r\n|\n|\r/, SAMPLE_LINES + 1)
    .slice(0, SAMPLE_LINES)
    .filter((line) => line.trim() !== "")
  if (sample.length < 2) return null
  // The last sampled line may be cut mid-record (a quoted field with a line break): leave it out.
  const lines = sample.join("\n")
  return DELIMITERS.find((delimiter) => isTable(lines, delimiter)) ?? null
}

function isTable(lines: string, delimiter: CsvDelimiter): boolean {
  const parsed = Papa.parse<string[]>(lines, { delimiter, skipEmptyLines: true })
  const widths = new Set(parsed.data.map((row) => row.length))
  const [width] = [...widths]
  return parsed.data.length >= 2 && widths.size === 1 && width !== undefined && width >= 2
}

/** The table's text for the search index: one line per record, fields a space apart. */
export function csvText(text: string, delimiter: CsvDelimiter): { text: string; rows: number } {
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: true })
  const lines = parsed.data.map((row) => row.map((field) => field.trim()).join(" "))
  return { text: lines.join("\n"), rows: parsed.data.length }
}
