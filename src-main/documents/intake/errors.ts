import type { Locale } from "../../../src-shared/events/stages"

// Why a file was not taken in, with a code a host can act on and the text in both languages
// (`message` is the English, as StoreDamagedError does). Every refusal names what the user can do.

export type IntakeErrorCode =
  | "EMPTY"
  | "TOO_LARGE"
  | "NOT_A_FILE"
  | "UNSUPPORTED_TYPE"
  | "TEXT_UNDECODABLE"
  | "TEXT_TOO_LONG"
  | "TIMEOUT"
  | "PDF_DAMAGED"
  | "PDF_ENCRYPTED"
  | "PDF_TOO_MANY_PAGES"
  | "PDF_STREAM_TOO_LARGE"
  | "PDF_SCANNED"
  | "XML_DTD_FORBIDDEN"
  | "XML_MALFORMED"

export interface LocalizedText {
  hr: string
  en: string
}

export class IntakeError extends Error {
  constructor(
    readonly code: IntakeErrorCode,
    private readonly texts: LocalizedText,
  ) {
    super(texts.en)
  }

  text(locale: Locale): string {
    return this.texts[locale]
  }
}

/** Bytes as a short size for messages: "25 MB", "512 KB", "80 B". */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round(bytes / 1024 / 1024)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

export function pageList(pages: readonly number[]): string {
  const shown = pages.slice(0, 10).join(", ")
  return pages.length > 10 ? `${shown}, …` : shown
}

/** A page without a text layer, or all of them: the same words for the notice and the refusal. */
export function noTextLayerText(pages: readonly number[]): LocalizedText {
  const list = pageList(pages)
  return pages.length === 1
    ? {
        hr: `stranica ${list} nema tekstualnog sloja (skenirani dokument); aplikacija ne radi OCR`,
        en: `page ${list} has no text layer (a scanned document); the app does not do OCR`,
      }
    : {
        hr: `stranice ${list} nemaju tekstualnog sloja (skenirani dokument); aplikacija ne radi OCR`,
        en: `pages ${list} have no text layer (a scanned document); the app does not do OCR`,
      }
}
