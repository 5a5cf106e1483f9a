import { createHash } from "node:crypto"
import type { Readable } from "node:stream"
import { openPromise, type Entry, type ZipFile } from "yauzl"

// Read access to a bundle ZIP for the verifier: the entry list, whole small entries, and large
// entries as streams of lines, with the SHA-256 of every byte read. yauzl checks each entry's
// CRC-32 and sizes, so a byte flipped inside the ZIP surfaces as a read error naming the entry.

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

export class BundleReader {
  private constructor(
    private readonly zip: ZipFile,
    readonly entries: ReadonlyMap<string, Entry>,
    /** Names that occur more than once in the ZIP (a second copy could hide from a hash check). */
    readonly duplicates: readonly string[],
  ) {}

  static async open(path: string): Promise<BundleReader> {
    let zip: ZipFile
    try {
      zip = await openPromise(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true })
    } catch (error) {
      throw new BundleReadError(`${path} is not a readable ZIP file: ${(error as Error).message}`)
    }
    const entries = new Map<string, Entry>()
    const duplicates: string[] = []
    try {
      for await (const entry of zip.eachEntry()) {
        if (entries.has(entry.fileName)) duplicates.push(entry.fileName)
        else entries.set(entry.fileName, entry)
      }
    } catch (error) {
      zip.close()
      throw new BundleReadError(`the ZIP's directory is damaged: ${(error as Error).message}`)
    }
    return new BundleReader(zip, entries, duplicates)
  }

  names(): string[] {
    return [...this.entries.keys()].sort()
  }

  private async stream(name: string): Promise<Readable> {
    const entry = this.entries.get(name)
    if (entry === undefined) throw new BundleReadError(`${name} is not in the bundle`, name)
    try {
      const stream = await this.zip.openReadStreamPromise(entry)
      // yauzl reports a damaged entry by emitting 'error' without destroying the stream; an
      // iterator that starts after that would wait forever. Destroying with the error makes every
      // later read fail at once, and the listener keeps it from being an unhandled event.
      stream.on("error", (error) => {
        if (!stream.destroyed) stream.destroy(error)
      })
      return stream
    } catch (error) {
      throw new BundleReadError(`${name} cannot be read: ${(error as Error).message}`, name)
    }
  }

  /** A whole entry, refused above `maxBytes` (manifest, signature, packs are small). */
  async readAll(name: string, maxBytes: number): Promise<Buffer> {
    const entry = this.entries.get(name)
    if (entry !== undefined && entry.uncompressedSize > maxBytes) throw new BundleReadError(`${name} is implausibly large (${entry.uncompressedSize} bytes)`, name)
    const chunks: Buffer[] = []
    try {
      for await (const chunk of await this.stream(name)) chunks.push(chunk as Buffer)
    } catch (error) {
      if (error instanceof BundleReadError) throw error
      throw new BundleReadError(`${name} cannot be read: ${(error as Error).message}`, name)
    }
    return Buffer.concat(chunks)
  }

  async digest(name: string): Promise<EntryDigest> {
    const hash = createHash("sha256")
    let bytes = 0
    try {
      for await (const chunk of await this.stream(name)) {
        hash.update(chunk as Buffer)
        bytes += (chunk as Buffer).length
      }
    } catch (error) {
      if (error instanceof BundleReadError) throw error
      throw new BundleReadError(`${name} cannot be read: ${(error as Error).message}`, name)
    }
    return { sha256: hash.digest("hex"), bytes }
  }

  /**
   * The entry's lines (split on LF; a CR stays part of its line; a final line without LF is still
   * returned), with a digest of the raw bytes that is complete once the iteration ends. Pulls
   * from the ZIP only as fast as the lines are consumed.
   */
  async lines(name: string): Promise<{ lines: AsyncIterable<string>; digest: () => EntryDigest }> {
    const { chunks, digest } = await this.text(name)
    async function* split(): AsyncIterable<string> {
      let rest = ""
      for await (const chunk of chunks) {
        const parts = (rest + chunk).split("\n")
        rest = parts.pop() ?? ""
        yield* parts
      }
      if (rest !== "") yield rest
    }
    return { lines: split(), digest }
  }

  /** The entry as text chunks (UTF-8 decoded across chunk boundaries), with its digest. */
  async text(name: string): Promise<{ chunks: AsyncIterable<string>; digest: () => EntryDigest }> {
    const stream = await this.stream(name)
    const hash = createHash("sha256")
    let bytes = 0
    let digest: EntryDigest | null = null
    const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })
    async function* iterate(): AsyncIterable<string> {
      try {
        for await (const chunk of stream) {
          hash.update(chunk as Buffer)
          bytes += (chunk as Buffer).length
          yield decoder.decode(chunk as Buffer, { stream: true })
        }
        yield decoder.decode()
      } catch (error) {
        throw new BundleReadError(`${name} cannot be read: ${(error as Error).message}`, name)
      }
      digest = { sha256: hash.digest("hex"), bytes }
    }
    return {
      chunks: iterate(),
      digest: () => {
        if (digest === null) throw new Error(`${name} was not read to its end`)
        return digest
      },
    }
  }

  close(): void {
    this.zip.close()
  }
}
