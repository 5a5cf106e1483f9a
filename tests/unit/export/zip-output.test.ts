import { spawnSync } from "node:child_process"
import { existsSync, rmSync } from "node:fs"
import { join } from "node:path"
import { crc32 } from "node:zlib"
import { afterAll, describe, expect, it } from "vitest"
import { ContentStream, deflateWhole } from "../../../src-main/export/content-stream"
import { centralDirectoryHeader, endOfCentralDirectory, METHOD_DEFLATE, type ZipEntryInfo } from "../../../src-main/export/zip-records"
import { ZipOutput } from "../../../src-main/export/zip-output"
import { readEntries } from "./bundle-files"
import { tempDir } from "./fixtures"

// The bundle's ZIP container, written by hand: other tools must read it (yauzl here, Info-ZIP's
// unzip where installed, which also checks every CRC-32), and past 4 GiB it must switch to ZIP64.

const dir = tempDir("fiskai-zip-")
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const EXPORTED_AT = new Date("2025-06-02T08:00:00.000Z")

async function writeSampleZip(path: string, streamedText: string, files: Array<[string, Buffer]>): Promise<number> {
  const zip = await ZipOutput.create(path, EXPORTED_AT)
  await zip.beginStreamedEntry("streamed.jsonl")
  const stream = new ContentStream((bytes) => zip.write(bytes), { level: 1 })
  stream.write(streamedText)
  await zip.endStreamedEntry(await stream.end())
  for (const [name, bytes] of files) {
    const { digest, deflated } = await deflateWhole(bytes, 1)
    await zip.addDeflatedEntry(name, digest, [deflated])
  }
  return zip.finish()
}

describe("ZipOutput", () => {
  const streamed = Array.from({ length: 30_000 }, (_, i) => `{"seq":${i},"text":"Porez na dobit — čćžšđ"}\n`).join("")
  const files: Array<[string, Buffer]> = [
    ["rule-packs/abc.json", Buffer.from('{"pack":"hr-core"}')],
    ["empty.txt", Buffer.alloc(0)],
    ["manifest.sig", Buffer.from([0, 1, 2, 255])],
  ]

  it("writes entries that read back byte for byte, in order, with their CRC-32", async () => {
    const path = join(dir, "sample.zip")
    const size = await writeSampleZip(path, streamed, files)
    const entries = await readEntries(path)
    expect(entries.map(([name]) => name)).toEqual(["streamed.jsonl", ...files.map(([name]) => name)])
    expect(entries[0]?.[1].toString("utf8")).toBe(streamed)
    for (const [name, bytes] of files) expect(entries.find(([n]) => n === name)?.[1].equals(bytes)).toBe(true)
    expect(size).toBeGreaterThan(0)
  })

  it.skipIf(!existsSync("/usr/bin/unzip"))("passes Info-ZIP's integrity test (every CRC-32 and size)", async () => {
    const path = join(dir, "tested.zip")
    await writeSampleZip(path, streamed, files)
    const test = spawnSync("/usr/bin/unzip", ["-t", path], { encoding: "utf8" })
    expect(test.stdout).toContain("No errors detected")
    expect(test.status).toBe(0)
  })

  it("never writes through an existing file", async () => {
    const path = join(dir, "sample.zip")
    await expect(ZipOutput.create(path, EXPORTED_AT)).rejects.toThrow(/EEXIST/)
  })
})

describe("ZIP64 records", () => {
  const entry = (overrides: Partial<ZipEntryInfo>): ZipEntryInfo => ({
    name: "report.html",
    method: METHOD_DEFLATE,
    mtime: EXPORTED_AT,
    crc32: crc32("x"),
    compressedSize: 100,
    size: 1000,
    offset: 0,
    streamed: false,
    ...overrides,
  })

  it("keeps 32-bit fields while everything fits", () => {
    const header = centralDirectoryHeader(entry({ offset: 5000 }))
    expect(header.readUInt32LE(20)).toBe(100)
    expect(header.readUInt32LE(24)).toBe(1000)
    expect(header.readUInt32LE(42)).toBe(5000)
    expect(header.readUInt16LE(30)).toBe(9) // the extra field is the timestamp alone
  })

  it("moves a size or offset past 4 GiB into the ZIP64 extra field", () => {
    const size = 5 * 2 ** 30
    const offset = 6 * 2 ** 30
    const header = centralDirectoryHeader(entry({ size, compressedSize: 700, offset }))
    expect(header.readUInt16LE(6)).toBe(45) // version needed: ZIP64
    expect(header.readUInt32LE(20)).toBe(700)
    expect(header.readUInt32LE(24)).toBe(0xffffffff)
    expect(header.readUInt32LE(42)).toBe(0xffffffff)
    const extra = header.subarray(46 + "report.html".length)
    const zip64At = extra.indexOf(Buffer.from([0x01, 0x00, 16, 0]))
    expect(zip64At).toBeGreaterThanOrEqual(0)
    expect(Number(extra.readBigUInt64LE(zip64At + 4))).toBe(size)
    expect(Number(extra.readBigUInt64LE(zip64At + 12))).toBe(offset)
  })

  it("adds the ZIP64 end record and locator when the directory starts past 4 GiB", () => {
    const small = endOfCentralDirectory(7, 1000, 500)
    expect(small.length).toBe(22)
    const large = endOfCentralDirectory(7, 5 * 2 ** 30, 500)
    expect(large.readUInt32LE(0)).toBe(0x06064b50)
    expect(Number(large.readBigUInt64LE(32))).toBe(7)
    expect(Number(large.readBigUInt64LE(48))).toBe(5 * 2 ** 30)
    expect(large.readUInt32LE(56)).toBe(0x07064b50)
    expect(Number(large.readBigUInt64LE(64))).toBe(5 * 2 ** 30 + 500)
    expect(large.readUInt32LE(76)).toBe(0x06054b50)
  })
})
