import { createHash } from "node:crypto"
import { constants, crc32, deflateRaw } from "node:zlib"
import type { DeflatedData } from "./zip-output"

// One file of the bundle on its way into the ZIP. Text and bytes are packed into chunks of about
// CHUNK_BYTES; each sealed chunk is hashed (SHA-256 for the manifest, CRC-32 for the ZIP) here, in
// order, and deflated on libuv's thread pool independently of the others, ending in a sync flush
// (as pigz does): the deflated chunks, concatenated in order and closed by an empty final block,
// form one valid deflate stream. So several chunks of one file compress at once on several cores,
// and the thread that produces the content only copies and hashes.

export const CHUNK_BYTES = 1 << 20
/** Chunks of one file being deflated or written at once; bounds the memory a file holds. */
const MAX_IN_FLIGHT = 4
/** An empty final deflate block (BFINAL=1, fixed Huffman, end-of-block): closes the stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])
/**
 * zlib's output buffer per trip to the thread pool (a deflated chunk takes two or three). Larger
 * ones measured slower: each call allocates one, and above 128 KB malloc maps fresh pages.
 */
const DEFLATE_OUTPUT_CHUNK = 64 * 1024
/** Worst case UTF-8 bytes per UTF-16 code unit. */
const MAX_UTF8_PER_UNIT = 3

export interface ContentStreamOptions {
  /** Deflate level 1-9. */
  level: number
  /** zlib strategy, e.g. Z_HUFFMAN_ONLY for text that holds no repeats worth finding (hex digests). */
  strategy?: number
}

export interface ContentDigest extends DeflatedData {
  sha256: string
}

/** Where deflated bytes go, in order: the ZIP itself or a temporary file. */
export type DeflatedSink = (bytes: Uint8Array) => Promise<void>

function deflateChunk(chunk: Buffer, options: ContentStreamOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    deflateRaw(
      chunk,
      {
        level: options.level,
        strategy: options.strategy ?? constants.Z_DEFAULT_STRATEGY,
        finishFlush: constants.Z_SYNC_FLUSH,
        chunkSize: DEFLATE_OUTPUT_CHUNK,
      },
      (error, deflated) => (error ? reject(error) : resolve(deflated)),
    )
  })
}

export class ContentStream {
  private readonly hash = createHash("sha256")
  private crc = 0
  private size = 0
  private compressedSize = 0
  private chunk: Buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES)
  private used = 0
  /** Chunk buffers whose deflating is done, for reuse: fewer large allocations left for the GC. */
  private readonly spare: Buffer[] = []
  /** Resolves when everything deflated so far is in the sink, in order. */
  private written: Promise<void> = Promise.resolve()
  private readonly inFlight: Array<Promise<void>> = []
  private abandoned = false

  constructor(
    private readonly sink: DeflatedSink,
    private readonly options: ContentStreamOptions,
  ) {}

  write(text: string): void {
    if (text.length * MAX_UTF8_PER_UNIT > CHUNK_BYTES - this.used) {
      this.seal()
      if (text.length * MAX_UTF8_PER_UNIT > CHUNK_BYTES) {
        this.submit(Buffer.from(text, "utf8"), null)
        return
      }
    }
    this.used += this.chunk.write(text, this.used, "utf8")
  }

  /** Small byte arrays are copied; a large one is deflated in place, so it must not change afterwards. */
  writeBytes(bytes: Uint8Array): void {
    if (bytes.length > CHUNK_BYTES - this.used) {
      this.seal()
      if (bytes.length > CHUNK_BYTES) {
        for (let at = 0; at < bytes.length; at += CHUNK_BYTES)
          this.submit(Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(CHUNK_BYTES, bytes.length - at)), null)
        return
      }
    }
    this.chunk.set(bytes, this.used)
    this.used += bytes.length
  }

  /** True when more chunks are pending than MAX_IN_FLIGHT: call drain before writing more. */
  get congested(): boolean {
    return this.inFlight.length > MAX_IN_FLIGHT
  }

  /** Waits until few enough chunks are pending. */
  async drain(): Promise<void> {
    while (this.inFlight.length > MAX_IN_FLIGHT) await this.inFlight.shift()
  }

  /** Deflates and writes what remains, closes the deflate stream, and returns the file's digests. */
  async end(): Promise<ContentDigest> {
    this.seal()
    this.chain(Promise.resolve(FINAL_BLOCK))
    await this.written
    this.inFlight.length = 0
    return { sha256: this.hash.digest("hex"), crc32: this.crc, size: this.size, compressedSize: this.compressedSize }
  }

  /** Stops writing (failure or cancel): what is still being deflated is dropped. Resolves once nothing is pending. */
  async abandon(): Promise<void> {
    this.abandoned = true
    this.inFlight.length = 0
    await this.written.catch(() => undefined)
  }

  private seal(): void {
    if (this.used === 0) return
    const full = this.chunk
    const sealed = full.subarray(0, this.used)
    this.chunk = this.spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES)
    this.used = 0
    this.submit(sealed, full)
  }

  /** `reusable`: the chunk buffer to take back once deflated (null for bytes that are not ours). */
  private submit(bytes: Buffer, reusable: Buffer | null): void {
    this.hash.update(bytes)
    this.crc = crc32(bytes, this.crc)
    this.size += bytes.length
    const deflated = deflateChunk(bytes, this.options)
    if (reusable !== null)
      deflated.then(
        () => {
          if (this.spare.length < MAX_IN_FLIGHT) this.spare.push(reusable)
        },
        () => undefined,
      )
    this.chain(deflated)
  }

  private chain(deflated: Promise<Buffer>): void {
    // Deflating starts now, in parallel with the chunks before it; writing waits its turn.
    deflated.catch(() => undefined)
    this.written = this.written.then(async () => {
      const bytes = await deflated
      if (this.abandoned) return
      this.compressedSize += bytes.length
      await this.sink(bytes)
    })
    // Every stored promise is also awaited later (drain or end); this only keeps a failure from
    // being reported as unhandled before then.
    this.written.catch(() => undefined)
    this.inFlight.push(this.written)
  }
}

/** A small file whole (a rule pack, the manifest): its digests and its deflated bytes. */
export async function deflateWhole(bytes: Buffer, level: number): Promise<{ digest: ContentDigest; deflated: Buffer }> {
  const parts: Buffer[] = []
  const stream = new ContentStream(async (chunk) => {
    parts.push(Buffer.from(chunk))
  }, { level })
  stream.writeBytes(bytes)
  const digest = await stream.end()
  return { digest, deflated: Buffer.concat(parts) }
}
