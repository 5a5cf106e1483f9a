import { z } from "zod"

// What intake makes of a file's bytes: its kind (detected from the content, never the name), the
// text to search, the pages and what the reader should know (pages without a text layer). The
// limits bound every resource intake may use on a hostile file.

export const DocumentKind = z.enum(["pdf", "xml", "csv", "text"])
export type DocumentKind = z.infer<typeof DocumentKind>

export const IntakeNotice = z.object({
  code: z.literal("PAGES_WITHOUT_TEXT"),
  pages: z.array(z.number().int().positive()).min(1),
  hr: z.string(),
  en: z.string(),
})
export type IntakeNotice = z.infer<typeof IntakeNotice>

export const ExtractedDocument = z.object({
  kind: DocumentKind,
  /** The text to index: a PDF's text layer, a CSV's or text file's decoded text, an XML's text without its tags. */
  text: z.string(),
  /** PDF only. */
  pageCount: z.number().int().positive().nullable(),
  /** A title the file itself carries (a PDF's Title entry), if any. */
  embeddedTitle: z.string().nullable(),
  /** The decoded source of an XML file (the e-invoice parser reads it later); null for other kinds. */
  rawXml: z.string().nullable(),
  /** CSV only: the delimiter found. */
  csvDelimiter: z.enum([",", ";", "\t"]).nullable(),
  notices: z.array(IntakeNotice),
})
export type ExtractedDocument = z.infer<typeof ExtractedDocument>

export const IntakeLimits = z.object({
  /** The whole file. */
  maxBytes: z.number().int().positive(),
  maxPdfPages: z.number().int().positive(),
  /** Characters of extracted text (a UTF-16 count, as JavaScript strings measure). */
  maxTextChars: z.number().int().positive(),
  /** Any one PDF stream, decoded (peak memory while a page is read is about twice this). */
  maxPdfStreamBytes: z.number().int().positive(),
  /** All the PDF's non-image streams together, decoded. */
  maxPdfDecodedBytes: z.number().int().positive(),
  /** Wall time for the whole extraction, checked between steps (streams, pages). */
  maxMillis: z.number().int().positive(),
})
export type IntakeLimits = z.infer<typeof IntakeLimits>

export const DEFAULT_LIMITS: IntakeLimits = {
  maxBytes: 25 * 1024 * 1024,
  maxPdfPages: 500,
  maxTextChars: 2 * 1024 * 1024,
  maxPdfStreamBytes: 64 * 1024 * 1024,
  maxPdfDecodedBytes: 256 * 1024 * 1024,
  maxMillis: 30_000,
}
