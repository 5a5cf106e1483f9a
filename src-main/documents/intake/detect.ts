import { IntakeError } from "./errors"

// The kind of a file, from its first bytes: the name may lie. PDF by its header, the binary
// formats we know by their signatures (refused with a word on what to do instead); everything else
// is looked at as text (decode-text.ts), and the text decides between XML, CSV and plain text.

export type BinaryKind = "pdf" | "text-like"

const PDF_HEADER = Buffer.from("%PDF-", "latin1")
// PDF readers accept the header anywhere in the first kilobyte (ISO 32000 implementation note).
const PDF_HEADER_WINDOW = 1024

interface Signature {
  bytes: readonly number[]
  hr: string
  en: string
}

const REFUSED_SIGNATURES: readonly Signature[] = [
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    hr: "ZIP arhiva (i .docx/.xlsx su ZIP); spremite dokument kao PDF ili tablicu kao CSV",
    en: "a ZIP archive (.docx/.xlsx are ZIP too); save the document as PDF or the sheet as CSV",
  },
  {
    bytes: [0x50, 0x4b, 0x05, 0x06],
    hr: "prazna ZIP arhiva",
    en: "an empty ZIP archive",
  },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0],
    hr: "stari Office dokument (.doc/.xls); spremite ga kao PDF ili CSV",
    en: "an old Office document (.doc/.xls); save it as PDF or CSV",
  },
  { bytes: [0x89, 0x50, 0x4e, 0x47], hr: "slika (PNG); aplikacija ne radi OCR", en: "an image (PNG); the app does not do OCR" },
  { bytes: [0xff, 0xd8, 0xff], hr: "slika (JPEG); aplikacija ne radi OCR", en: "an image (JPEG); the app does not do OCR" },
  { bytes: [0x47, 0x49, 0x46, 0x38], hr: "slika (GIF); aplikacija ne radi OCR", en: "an image (GIF); the app does not do OCR" },
  { bytes: [0x49, 0x49, 0x2a, 0x00], hr: "slika (TIFF); aplikacija ne radi OCR", en: "an image (TIFF); the app does not do OCR" },
  { bytes: [0x4d, 0x4d, 0x00, 0x2a], hr: "slika (TIFF); aplikacija ne radi OCR", en: "an image (TIFF); the app does not do OCR" },
  { bytes: [0x1f, 0x8b], hr: "gzip arhiva", en: "a gzip archive" },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], hr: "7z arhiva", en: "a 7z archive" },
  { bytes: [0x52, 0x61, 0x72, 0x21], hr: "RAR arhiva", en: "a RAR archive" },
]

export function unsupported(what: { hr: string; en: string }): IntakeError {
  return new IntakeError("UNSUPPORTED_TYPE", {
    hr: `nepodržana vrsta datoteke: ${what.hr}. Podržani su PDF, XML, CSV i obični tekst.`,
    en: `unsupported file type: ${what.en}. PDF, XML, CSV and plain text are supported.`,
  })
}

/** "pdf", or "text-like" for bytes to be decoded as text; throws for a known binary format. */
export function detectBinaryKind(bytes: Uint8Array): BinaryKind {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, PDF_HEADER_WINDOW))
  if (head.indexOf(PDF_HEADER) !== -1) return "pdf"
  const known = REFUSED_SIGNATURES.find((s) => s.bytes.every((b, i) => bytes[i] === b))
  if (known !== undefined) throw unsupported(known)
  return "text-like"
}

/** XML when the text's first markup (after a byte order mark and white space) opens an element or a declaration. */
export function looksLikeXml(text: string): boolean {
  const start = text.replace(/^\uFEFF/, "").trimStart()
  return /^<(\?xml[\s?]|!--|!DOCTYPE|[A-Za-z_:][\w.:-]*[\s/>])/i.test(start.slice(0, 256))
}
