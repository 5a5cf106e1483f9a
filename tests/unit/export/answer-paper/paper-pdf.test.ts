import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { chromium, type Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { renderAnswerPaper } from "../../../../src-main/export/answer-paper/answer-paper"
import { writeAnswerPdf } from "../../../../src-main/export/answer-paper/paper-pdf"
import type { PrintToPdf } from "../../../../src-main/export/pdf"
import { viewTrace } from "../../../../src-main/export/trace-view"
import { buildPaperFixture, CLIENT, VAT_EN, VAT_HR, type PaperFixture } from "./paper-fixture"

// An answer printed to PDF the way the app prints it (a browser engine with JavaScript off, here
// Chromium's page.pdf() in place of Electron's printToPDF), then read back with pdfjs: the text a
// reader or a search finds in the PDF holds the question, every citation's quote and the run's hash.

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const ARTIFACTS = join(import.meta.dirname, "..", "..", "..", "e2e", "artifacts")
const FLAGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"]

let fixture: PaperFixture
let browser: Browser

const printer: PrintToPdf = async (html) => {
  const page = await browser.newPage({ javaScriptEnabled: false })
  try {
    await page.setContent(html, { waitUntil: "load" })
    // As Electron is asked to (paper-pdf.ts): the document's own @page size and margins.
    return await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true })
  } finally {
    await page.close()
  }
}

/** Each page's text, its lines joined by spaces and runs of white space made one. */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  await import("pdfjs-dist/legacy/build/pdf.worker.mjs")
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs")
  const task = pdfjs.getDocument({ data: bytes, useSystemFonts: false })
  const document = await task.promise
  try {
    const pages: string[] = []
    for (let n = 1; n <= document.numPages; n++) {
      const content = await (await document.getPage(n)).getTextContent()
      const text = content.items.map((item) => ("str" in item ? `${item.str}${item.hasEOL ? " " : ""}` : "")).join("")
      pages.push(text.replace(/\s+/g, " "))
    }
    return pages
  } finally {
    await task.destroy()
  }
}

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim()
const compact = (text: string) => text.replace(/\s+/g, "")

describe.skipIf(!existsSync(CHROMIUM))(`an answer as a PDF (Chromium at ${CHROMIUM})`, () => {
  beforeAll(async () => {
    fixture = await buildPaperFixture()
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS })
    mkdirSync(ARTIFACTS, { recursive: true })
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    fixture?.cleanup()
  })

  for (const [key, question] of [["hr", VAT_HR], ["en", VAT_EN]] as const) {
    it(`holds the question, every citation's quote and the run hash (${key})`, async () => {
      const detail = fixture.details[key]
      const paper = renderAnswerPaper({ detail, client: CLIENT })
      const pdfPath = join(fixture.dir, `${paper.fileName}.pdf`)
      await writeAnswerPdf(paper.documentHtml, pdfPath, printer)
      const bytes = readFileSync(pdfPath)
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
      writeFileSync(join(ARTIFACTS, `paper-${key}.pdf`), bytes)

      const pages = await pdfPages(new Uint8Array(bytes))
      const text = pages.join(" ")
      expect(text).toContain(question)
      expect(text).toContain(CLIENT.oib)
      const terminal = viewTrace(detail.events).terminal
      if (terminal === null || !("citations" in terminal.data)) throw new Error("fixture run has no citations")
      expect(terminal.data.citations.length).toBeGreaterThan(0)
      for (const citation of terminal.data.citations) expect(text).toContain(squeeze(citation.quote))
      // The hash may wrap across lines in its narrow column: compared without white space.
      expect(compact(text)).toContain(detail.trace.chainHead ?? "no chain head")
      expect(compact(text)).toContain(detail.trace.packHash)
      // Every page's footer names the run, so a loose page still says which answer it belongs to.
      for (const page of pages) expect(compact(page)).toContain(detail.trace.requestId)
      expect(pages.at(-1)).toContain(key === "hr" ? `Stranica ${pages.length} / ${pages.length}` : `Page ${pages.length} / ${pages.length}`)
    })
  }

  it("never leaves a partial file when the printer fails", async () => {
    const paper = renderAnswerPaper({ detail: fixture.details.hr, client: null })
    const pdfPath = join(fixture.dir, "failed.pdf")
    await expect(writeAnswerPdf(paper.documentHtml, pdfPath, async () => Buffer.from("not a pdf"))).rejects.toThrow(/did not return a PDF/)
    expect(existsSync(pdfPath)).toBe(false)
  })
})
