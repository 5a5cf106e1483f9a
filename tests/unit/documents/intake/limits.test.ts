import { deflateSync } from "node:zlib"
import { describe, expect, test } from "vitest"
import { DEFAULT_LIMITS } from "../../../../src-main/documents/intake/contract"
import { startDeadline } from "../../../../src-main/documents/intake/deadline"
import { IntakeError } from "../../../../src-main/documents/intake/errors"
import { extractDocument } from "../../../../src-main/documents/intake/extract"
import { buildPdf, zlibBomb } from "./pdf-fixtures"

// The bounds on a PDF's streams and on time, with small limits so the test itself stays small.

const SMALL = { ...DEFAULT_LIMITS, maxPdfStreamBytes: 1024 * 1024, maxPdfDecodedBytes: 3 * 1024 * 1024 }

async function codeOf(bytes: Buffer, limits = SMALL): Promise<string> {
  try {
    await extractDocument(bytes, limits)
    return "ok"
  } catch (error) {
    if (error instanceof IntakeError) return error.code
    throw error
  }
}

describe("PDF streams are decoded within bounds before PDF.js reads them", () => {
  test("a stream over the per-stream limit, also hidden under a second Flate layer, is refused", async () => {
    const plain = buildPdf({ pages: [{ rawContent: { data: zlibBomb(2), filter: "/FlateDecode" } }] })
    expect(await codeOf(plain)).toBe("PDF_STREAM_TOO_LARGE")
    const layered = buildPdf({
      pages: [{ rawContent: { data: deflateSync(zlibBomb(2)), filter: "[/FlateDecode /FlateDecode]" } }],
    })
    expect(await codeOf(layered)).toBe("PDF_STREAM_TOO_LARGE")
    // Under the limit, the same kind of stream is fine (and, being zeros, no text: a scan).
    expect(await codeOf(buildPdf({ pages: [{ rawContent: { data: zlibBomb(1).subarray(0, -6), filter: "/FlateDecode" } }] }))).not.toBe(
      "PDF_STREAM_TOO_LARGE",
    )
  })

  test("streams each under the limit but together over the total are refused", async () => {
    const pages = Array.from({ length: 4 }, () => ({ rawContent: { data: zlibBomb(1), filter: "/FlateDecode" } }))
    expect(await codeOf(buildPdf({ pages }), { ...SMALL, maxPdfStreamBytes: 2 * 1024 * 1024 })).toBe("PDF_STREAM_TOO_LARGE")
  })

  test("LZW (which expands and is not bounded here) is refused in text streams", async () => {
    const pdf = buildPdf({ pages: [{ rawContent: { data: Buffer.from([0x80, 0x0b, 0x60, 0x50]), filter: "/LZWDecode" } }] })
    expect(await codeOf(pdf)).toBe("UNSUPPORTED_TYPE")
  })
})

test("the time limit ends an extraction between steps, in both languages", () => {
  let now = 0
  const deadline = startDeadline(30_000, () => now)
  deadline.check()
  now = 30_001
  let error: unknown
  try {
    deadline.check()
  } catch (e) {
    error = e
  }
  expect(error).toBeInstanceOf(IntakeError)
  expect((error as IntakeError).code).toBe("TIMEOUT")
  expect((error as IntakeError).text("hr")).toBe("čitanje datoteke trajalo je dulje od 30 s i prekinuto je")
  expect((error as IntakeError).text("en")).toBe("reading the file took longer than 30 s and was stopped")
})
