import { open, rm, type FileHandle } from "node:fs/promises"

// A temporary file beside the bundle that holds bytes the pass produces but the ZIP can only take
// later: the deflated content files after the first (a ZIP holds its entries one after another),
// and the manifest's list of traces. Always removed, whatever happens.

const COPY_CHUNK_BYTES = 1 << 20

export class SpillFile {
  private position = 0

  private constructor(
    readonly path: string,
    private readonly file: FileHandle,
  ) {}

  /** "wx+": a fresh file of ours alone (like the bundle's temporary name). */
  static async create(path: string): Promise<SpillFile> {
    return new SpillFile(path, await open(path, "wx+", 0o600))
  }

  /** Bytes written so far. */
  get size(): number {
    return this.position
  }

  /** Appends bytes (a ContentStream's sink: called in order, one write at a time). */
  readonly append = async (bytes: Uint8Array): Promise<void> => {
    let done = 0
    while (done < bytes.length) {
      const { bytesWritten } = await this.file.write(bytes, done, bytes.length - done, this.position)
      done += bytesWritten
      this.position += bytesWritten
    }
  }

  /** The bytes written so far, in chunks. */
  async *read(): AsyncIterable<Uint8Array> {
    const buffer = Buffer.allocUnsafeSlow(COPY_CHUNK_BYTES)
    for (let at = 0; at < this.position; ) {
      const { bytesRead } = await this.file.read(buffer, 0, Math.min(COPY_CHUNK_BYTES, this.position - at), at)
      if (bytesRead === 0) throw new Error(`${this.path} ended early`)
      at += bytesRead
      yield buffer.subarray(0, bytesRead)
    }
  }

  async remove(): Promise<void> {
    await this.file.close().catch(() => undefined)
    await rm(this.path, { force: true })
  }
}
