import { createHash } from "node:crypto"
import { openPromise, type Entry, type ZipFile } from "yauzl"
import { describeBytes, MAX_BUNDLE_BYTES, MAX_ENTRY_NAME_BYTES, MAX_ZIP_ENTRIES } from "./limits"

// Read access to a bundle ZIP for the verifier: the entry list, whole small entries, and large
// entries as streams of lines, with the SHA-256 of every byte read. Nothing the ZIP says about
// itself is taken on trust (limits.ts): the entry count and every declared size are checked
// before anything is read, and the bytes are counted again as they inflate, so an entry that
// inflates past what its header declares (or past the caller's limit) is stopped at that byte.
// yauzl checks sizes as well, so a byte flipped inside the ZIP surfaces as a read error naming
// the entry.

export class BundleReadError extends Error {
  constructor(
    message: string,
    /** The entry that could not be read, when it is one entry. */
    readonly file: string | null = null,
  ) {
    super(message)
  }
}

export interface EntryDigest {
  sha256: string
  bytes: number
}

/** One line of an entry: its text, or why it was not read (too long, not UTF-8). */
export type RawLine = { line: number; bytes: number; text: string; problem?: undefined } | { line: number; bytes: number; text: null; problem: string }

const EMPTY = Buffer.alloc(0)

export class BundleReader {
  private constructor(
    private readonly zip: ZipFile,
    readonly entries: ReadonlyMap<string, Entry>,
    /** Names that occur more than once in the ZIP (a second copy could hide from a hash check). */
    readonly duplicates: readonly string[],
    /** Entries left out, each said in words (a name too long to be a bundle file). */
    readonly skipped: readonly string[],
  ) {}

  static async open(path: string): Promise<BundleReader> {
    let zip: ZipFile
    try {
      zip = await openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true })
    } catch (error) {
      throw new BundleReadError(`${path} is not a readable ZIP file: ${(error as Error).message}`)
    }
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      zip.close()
      throw new BundleReadError(`the ZIP holds ${zip.entryCount} entries, more than the verifier's limit of ${MAX_ZIP_ENTRIES} (a bundle holds a handful): not read`)
    }
    const entries = new Map<string, Entry>()
    const duplicates: string[] = []
    const skipped: string[] = []
    let declared = 0
    try {
      for await (const entry of zip.eachEntry()) {
        declared += entry.uncompressedSize
        if (entry.fileNameLength > MAX_ENTRY_NAME_BYTES) {
          skipped.push(`an entry with a name of ${entry.fileNameLength} bytes, beginning "${entry.fileName.slice(0, 40)}…", is not a bundle file`)
          continue
        }
        // The header's raw fields and comment can be 128 KiB an entry: keep only what reading needs.
        entry.extraFieldRaw = EMPTY
        entry.extraFields = []
        entry.fileCommentRaw = EMPTY
        entry.fileNameRaw = EMPTY
        entry.fileComment = ""
        entry.comment = ""
        if (entries.has(entry.fileName)) duplicates.push(entry.fileName)
        else entries.set(entry.fileName, entry)
      }
    } catch (error) {
      zip.close()
      throw new BundleReadError(`the ZIP's directory is damaged: ${(error as Error).message}`)
    }
    if (declared > MAX_BUNDLE_BYTES) {
      zip.close()
      throw new BundleReadError(
        `the ZIP's files add up to ${describeBytes(declared)} uncompressed, more than the verifier's limit of ${describeBytes(MAX_BUNDLE_BYTES)}: not read`,
      )
    }
    return new BundleReader(zip, entries, duplicates, skipped)
  }

  names(): string[] {
    return [...this.entries.keys()].sort()
  }

  /** The entry's uncompressed size as the ZIP declares it (reading checks it). */
  declaredSize(name: string): number | null {
    return this.entries.get(name)?.uncompressedSize ?? null
  }

  /**
   * The entry's bytes as they inflate. Refused before reading when the ZIP declares more than
   * `limit`; stopped at the first byte past the declared size or `limit`, whichever the header
   * says (yauzl stops at the declared size too; this count does not depend on it).
   */
  private async *bytes(name: string, limit: number): AsyncGenerator<Buffer> {
    const entry = this.entries.get(name)
    if (entry === undefined) throw new BundleReadError(`${name} is not in the bundle`, name)
    const declared = entry.uncompressedSize
    if (declared > limit)
      throw new BundleReadError(
        `${name} is ${describeBytes(declared)} uncompressed (as the ZIP declares it), over the verifier's limit of ${describeBytes(limit)} for this file: not read`,
        name,
      )
    let stream
    try {
      stream = await this.zip.openReadStreamPromise(entry)
    } catch (error) {
      throw new BundleReadError(`${name} cannot be read: ${(error as Error).message}`, name)
    }
    // yauzl reports a damaged entry by emitting 'error' without destroying the stream; an
    // iterator that starts after that would wait forever. Destroying with the error makes every
    // later read fail at once, and the listener keeps it from being an unhandled event.
    stream.on("error", (error) => {
      if (!stream.destroyed) stream.destroy(error)
    })
    let read = 0
    try {
      for await (const chunk of stream) {
        const buffer = chunk as Buffer
        read += buffer.length
        if (read > declared)
          throw new BundleReadError(`${name} inflates to more than the ${describeBytes(declared)} the ZIP declares for it: it was stopped there`, name)
        yield buffer
      }
    } catch (error) {
      stream.destroy()
      if (error instanceof BundleReadError) throw error
      throw new BundleReadError(`${name} cannot be read: ${(error as Error).message}`, name)
    }
    if (read !== declared) throw new BundleReadError(`${name} holds ${read} bytes, not the ${declared} the ZIP declares`, name)
  }

  /** A whole entry, refused above `maxBytes` (manifest, signature, packs are small). */
  async readAll(name: string, maxBytes: number): Promise<Buffer> {
    const chunks: Buffer[] = []
    for await (const chunk of this.bytes(name, maxBytes)) chunks.push(chunk)
    return Buffer.concat(chunks)
  }

  async digest(name: string): Promise<EntryDigest> {
    const hash = createHash("sha256")
    let bytes = 0
    for await (const chunk of this.bytes(name, MAX_BUNDLE_BYTES)) {
      hash.update(chunk)
      bytes += chunk.length
    }
    return { sha256: hash.digest("hex"), bytes }
  }

  /** The entry's bytes with a digest of them that is complete once the iteration ends. */
  private hashed(name: string): { chunks: AsyncIterable<Buffer>; digest: () => EntryDigest } {
    const source = this.bytes(name, MAX_BUNDLE_BYTES)
    const hash = createHash("sha256")
    let bytes = 0
    let digest: EntryDigest | null = null
    async function* iterate(): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        hash.update(chunk)
        bytes += chunk.length
        yield chunk
      }
      digest = { sha256: hash.digest("hex"), bytes }
    }
    return {
      chunks: iterate(),
      digest: () => {
        if (digest === null) throw new BundleReadError(`${name} was not read to its end`, name)
        return digest
      },
    }
  }

  /**
   * The entry's lines (split on LF; a CR stays part of its line; a final line without LF is still
   * returned), with a digest of the raw bytes that is complete once the iteration ends. Pulls
   * from the ZIP only as fast as the lines are consumed. A line longer than `maxLineBytes` is not
   * kept: it comes as a problem, and its bytes are only hashed (memory stays flat for any length).
   */
  lines(name: string, maxLineBytes: number): { lines: AsyncIterable<RawLine>; digest: () => EntryDigest } {
    const { chunks, digest } = this.hashed(name)
    return { lines: splitLines(chunks, maxLineBytes), digest }
  }

  /** The entry as text chunks (UTF-8 decoded across chunk boundaries), with its digest. */
  text(name: string): { chunks: AsyncIterable<string>; digest: () => EntryDigest } {
    const { chunks, digest } = this.hashed(name)
    async function* decode(): AsyncGenerator<string> {
      const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
      try {
        for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true })
        yield decoder.decode()
      } catch (error) {
        if (error instanceof BundleReadError) throw error
        throw new BundleReadError(`${name} cannot be read: ${(error as Error).message}`, name)
      }
    }
    return { chunks: decode(), digest }
  }

  close(): void {
    this.zip.close()
  }
}

/**
 * Lines of a byte stream, split on the LF byte (which never occurs inside a UTF-8 sequence, so
 * each line decodes on its own). A line's pieces are kept as slices until its LF, and dropped as
 * soon as they pass `maxLineBytes`: no text is built twice, so any line costs linear time.
 */
export async function* splitLines(chunks: AsyncIterable<Buffer>, maxLineBytes: number): AsyncGenerator<RawLine> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
  let pieces: Buffer[] = []
  let length = 0
  let line = 0
  const finish = (): RawLine => {
    line += 1
    const bytes = length
    const kept = pieces
    pieces = []
    length = 0
    if (bytes > maxLineBytes)
      return { line, bytes, text: null, problem: `the line is ${describeBytes(bytes)} long, over the verifier's limit of ${describeBytes(maxLineBytes)} a line: not read` }
    try {
      return { line, bytes, text: decoder.decode(kept.length === 1 ? kept[0] : Buffer.concat(kept)) }
    } catch {
      return { line, bytes, text: null, problem: "the line is not valid UTF-8" }
    }
  }
  for await (const chunk of chunks) {
    let start = 0
    for (;;) {
      const lf = chunk.indexOf(0x0a, start)
      const end = lf === -1 ? chunk.length : lf
      if (end > start) {
        length += end - start
        if (length <= maxLineBytes) pieces.push(chunk.subarray(start, end))
        else pieces = []
      }
      if (lf === -1) break
      yield finish()
      start = lf + 1
    }
  }
  if (length > 0) yield finish()
}
