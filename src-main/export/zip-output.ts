import { open, type FileHandle } from "node:fs/promises"
import {
  centralDirectoryHeader,
  dataDescriptor,
  endOfCentralDirectory,
  localFileHeader,
  METHOD_DEFLATE,
  type ZipEntryInfo,
} from "./zip-records"

// A ZIP file written front to back: entries one after another, then the central directory. An
// entry is either streamed (its deflated data written as it is produced, CRC and sizes in a data
// descriptor after it) or added whole from data already deflated elsewhere (sizes in its header).
// Compression itself happens outside (content-stream.ts), so this class only places bytes.

export interface DeflatedData {
  crc32: number
  /** Uncompressed bytes. */
  size: number
  compressedSize: number
}

export class ZipOutput {
  private readonly entries: ZipEntryInfo[] = []
  private position = 0
  private streaming: ZipEntryInfo | null = null

  private constructor(
    private readonly file: FileHandle,
    private readonly mtime: Date,
  ) {}

  /** Creates `path`; "wx": a temporary name is ours alone, never write through someone else's file. */
  static async create(path: string, mtime: Date): Promise<ZipOutput> {
    return new ZipOutput(await open(path, "wx", 0o600), mtime)
  }

  /** Starts a streamed entry; its deflated bytes follow through `write`, then `endStreamedEntry`. */
  async beginStreamedEntry(name: string): Promise<void> {
    if (this.streaming !== null) throw new Error(`${this.streaming.name} is still being written`)
    const entry = this.newEntry(name, { crc32: 0, size: 0, compressedSize: 0 }, true)
    this.streaming = entry
    await this.write(localFileHeader(entry))
  }

  /** Appends bytes at the end of the file (a streamed entry's deflated data). */
  async write(bytes: Uint8Array): Promise<void> {
    let done = 0
    while (done < bytes.length) {
      const { bytesWritten } = await this.file.write(bytes, done, bytes.length - done, this.position)
      done += bytesWritten
      this.position += bytesWritten
    }
  }

  async endStreamedEntry(data: DeflatedData): Promise<void> {
    const entry = this.streaming
    if (entry === null) throw new Error("no entry is being streamed")
    Object.assign(entry, data)
    this.streaming = null
    this.entries.push(entry)
    await this.write(dataDescriptor(entry))
  }

  /** Adds an entry whose deflated data is read from `chunks` (a temporary file, or a buffer). */
  async addDeflatedEntry(name: string, data: DeflatedData, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
    if (this.streaming !== null) throw new Error(`${this.streaming.name} is still being written`)
    const entry = this.newEntry(name, data, false)
    await this.write(localFileHeader(entry))
    let copied = 0
    for await (const chunk of chunks) {
      await this.write(chunk)
      copied += chunk.length
    }
    if (copied !== data.compressedSize) throw new Error(`${name}: expected ${data.compressedSize} deflated bytes, got ${copied}`)
    this.entries.push(entry)
  }

  /** Writes the central directory and the end records, flushes to disk, and closes. Returns the file's size. */
  async finish(): Promise<number> {
    if (this.streaming !== null) throw new Error(`${this.streaming.name} was never finished`)
    const directoryOffset = this.position
    const directory = Buffer.concat(this.entries.map(centralDirectoryHeader))
    await this.write(directory)
    await this.write(endOfCentralDirectory(this.entries.length, directoryOffset, directory.length))
    await this.file.sync()
    await this.file.close()
    return this.position
  }

  /** Closes without finishing (failure or cancel); the caller removes the file. */
  async abort(): Promise<void> {
    await this.file.close().catch(() => undefined)
  }

  private newEntry(name: string, data: DeflatedData, streamed: boolean): ZipEntryInfo {
    return { name, method: METHOD_DEFLATE, mtime: this.mtime, ...data, offset: this.position, streamed }
  }
}
