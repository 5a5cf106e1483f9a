import { constants, deflateRawSync, deflateSync } from "node:zlib"

// Small PDF writers for the intake tests: real files (header, objects, cross-reference table,
// trailer) built at run time, so every fixture is visible here and nothing binary is checked in.

export interface PdfPage {
  /** Lines of text on the page; none for a page without a text layer (a scan). */
  lines?: string[]
  /** The content stream's bytes instead of text lines (a hostile stream). */
  rawContent?: { data: Buffer; filter?: string; extraDict?: string }
}

export interface PdfOptions {
  pages: PdfPage[]
  title?: string
  compress?: boolean
  /** Extra trailer entries, e.g. an /Encrypt reference. */
  trailerExtra?: string
  /** Bytes appended inside a comment before the trailer (to make a large file). */
  padding?: number
}

// Croatian letters outside WinAnsi, mapped into free codes by the font's /Differences.
const DIFFERENCES: ReadonlyArray<[string, number, string]> = [
  ["č", 0x80, "ccaron"],
  ["ć", 0x81, "cacute"],
  ["đ", 0x82, "dcroat"],
  ["Č", 0x83, "Ccaron"],
  ["Ć", 0x84, "Cacute"],
  ["Đ", 0x85, "Dcroat"],
]
const WIN_ANSI_EXTRA: Readonly<Record<string, number>> = { š: 0x9a, Š: 0x8a, ž: 0x9e, Ž: 0x8e }

function encodeText(line: string): Buffer {
  const bytes: number[] = []
  for (const ch of line) {
    const diff = DIFFERENCES.find(([c]) => c === ch)
    const code = diff?.[1] ?? WIN_ANSI_EXTRA[ch] ?? ch.charCodeAt(0)
    if (code === 0x28 || code === 0x29 || code === 0x5c) bytes.push(0x5c)
    bytes.push(code & 0xff)
  }
  return Buffer.from(bytes)
}

function textContent(lines: string[]): Buffer {
  const parts: Buffer[] = [Buffer.from("BT /F1 12 Tf 14 TL 72 760 Td\n", "latin1")]
  for (const line of lines) parts.push(Buffer.from("(", "latin1"), encodeText(line), Buffer.from(") Tj T*\n", "latin1"))
  parts.push(Buffer.from("ET\n", "latin1"))
  return Buffer.concat(parts)
}

function streamObject(dict: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, "latin1"),
    data,
    Buffer.from("\nendstream", "latin1"),
  ])
}

function contentObject(page: PdfPage, compress: boolean): Buffer {
  if (page.rawContent !== undefined) {
    const { data, filter, extraDict } = page.rawContent
    return streamObject(`${filter ? `/Filter ${filter}` : ""} ${extraDict ?? ""}`, data)
  }
  const data = textContent(page.lines ?? [])
  return compress ? streamObject("/Filter /FlateDecode", deflateSync(data)) : streamObject("", data)
}

/** A PDF with the given pages (object numbers: 1 catalog, 2 pages, 3 font, 4 info, then page + content pairs). */
export function buildPdf(options: PdfOptions): Buffer {
  const objects: Buffer[] = []
  const pageIds = options.pages.map((_, i) => 5 + i * 2)
  const differences = DIFFERENCES.map(([, code, name]) => `${code} /${name}`).join(" ")
  objects.push(Buffer.from("<< /Type /Catalog /Pages 2 0 R >>", "latin1"))
  objects.push(Buffer.from(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`, "latin1"))
  objects.push(
    Buffer.from(
      `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${differences}] >> >>`,
      "latin1",
    ),
  )
  objects.push(Buffer.from(`<< /Producer (fiskai test) ${options.title ? `/Title (${options.title})` : ""} >>`, "latin1"))
  options.pages.forEach((page, i) => {
    const contentId = 6 + i * 2
    objects.push(
      Buffer.from(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`,
        "latin1",
      ),
    )
    objects.push(contentObject(page, options.compress ?? false))
  })
  return assemble(objects, options)
}

function assemble(objects: Buffer[], options: PdfOptions): Buffer {
  const chunks: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")]
  let offset = chunks[0]?.length ?? 0
  const offsets: number[] = []
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, "latin1"), body, Buffer.from("\nendobj\n", "latin1")])
    offsets.push(offset)
    chunks.push(chunk)
    offset += chunk.length
  })
  if (options.padding !== undefined && options.padding > 0) {
    const padding = Buffer.alloc(options.padding, 0x20)
    padding[0] = 0x25 // "%": a comment
    padding[padding.length - 1] = 0x0a
    chunks.push(padding)
    offset += padding.length
  }
  const xref = [`xref\n0 ${objects.length + 1}\n`, "0000000000 65535 f \n", ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`)]
  chunks.push(
    Buffer.from(
      `${xref.join("")}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R ${options.trailerExtra ?? ""} >>\nstartxref\n${offset}\n%%EOF\n`,
      "latin1",
    ),
  )
  return Buffer.concat(chunks)
}

/**
 * A zlib stream that inflates to `mebibytes` MiB of zeros in about a thousandth of that: one
 * sync-flushed deflate block of 1 MiB of zeros, repeated (each block only refers back into zeros,
 * so any number of copies is a valid stream), a final empty block, and the Adler-32 of the whole.
 */
export function zlibBomb(mebibytes: number): Buffer {
  const mib = 1024 * 1024
  const block = deflateRawSync(Buffer.alloc(mib), { level: 9, finishFlush: constants.Z_SYNC_FLUSH })
  const adler = Buffer.alloc(4)
  // Adler-32 of n zero bytes: A = 1, B = n mod 65521.
  adler.writeUInt32BE((((mebibytes * mib) % 65521) * 65536 + 1) >>> 0)
  const blocks: Buffer[] = Array.from({ length: mebibytes }, () => block)
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...blocks, Buffer.from([0x03, 0x00]), adler])
}
