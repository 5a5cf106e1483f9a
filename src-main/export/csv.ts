// RFC 4180 CSV as Excel reads it: UTF-8 with a byte-order mark, CRLF line ends, fields quoted when
// they hold a comma, a quote, CR or LF (quotes doubled). Text that Excel would run as a formula
// (leading = + - @ TAB CR) is prefixed with an apostrophe, and so is text that already starts with
// one, so the rule can be undone exactly: a reader drops one leading apostrophe of a text field.

export const CSV_BOM = "\uFEFF"
export const CSV_EOL = "\r\n"

export type CsvCell = string | number | boolean | null

const FORMULA_START = /^[=+\-@\t\r']/

function escapeText(text: string): string {
  const guarded = FORMULA_START.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
}

export function csvCell(value: CsvCell): string {
  if (value === null) return ""
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : ""
  if (typeof value === "boolean") return value ? "true" : "false"
  return escapeText(value)
}

export function csvRow(values: readonly CsvCell[]): string {
  return values.map(csvCell).join(",") + CSV_EOL
}

/** Undo the formula guard of one text field read from the file. */
export function unguardText(field: string): string {
  return field.startsWith("'") ? field.slice(1) : field
}

/**
 * An incremental RFC 4180 parser: feed text chunks, get complete records with the 1-based line
 * where each started. Strict: CRLF is the only record separator, a bare quote inside an unquoted
 * field or text after a closing quote is an error; so is a record longer than `maxRecordChars`
 * (a file from outside cannot make the reader hold more than that).
 */
export class CsvReader {
  private field = ""
  private record: string[] = []
  private inQuotes = false
  private afterQuote = false
  private pendingCr = false
  private line = 1
  private recordLine = 1
  private fieldWasQuoted = false
  private recordChars = 0
  private readonly maxRecordChars: number

  constructor(options: { maxRecordChars?: number } = {}) {
    this.maxRecordChars = options.maxRecordChars ?? Infinity
  }

  feed(chunk: string, onRecord: (fields: string[], line: number) => void): void {
    for (const ch of chunk) {
      if ((this.recordChars += 1) > this.maxRecordChars)
        throw new CsvSyntaxError(this.recordLine, `a record longer than ${this.maxRecordChars} characters`)
      this.step(ch, onRecord)
    }
  }

  /** Flush the last record; the file must end with CRLF, so a pending record is an error. */
  end(): void {
    if (this.inQuotes) throw new CsvSyntaxError(this.recordLine, "unterminated quoted field")
    if (this.pendingCr) throw new CsvSyntaxError(this.line, "CR not followed by LF")
    if (this.field !== "" || this.record.length > 0 || this.fieldWasQuoted)
      throw new CsvSyntaxError(this.recordLine, "the last record does not end with CRLF")
  }

  private step(ch: string, onRecord: (fields: string[], line: number) => void): void {
    if (this.pendingCr) {
      if (ch !== "\n") throw new CsvSyntaxError(this.line, "CR not followed by LF")
      this.pendingCr = false
      this.record.push(this.field)
      onRecord(this.record, this.recordLine)
      this.recordChars = 0
      this.record = []
      this.field = ""
      this.afterQuote = false
      this.fieldWasQuoted = false
      this.line += 1
      this.recordLine = this.line
      return
    }
    if (this.inQuotes) {
      if (ch === '"') {
        this.inQuotes = false
        this.afterQuote = true
      } else {
        if (ch === "\n") this.line += 1
        this.field += ch
      }
      return
    }
    if (ch === '"') {
      if (this.afterQuote) {
        // A doubled quote inside a quoted field.
        this.field += '"'
        this.inQuotes = true
        this.afterQuote = false
        return
      }
      if (this.field !== "") throw new CsvSyntaxError(this.line, "quote inside an unquoted field")
      this.inQuotes = true
      this.fieldWasQuoted = true
      return
    }
    if (ch === ",") {
      this.record.push(this.field)
      this.field = ""
      this.afterQuote = false
      this.fieldWasQuoted = false
      return
    }
    if (ch === "\r") {
      this.pendingCr = true
      return
    }
    if (ch === "\n") throw new CsvSyntaxError(this.line, "LF without CR (records must end with CRLF)")
    if (this.afterQuote) throw new CsvSyntaxError(this.line, "text after a closing quote")
    this.field += ch
  }
}

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`line ${line}: ${reason}`)
  }
}
