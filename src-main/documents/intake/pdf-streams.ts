import { constants, inflateSync } from "node:zlib"
import type { IntakeLimits } from "./contract"
import type { Deadline } from "./deadline"
import { formatSize, IntakeError } from "./errors"

// A PDF's streams, decoded here with a bound before PDF.js sees the file. PDF.js decodes a
// FlateDecode stream into one growing buffer with no limit, so a stream of a few megabytes that
// inflates to gigabytes (a decompression bomb) would take the process's memory. Every stream
// whose dictionary names FlateDecode (also twice, Flate over Flate) is inflated with zlib's
// maxOutputLength: past the limit zlib stops, having allocated at most the limit. The text reader
// then only meets streams known to be bounded. Image streams count against the per-stream limit
// only (reading text never decodes images); everything else also against a total.
//
// LZW and RunLength (which expand too) are not decoded here, and an encrypted PDF's streams
// cannot be: both are refused before PDF.js opens the file (pdf.ts).

export interface StreamScan {
  streams: number
  decodedBytes: number
  /** Filters that expand and are not decoded here (LZW, RunLength), on streams other than images. */
  expandingFilters: Set<string>
  encrypted: boolean
}

const STREAM = Buffer.from("stream", "latin1")
const ENDSTREAM = Buffer.from("endstream", "latin1")
const DICT_LOOKBACK = 4096
const EXPANDING: ReadonlySet<string> = new Set(["LZWDecode", "LZW", "RunLengthDecode", "RL"])

export function scanStreams(pdf: Buffer, limits: IntakeLimits, deadline: Deadline): StreamScan {
  const scan: StreamScan = { streams: 0, decodedBytes: 0, expandingFilters: new Set(), encrypted: hasEncryptDictionary(pdf) }
  let at = pdf.indexOf(STREAM)
  while (at !== -1) {
    const bodyStart = streamBodyStart(pdf, at)
    if (bodyStart === null) {
      at = pdf.indexOf(STREAM, at + STREAM.length)
      continue
    }
    deadline.check()
    const end = pdf.indexOf(ENDSTREAM, bodyStart)
    const bodyEnd = end === -1 ? pdf.length : end
    const dict = precedingDictionary(pdf, at)
    scanOne(pdf.subarray(bodyStart, bodyEnd), dict, limits, scan)
    at = end === -1 ? -1 : pdf.indexOf(STREAM, end + ENDSTREAM.length)
  }
  return scan
}

/** "stream" as a keyword (after `>>` and space, before an end of line): where its data begins. */
function streamBodyStart(pdf: Buffer, at: number): number | null {
  if (pdf.toString("latin1", Math.max(0, at - 3), at) === "end") return null
  let j = at + STREAM.length
  if (pdf[j] === 0x0d) j += 1
  if (pdf[j] !== 0x0a && pdf[j - 1] !== 0x0d) return null
  if (pdf[j] === 0x0a) j += 1
  const before = pdf.toString("latin1", Math.max(0, at - 16), at).trimEnd()
  return before.endsWith(">>") ? j : null
}

function precedingDictionary(pdf: Buffer, at: number): string {
  const text = pdf.toString("latin1", Math.max(0, at - DICT_LOOKBACK), at)
  // The stream's dictionary is the last top-level "<< … >>" before the keyword.
  let depth = 0
  for (let j = text.length - 2; j >= 0; j -= 1) {
    if (text[j] === ">" && text[j + 1] === ">") depth += 1
    else if (text[j] === "<" && text[j + 1] === "<") {
      depth -= 1
      if (depth === 0) return text.slice(j)
    }
  }
  return text
}

function filtersOf(dict: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict)?.[1] ?? ""
  return [...filter.matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1] ?? "")
}

function scanOne(body: Buffer, dict: string, limits: IntakeLimits, scan: StreamScan): void {
  scan.streams += 1
  const filters = filtersOf(dict)
  const isImage = /\/Subtype\s*\/Image\b/.test(dict)
  if (!isImage) for (const f of filters.filter((name) => EXPANDING.has(name))) scan.expandingFilters.add(f)
  let data = body
  for (const filter of filters) {
    if (filter !== "FlateDecode" && filter !== "Fl") return
    if (scan.encrypted) return
    data = inflateBounded(data, limits)
  }
  if (filters.length === 0 || isImage) return
  scan.decodedBytes += data.length
  if (scan.decodedBytes > limits.maxPdfDecodedBytes) throw decodesTooLarge(limits.maxPdfDecodedBytes, "all")
}

function inflateBounded(data: Buffer, limits: IntakeLimits): Buffer {
  try {
    // Sync flush: a stream cut short (common in damaged files) gives what it has, as PDF.js does.
    return inflateSync(data, { maxOutputLength: limits.maxPdfStreamBytes, finishFlush: constants.Z_SYNC_FLUSH })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE")
      throw decodesTooLarge(limits.maxPdfStreamBytes, "one")
    // Not zlib data after all (a damaged stream): PDF.js will skip it as it can.
    return Buffer.alloc(0)
  }
}

function decodesTooLarge(limit: number, which: "one" | "all"): IntakeError {
  return which === "one"
    ? new IntakeError("PDF_STREAM_TOO_LARGE", {
        hr: `PDF sadrži komprimirani dio koji se raspakira u više od ${formatSize(limit)} (moguća dekompresijska bomba); datoteka nije učitana`,
        en: `the PDF holds a compressed part that unpacks to more than ${formatSize(limit)} (possibly a decompression bomb); the file was not read`,
      })
    : new IntakeError("PDF_STREAM_TOO_LARGE", {
        hr: `dijelovi PDF-a raspakiraju se ukupno u više od ${formatSize(limit)} (moguća dekompresijska bomba); datoteka nije učitana`,
        en: `the PDF's parts unpack to more than ${formatSize(limit)} in all (possibly a decompression bomb); the file was not read`,
      })
}

/** A trailer (or cross-reference stream) naming an /Encrypt dictionary. */
function hasEncryptDictionary(pdf: Buffer): boolean {
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(pdf.toString("latin1"))
}
