import type { Locale } from "../../../src-shared/events/stages"

// Why a file could not be read as an e-invoice. Every failure has a stable code (for windows and
// scripts) and a message in both languages; `message` (Error's) is the English one so that logs
// and stack traces read the same everywhere.

export type EInvoiceErrorCode =
  | "TOO_LARGE"
  | "NOT_TEXT"
  | "DOCTYPE_FORBIDDEN"
  | "TOO_DEEP"
  | "TOO_MANY_ELEMENTS"
  | "NOT_WELL_FORMED"
  | "NOT_AN_EINVOICE"
  | "UNREADABLE_MODEL"

export interface LocalizedText {
  hr: string
  en: string
}

export class EInvoiceParseError extends Error {
  readonly code: EInvoiceErrorCode
  readonly text: LocalizedText

  constructor(code: EInvoiceErrorCode, text: LocalizedText) {
    super(text.en)
    this.name = "EInvoiceParseError"
    this.code = code
    this.text = text
  }

  /** The message in the user's language. */
  messageIn(locale: Locale): string {
    return this.text[locale]
  }
}
