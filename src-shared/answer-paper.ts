import { z } from "zod"
import type { FinalAnswerPayload } from "./events/payloads"
import { Locale } from "./events/stages"

// One answer on paper (issue 23): the contract between the main process, which renders an answer's
// document from its stored trace, and the window, which prints it, saves it as a PDF or copies it
// for an e-mail. One rendering, several forms: the whole document (PDF, download, and without its
// <style> the window's print view), the article inside it (the clipboard's HTML) and plain text.

export const PaperRequest = z.strictObject({ requestId: z.string().min(1).max(200) })

export const AnswerPaper = z.object({
  requestId: z.string(),
  /** The run's language: the document is written in it, whatever the window's language is. */
  locale: Locale,
  /** The document's title ("Odgovor: <question>"), also the print dialog's suggested file name. */
  title: z.string(),
  /** A file name without its extension, safe on every file system: "FiskAI-odgovor-2025-06-01-req_…". */
  fileName: z.string(),
  /** The self-contained document: inline CSS, no scripts, a CSP that fetches nothing. */
  documentHtml: z.string(),
  /** The same document without its <style>, for the window's print view (which adopts `css`). */
  frameHtml: z.string(),
  /** The document's <article>, markup only (it reads as plain HTML in an e-mail without the CSS). */
  articleHtml: z.string(),
  /** The document's stylesheet, for the window's print view. */
  css: z.string(),
  /** The answer as plain text for an e-mail: question, answer, citations with quotes, run id and hash. */
  text: z.string(),
  /** Whether this host can write a PDF itself (Electron's printToPDF); the browser host prints instead. */
  canSavePdf: z.boolean(),
})

export const SavedPaperPdf = z.object({
  /** Where the PDF was written; null when the user cancelled the save dialog. */
  path: z.string().nullable(),
})

export type PaperRequest = z.infer<typeof PaperRequest>
export type AnswerPaper = z.infer<typeof AnswerPaper>
export type SavedPaperPdf = z.infer<typeof SavedPaperPdf>

/**
 * The answer in a language: English when the run produced one and English is asked for, otherwise
 * the Croatian answer (always present). An empty English text means the headline said it all; the
 * Croatian text is not a fallback then.
 */
export function answerInLocale(payload: Pick<FinalAnswerPayload, "answerHr" | "answerEn">, locale: Locale): string {
  return locale === "en" && payload.answerEn !== undefined ? payload.answerEn : payload.answerHr
}

/**
 * The answer's text as the card and the paper show it: a comparison of documents shows its head
 * line alone ("… razlika 8, od toga važnih za porez 7."), because its differences follow as a
 * table (field, A, B, whether it matters for tax) that says everything the listed lines say. The
 * full text stays the run's answer (the trace, a copy, the CLI).
 */
export function answerShown(payload: Pick<FinalAnswerPayload, "answerHr" | "answerEn" | "documentDifferences">, locale: Locale): string {
  const text = answerInLocale(payload, locale)
  if ((payload.documentDifferences?.length ?? 0) === 0) return text
  return text.split("\n", 1)[0] ?? text
}
