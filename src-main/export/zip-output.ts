import { createHash } from "node:crypto"
import { createWriteStream, type WriteStream } from "node:fs"
import { Readable } from "node:stream"
import { ZipFile } from "yazl"
import type { ManifestFile } from "./bundle-format"

// A ZIP written as a stream: yazl writes one entry after another, pulling each entry's data only
// when its turn comes, and deflates in libuv's thread pool. Each entry's SHA-256 and length are
// taken over its uncompressed bytes as they pass, so nothing is buffered whole.

export interface ZipOutputOptions {
  /** Deflate level 0-9; the bundle uses a low level: speed matters more than size here. */
  compressionLevel: number
  /** Modification time stamped on every entry (the export time), so the ZIP is reproducible. */
  mtime: Date
}

export class ZipOutput {
  private readonly zip = new ZipFile()
  private readonly file: WriteStream
  private readonly failed: Promise<never>
  private readonly written: Promise<void>

  constructor(
    path: string,
    private readonly options: ZipOutputOptions,
  ) {
    // "wx": the temporary name is ours alone; never write through someone else's file.
    this.file = createWriteStream(path, { flags: "wx", mode: 0o600 })
    this.failed = new Promise<never>((_, reject) => {
      this.zip.on("error", reject)
      this.file.on("error", reject)
    })
    this.failed.catch(() => undefined)
    this.written = new Promise<void>((resolve) => this.file.on("close", resolve))
    this.zip.outputStream.pipe(this.file)
  }

  /** Queues an entry whose data is pulled from `chunks` when the ZIP reaches it. */
  addStream(path: string, chunks: () => Iterable<Buffer>): Promise<ManifestFile> {
    return new Promise<ManifestFile>((resolve, reject) => {
      const hash = createHash("sha256")
      let bytes = 0
      function* digesting(): Iterable<Buffer> {
        for (const chunk of chunks()) {
          hash.update(chunk)
          bytes += chunk.length
          yield chunk
        }
      }
      this.zip.addReadStreamLazy(path, this.entryOptions(), (callback) => {
        const stream = Readable.from(digesting(), { objectMode: false })
        stream.on("end", () => resolve({ path, sha256: hash.digest("hex"), bytes }))
        stream.on("error", reject)
        callback(null, stream)
      })
      this.failed.catch(reject)
    })
  }

  addBuffer(path: string, data: Buffer): ManifestFile {
    this.zip.addBuffer(data, path, this.entryOptions())
    return { path, sha256: createHash("sha256").update(data).digest("hex"), bytes: data.length }
  }

  /** Writes the central directory and waits until every byte is in the file. */
  async finish(): Promise<void> {
    this.zip.end()
    await Promise.race([this.written, this.failed])
    if (this.file.errored) throw this.file.errored
  }

  /** Stops writing; the caller removes the partial file. */
  async abort(): Promise<void> {
    this.zip.outputStream.unpipe(this.file)
    if (!this.file.closed) {
      this.file.destroy()
      await this.written
    }
  }

  private entryOptions() {
    return { mtime: this.options.mtime, compressionLevel: this.options.compressionLevel, mode: 0o100644 }
  }
}
