import { DEFAULT_LIMITS, IntakeLimits, type ExtractedDocument } from "./contract"
import { startDeadline } from "./deadline"
import { detectBinaryKind } from "./detect"
import { formatSize, IntakeError } from "./errors"
import { extractPdf } from "./pdf"
import { extractTextFile } from "./text-file"

// Intake's entry: a file's bytes to its kind and text, or an IntakeError saying why not, within
// the limits (contract.ts). Pure: it reads only the bytes given, writes nothing.

export async function extractDocument(
  bytes: Uint8Array,
  limits: IntakeLimits = DEFAULT_LIMITS,
): Promise<ExtractedDocument> {
  const checked = IntakeLimits.parse(limits)
  if (bytes.length === 0)
    throw new IntakeError("EMPTY", { hr: "datoteka je prazna", en: "the file is empty" })
  if (bytes.length > checked.maxBytes) throw tooLarge(bytes.length, checked.maxBytes)
  const deadline = startDeadline(checked.maxMillis)
  const extracted =
    detectBinaryKind(bytes) === "pdf" ? await extractPdf(bytes, checked, deadline) : extractTextFile(bytes, checked)
  return { ...extracted, text: storableText(extracted.text) }
}

/**
 * Text SQLite stores as it is: a lone UTF-16 surrogate (a PDF's broken ToUnicode map) would
 * become U+FFFD in the database anyway, and NUL ends a C string; both are replaced here, visibly.
 */
export function storableText(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replaceAll("\u0000", "\uFFFD")
}

export function tooLarge(size: number, maxBytes: number): IntakeError {
  return new IntakeError("TOO_LARGE", {
    hr: `datoteka ima ${formatSize(size)}; najveća dopuštena veličina je ${formatSize(maxBytes)}`,
    en: `the file is ${formatSize(size)}; the largest allowed is ${formatSize(maxBytes)}`,
  })
}
