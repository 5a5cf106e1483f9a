import type { ExtractedDocument, IntakeLimits } from "./contract"
import { csvText, detectCsvDelimiter } from "./csv"
import { decodeText } from "./decode-text"
import { looksLikeXml } from "./detect"
import { IntakeError } from "./errors"
import { xmlText } from "./xml"

// Everything that is not a PDF is read as text: XML when it opens with markup, a table when its
// lines line up on a delimiter, plain text otherwise.

export function extractTextFile(bytes: Uint8Array, limits: IntakeLimits): ExtractedDocument {
  const { text } = decodeText(bytes)
  const base = { pageCount: null, embeddedTitle: null, notices: [] }
  if (looksLikeXml(text)) {
    const xml = xmlText(text)
    return { ...base, kind: "xml", text: bounded(xml.text, limits), rawXml: text, csvDelimiter: null }
  }
  const delimiter = detectCsvDelimiter(text)
  if (delimiter !== null)
    return { ...base, kind: "csv", text: bounded(csvText(text, delimiter).text, limits), rawXml: null, csvDelimiter: delimiter }
  return { ...base, kind: "text", text: bounded(text.replace(/^\uFEFF/, ""), limits), rawXml: null, csvDelimiter: null }
}

export function textTooLong(limits: IntakeLimits): IntakeError {
  const thousands = Math.round(limits.maxTextChars / 1000)
  return new IntakeError("TEXT_TOO_LONG", {
    hr: `datoteka ima više od ${thousands.toLocaleString("hr-HR")} tisuća znakova teksta; podijelite je na manje dijelove`,
    en: `the file has more than ${thousands.toLocaleString("en-GB")} thousand characters of text; split it into smaller parts`,
  })
}

function bounded(text: string, limits: IntakeLimits): string {
  if (text.length > limits.maxTextChars) throw textTooLong(limits)
  return text
}
