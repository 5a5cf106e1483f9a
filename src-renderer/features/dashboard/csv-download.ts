import Papa from "papaparse"
import type { Locale } from "../../../src-shared/events/stages"
import type { MetricTable } from "./dashboard-tables"

// A chart's numbers as a CSV file the user downloads. Croatian spreadsheets read a semicolon as
// the separator and a comma as the decimal mark (the comma separates fields in English ones);
// the byte order mark makes Excel read the file as UTF-8 (č, ć, š, ž).

function csvValue(value: string | number | null, locale: Locale): string {
  if (value === null) return ""
  if (typeof value === "string") return value
  const text = String(value)
  return locale === "hr" ? text.replace(".", ",") : text
}

export function tableCsv(table: MetricTable, locale: Locale): string {
  const data = table.rows.map((row) => row.map((cell) => csvValue(cell.csv, locale)))
  const body = Papa.unparse({ fields: table.columns, data }, { delimiter: locale === "hr" ? ";" : ",", newline: "\r\n" })
  return `\uFEFF${body}\r\n`
}

export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }))
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The download has its own copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
