import { closeSync, fstatSync, openSync, readSync } from "node:fs"
import type { IntakeLimits } from "./contract"
import { IntakeError } from "./errors"
import { tooLarge } from "./extract"

// A file named by the user, read only when it is a regular file and never past the size limit:
// a device (/dev/zero), a pipe or a huge file would otherwise hang or fill memory.

export function readDocumentFile(path: string, limits: Pick<IntakeLimits, "maxBytes">): Buffer {
  const fd = openSync(path, "r")
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile())
      throw new IntakeError("NOT_A_FILE", {
        hr: `${path} nije obična datoteka`,
        en: `${path} is not a regular file`,
      })
    if (stat.size > limits.maxBytes) throw tooLarge(stat.size, limits.maxBytes)
    const buffer = Buffer.alloc(Math.min(stat.size, limits.maxBytes) + 1)
    let length = 0
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null)
      if (read === 0) break
      length += read
      // The file grew while being read.
      if (length > limits.maxBytes) throw tooLarge(length, limits.maxBytes)
      if (length === buffer.length) break
    }
    return buffer.subarray(0, length)
  } finally {
    closeSync(fd)
  }
}
