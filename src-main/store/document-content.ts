import { createHash, randomUUID } from "node:crypto"
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from "node:fs"
import { dirname, join } from "node:path"
import { DocumentError } from "./documents-model"

// A document's bytes, kept in a file named by their SHA-256 under the documents folder beside the
// database (documents-repo.ts says why not in it): written whole (fsync, then renamed into place)
// and read back only through the hash, which is checked.

export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex")
}

/** Where the bytes with this hash are kept: in a folder named by its first two digits, so that no folder holds them all. */
export function contentPathIn(contentDir: string, sha256: string): string {
  return join(contentDir, sha256.slice(0, 2), sha256)
}

/** Writes the bytes unless a file of their size is there already (the same hash: the same bytes). */
export function writeContent(path: string, bytes: Uint8Array): void {
  if (existsSync(path) && statSync(path).size === bytes.length) return
  mkdirSync(dirname(path), { recursive: true })
  const temp = `${path}.tmp-${process.pid}-${randomUUID()}`
  const fd = openSync(temp, "wx")
  try {
    writeSync(fd, bytes)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(temp, path)
}

/** The bytes of document `id` at `path`, checked against their hash. */
export function readContent(id: string, path: string, sha256: string): Buffer {
  const bytes = existsSync(path) ? readFileSync(path) : null
  if (bytes === null || sha256Of(bytes) !== sha256)
    throw new DocumentError("content-missing", {
      hr: `sadržaj dokumenta ${id} nedostaje ili je promijenjen (${path}); dodajte datoteku ponovno`,
      en: `the content of document ${id} is missing or changed (${path}); add the file again`,
    })
  return bytes
}
