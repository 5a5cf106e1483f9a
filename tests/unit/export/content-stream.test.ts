import { createHash } from "node:crypto"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { constants, crc32, inflateRawSync } from "node:zlib"
import { CHUNK_BYTES, ContentStream, deflateWhole } from "../../../src-main/export/content-stream"

// A bundle file is deflated in independent chunks on several threads and stitched into one
// deflate stream; whatever the sizes of the writes, inflating it must give back exactly the
// bytes written, and the digests must be those of those bytes.

async function roundTrip(writes: Array<string | Uint8Array>, strategy?: number) {
  const deflated: Buffer[] = []
  const stream = new ContentStream(
    async (bytes) => {
      deflated.push(Buffer.from(bytes))
    },
    { level: 1, ...(strategy === undefined ? {} : { strategy }) },
  )
  for (const write of writes) if (typeof write === "string") stream.write(write)
  else stream.writeBytes(write)
  const digest = await stream.end()
  const written = Buffer.concat(writes.map((w) => (typeof w === "string" ? Buffer.from(w, "utf8") : Buffer.from(w))))
  const compressed = Buffer.concat(deflated)
  return { digest, written, compressed, inflated: inflateRawSync(compressed) }
}

describe("ContentStream", () => {
  it("inflates back to exactly what was written across many chunks, with its SHA-256, CRC-32 and sizes", async () => {
    const line = `{"question":"Moram li ući u sustav PDV-a? čćžšđ ČĆŽŠĐ €","n":12345}\n`
    const writes: Array<string | Uint8Array> = []
    for (let i = 0; writes.length < 60_000; i++) writes.push(i % 3 === 0 ? Buffer.from(line, "utf8") : `${i}:${line}`)
    // A write larger than a chunk, and an empty one.
    writes.push(Buffer.alloc(CHUNK_BYTES * 2 + 17, "x"), "", "x".repeat(CHUNK_BYTES))
    const { digest, written, compressed, inflated } = await roundTrip(writes)
    expect(written.length).toBeGreaterThan(4 * CHUNK_BYTES)
    expect(inflated.equals(written)).toBe(true)
    expect(digest.sha256).toBe(createHash("sha256").update(written).digest("hex"))
    expect(digest.crc32).toBe(crc32(written))
    expect(digest.size).toBe(written.length)
    expect(digest.compressedSize).toBe(compressed.length)
    expect(compressed.length).toBeLessThan(written.length / 4)
  })

  it("round-trips any text and bytes, with Huffman coding alone too", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ unit: "binary" }), fc.uint8Array({ maxLength: 5000 })), { maxLength: 40 }),
        fc.boolean(),
        async (writes, huffman) => {
          const { digest, written, inflated } = await roundTrip(writes, huffman ? constants.Z_HUFFMAN_ONLY : undefined)
          expect(inflated.equals(written)).toBe(true)
          expect(digest.crc32).toBe(crc32(written))
        },
      ),
      { numRuns: 60 },
    )
  })

  it("deflates a small file whole", async () => {
    const bytes = Buffer.from('{"manifest":"čćž"}', "utf8")
    const { digest, deflated } = await deflateWhole(bytes, 1)
    expect(inflateRawSync(deflated).equals(bytes)).toBe(true)
    expect(digest).toMatchObject({ size: bytes.length, compressedSize: deflated.length, crc32: crc32(bytes) })
  })

  it("stops writing once abandoned", async () => {
    const sunk: number[] = []
    const stream = new ContentStream(
      async (bytes) => {
        sunk.push(bytes.length)
      },
      { level: 1 },
    )
    stream.writeBytes(Buffer.alloc(CHUNK_BYTES * 3, "y"))
    await stream.abandon()
    expect(sunk).toEqual([])
  })
})
