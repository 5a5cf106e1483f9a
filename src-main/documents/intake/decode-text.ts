import { IntakeError } from "./errors"

// Bytes of a text file to a string. UTF-8 (with or without a byte order mark) first; UTF-16 when
// its byte order mark says so (Excel's "Unicode text"); otherwise Windows-1250, the code page of
// Croatian Windows, which older Croatian programs and Excel's "CSV" still write. Windows-1250
// decodes every byte, so a file is taken for binary (and refused) by its NUL bytes instead.

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1250"

export interface DecodedText {
  text: string
  encoding: TextEncodingName
}

const BINARY_SNIFF_BYTES = 8192

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b)
}

/** NUL bytes or most C0 control characters near the start: not a text file. */
export function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, BINARY_SNIFF_BYTES)
  let controls = 0
  for (const b of sample) {
    if (b === 0) return true
    // Tab, line feed, form feed, carriage return and ESC occur in text; other C0 codes do not.
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) controls += 1
  }
  return controls > sample.length / 100
}

export function decodeText(bytes: Uint8Array): DecodedText {
  if (startsWith(bytes, [0xff, 0xfe])) return { text: decode("utf-16le", bytes.subarray(2)), encoding: "utf-16le" }
  if (startsWith(bytes, [0xfe, 0xff])) return { text: decode("utf-16be", bytes.subarray(2)), encoding: "utf-16be" }
  const body = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? bytes.subarray(3) : bytes
  if (looksBinary(body))
    throw new IntakeError("UNSUPPORTED_TYPE", {
      hr: "datoteka nije tekst, PDF, XML ni CSV (binarni sadržaj); podržani su PDF, XML, CSV i obični tekst",
      en: "the file is not text, PDF, XML or CSV (binary content); PDF, XML, CSV and plain text are supported",
    })
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "utf-8" }
  } catch {
    return { text: decode("windows-1250", body), encoding: "windows-1250" }
  }
}

function decode(encoding: TextEncodingName, bytes: Uint8Array): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes)
  } catch {
    throw new IntakeError("TEXT_UNDECODABLE", {
      hr: `tekst datoteke nije ispravno kodiran (${encoding}); spremite ga kao UTF-8`,
      en: `the file's text is not valid ${encoding}; save it as UTF-8`,
    })
  }
}
