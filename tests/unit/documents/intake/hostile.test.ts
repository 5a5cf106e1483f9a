import { spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { deflateRawSync } from "node:zlib"
import { afterAll, expect, test } from "vitest"
import { buildPdf, zlibBomb } from "./pdf-fixtures"

// Hostile files, built here at run time in a temporary folder, each ends in a clear refusal with
// bounded memory. Intake runs in a child Node process with a 192 MB JavaScript heap: running out
// of memory would kill it (a non-zero exit, no line for the file) instead of refusing. The child
// also reports its peak resident memory, which must stay far below what the files would unpack
// to (4 GiB each): buffers live outside the JavaScript heap, so the heap limit alone would not
// show a decompression that filled them.

const ROOT = join(import.meta.dirname, "..", "..", "..", "..")
const BIN = join(ROOT, "node_modules", ".bin")
const CHILD = join(import.meta.dirname, "hostile-child.ts")
const PEAK_RSS_LIMIT_MB = 700

const dir = mkdtempSync(join(tmpdir(), "fiskai-hostile-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(name: string, bytes: Buffer | string): string {
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return path
}

/** A ZIP holding one deflated entry of `mebibytes` MiB of zeros (sizes declared truthfully). */
function zipBomb(mebibytes: number): Buffer {
  const data = zlibBomb(mebibytes).subarray(2, -4) // the raw deflate stream inside the zlib wrapper
  const name = Buffer.from("zeros.txt")
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8) // deflate
  local.writeUInt32LE(data.length, 18)
  local.writeUInt32LE(Math.min(mebibytes * 1024 * 1024, 0xffffffff), 22)
  local.writeUInt16LE(name.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(data.length, 20)
  central.writeUInt32LE(Math.min(mebibytes * 1024 * 1024, 0xffffffff), 24)
  central.writeUInt16LE(name.length, 28)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + name.length, 12)
  end.writeUInt32LE(local.length + name.length + data.length, 16)
  return Buffer.concat([local, name, data, central, name, end])
}

const BILLION_LAUGHS = [
  '<?xml version="1.0"?>',
  "<!DOCTYPE lolz [",
  '  <!ENTITY lol "lol">',
  ...Array.from({ length: 9 }, (_, i) => `  <!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">`),
  "]>",
  "<lolz>&lol9;</lolz>",
].join("\n")

interface ChildLine {
  path: string
  code: string
  en: string
  peakRssMb: number
}

function runChild(paths: string[]): Promise<{ lines: ChildLine[]; exitCode: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(BIN, "node"), ["--max-old-space-size=192", "--import", "tsx", CHILD, ...paths], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ""}` },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let out = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")))
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
    child.on("error", reject)
    child.on("exit", (exitCode) => {
      const lines = out.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as ChildLine)
      resolve({ lines, exitCode, stderr })
    })
  })
}

test("decompression bombs, an XML bomb, a zip bomb and huge PDFs end in clear refusals with bounded memory", async () => {
  const fourGiB = 4096
  const cases: Array<[string, Buffer | string, string, RegExp]> = [
    [
      "flate-bomb.pdf",
      buildPdf({ pages: [{ rawContent: { data: zlibBomb(fourGiB), filter: "/FlateDecode" } }] }),
      "PDF_STREAM_TOO_LARGE",
      /compressed part that unpacks to more than 64 MB \(possibly a decompression bomb\)/,
    ],
    [
      // The same stream dressed as an image (which text reading would skip) still meets the bound.
      "flate-bomb-as-image.pdf",
      buildPdf({ pages: [{ rawContent: { data: zlibBomb(fourGiB), filter: "/FlateDecode", extraDict: "/Subtype /Image" } }] }),
      "PDF_STREAM_TOO_LARGE",
      /decompression bomb/,
    ],
    [
      // Twelve streams of 40 MiB each: none too large alone, 480 MiB together.
      "many-streams.pdf",
      buildPdf({ pages: Array.from({ length: 12 }, () => ({ rawContent: { data: zlibBomb(40), filter: "/FlateDecode" } })) }),
      "PDF_STREAM_TOO_LARGE",
      /unpack to more than 256 MB in all/,
    ],
    ["huge.pdf", buildPdf({ pages: [{ lines: ["Velik"] }], padding: 26 * 1024 * 1024 }), "TOO_LARGE", /the largest allowed is 25 MB/],
    [
      "many-pages.pdf",
      buildPdf({ pages: Array.from({ length: 2000 }, (_, i) => ({ lines: [`Stranica ${i + 1}`] })) }),
      "PDF_TOO_MANY_PAGES",
      /the PDF has 2000 pages; at most 500 can be added/,
    ],
    ["billion-laughs.xml", BILLION_LAUGHS, "XML_DTD_FORBIDDEN", /<!DOCTYPE> declaration/],
    ["zip-bomb.pdf", zipBomb(fourGiB), "UNSUPPORTED_TYPE", /a ZIP archive/],
  ]
  const paths = cases.map(([name, bytes]) => write(name, bytes))
  // A control: an ordinary PDF read in the same process is taken in.
  paths.push(write("ordinary.pdf", buildPdf({ pages: [{ lines: ["Račun 1"] }], compress: true })))

  const { lines, exitCode, stderr } = await runChild(paths)
  expect(stderr).toBe("")
  expect(exitCode).toBe(0)
  expect(lines.map((l) => l.code)).toEqual([...cases.map(([, , code]) => code), "ok"])
  cases.forEach(([, , , message], i) => expect(lines[i]?.en).toMatch(message))
  const peak = Math.max(...lines.map((l) => l.peakRssMb))
  expect(peak).toBeLessThan(PEAK_RSS_LIMIT_MB)
  // The bomb really is one: its stream unpacks to 4 GiB from about 4 MB.
  expect(deflateRawSync(Buffer.alloc(1024 * 1024)).length).toBeLessThan(2048)
}, 120_000)
