import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { BundleReader, BundleReadError, splitLines, type RawLine } from "../../../src-main/export/verify/bundle-reader"
import { describeBytes, jsonNestsDeeper } from "../../../src-main/export/verify/limits"
import { writeEntries } from "./bundle-files"
import { tempDir } from "./fixtures"

// The verifier's ZIP reader: lines split in linear time with a cap, sizes checked before reading
// (as declared) and while reading (as inflated), whatever the ZIP's header claims.

async function linesOf(chunks: string[] | Buffer[], max: number): Promise<RawLine[]> {
  const out: RawLine[] = []
  async function* source() {
    for (const chunk of chunks) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
  }
  for await (const line of splitLines(source(), max)) out.push(line)
  return out
}

describe("splitLines", () => {
  it("splits on LF across chunks, keeps CR, and returns a last line without LF", async () => {
    expect((await linesOf(["ab", "c\nd\r", "\n\n", "čć", "ž"], 100)).map((l) => l.text)).toEqual(["abc", "d\r", "", "čćž"])
  })

  it("gives a line over the limit as a finding, and the lines after it as they are", async () => {
    const lines = await linesOf(["x".repeat(70), "y".repeat(70), "\nnext\n"], 100)
    expect(lines).toEqual([
      { line: 1, bytes: 140, text: null, problem: "the line is 140 bytes long, over the verifier's limit of 100 bytes a line: not read" },
      { line: 2, bytes: 4, text: "next" },
    ])
  })

  it("gives a line that is not UTF-8 as a finding", async () => {
    const lines = await linesOf([Buffer.from([0x61, 0xff, 0x0a, 0x62, 0x0a])], 100)
    expect(lines).toEqual([
      { line: 1, bytes: 2, text: null, problem: "the line is not valid UTF-8" },
      { line: 2, bytes: 1, text: "b" },
    ])
  })
})

describe("limits", () => {
  it("measures JSON nesting, skipping brackets inside strings", () => {
    expect(jsonNestsDeeper('{"a":[[1]]}', 3)).toBe(false)
    expect(jsonNestsDeeper('{"a":[[[1]]]}', 3)).toBe(true)
    expect(jsonNestsDeeper('{"a":"[[[[[\\"[[["}', 1)).toBe(false)
  })

  it("says sizes as a reader would", () => {
    expect([64, 1536, 300 * 1024 * 1024, 1024 ** 3].map(describeBytes)).toEqual(["64 bytes", "1.5 KiB", "300 MiB", "1 GiB"])
  })
})

describe("BundleReader", () => {
  let dir = ""
  beforeEach(() => {
    dir = tempDir("fiskai-reader-")
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("refuses an entry the ZIP declares larger than the caller's limit, before reading it", async () => {
    const path = join(dir, "big.zip")
    await writeEntries(path, [["a.txt", Buffer.alloc(5000, "a")]])
    const reader = await BundleReader.open(path)
    try {
      await expect(reader.readAll("a.txt", 4096)).rejects.toThrow(
        new BundleReadError("a.txt is 4.9 KiB uncompressed (as the ZIP declares it), over the verifier's limit of 4 KiB for this file: not read", "a.txt"),
      )
      expect((await reader.readAll("a.txt", 5000)).length).toBe(5000)
    } finally {
      reader.close()
    }
  })

  it("stops an entry at the size its header declares when it inflates to more (a lying header)", async () => {
    const path = join(dir, "lying.zip")
    await writeEntries(path, [["a.txt", Buffer.alloc(1024 * 1024, "a")]])
    // The central directory's uncompressed size (offset 24 of its header) says 1,000 bytes.
    const bytes = readFileSync(path)
    const at = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
    bytes.writeUInt32LE(1000, at + 24)
    writeFileSync(path, bytes)
    const reader = await BundleReader.open(path)
    try {
      expect(reader.declaredSize("a.txt")).toBe(1000)
      const error = await reader.digest("a.txt").then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(BundleReadError)
      expect((error as BundleReadError).file).toBe("a.txt")
      expect((error as Error).message).toMatch(/^a\.txt (cannot be read: too many bytes in the stream|inflates to more than the 1000 bytes the ZIP declares)/)
    } finally {
      reader.close()
    }
  })
})
