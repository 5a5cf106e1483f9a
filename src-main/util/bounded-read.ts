import { closeSync, fstatSync, openSync, readSync } from "node:fs"

// Files named on a command line or in the environment are read only when they are regular files,
// and never past a size their kind can have: a device (/dev/zero), a pipe or a huge file would
// otherwise hang the process or fill its memory.

export class BoundedReadError extends Error {}

/** The file's text, read from a regular file of at most `maxBytes` bytes. */
export function readBoundedText(path: string, maxBytes: number, what: string): string {
  const fd = openSync(path, "r")
  try {
    if (!fstatSync(fd).isFile()) throw new BoundedReadError("not a regular file")
    const buffer = Buffer.alloc(maxBytes + 1)
    let length = 0
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null)
      if (read === 0) break
      length += read
      if (length > maxBytes) throw new BoundedReadError(`larger than ${formatMegabytes(maxBytes)}, not ${what}`)
    }
    return buffer.toString("utf8", 0, length)
  } finally {
    closeSync(fd)
  }
}

function formatMegabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`
}
