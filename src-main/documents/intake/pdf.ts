import type { ExtractedDocument, IntakeLimits, IntakeNotice } from "./contract"
import type { Deadline } from "./deadline"
import { IntakeError, noTextLayerText } from "./errors"
import { scanStreams } from "./pdf-streams"
import { textTooLong } from "./text-file"

// A PDF's text layer through PDF.js (legacy build, the one meant for Node). Its streams are first
// decoded with bounds (pdf-streams.ts). PDF.js then runs in this thread with its worker's handler
// imported directly (no worker file, no URL to resolve in the built app); fonts are never loaded
// (no system fonts, no font files, no fetching: text needs none), no XFA, no WebAssembly. PDF.js
// 6 no longer has an eval path (its `isEvalSupported` option is gone with it). Pages are read one
// at a time, each released before the next, with the time limit and the running text checked
// between pages.

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs")
type PdfDocument = Awaited<LoadingTask["promise"]>

let pdfjs: Promise<PdfJs> | null = null

async function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= (async () => {
    await import("pdfjs-dist/legacy/build/pdf.worker.mjs")
    return import("pdfjs-dist/legacy/build/pdf.mjs")
  })()
  return pdfjs
}

function damaged(detail: string): IntakeError {
  return new IntakeError("PDF_DAMAGED", {
    hr: `PDF je oštećen ili nije ispravan (${detail})`,
    en: `the PDF is damaged or not valid (${detail})`,
  })
}

const ENCRYPTED = new IntakeError("PDF_ENCRYPTED", {
  hr: "PDF je šifriran (zaštićen lozinkom ili ograničenjima); ispišite ga u novi PDF bez zaštite pa ga dodajte",
  en: "the PDF is encrypted (a password or restrictions); print it to a new PDF without protection and add that",
})

export async function extractPdf(bytes: Uint8Array, limits: IntakeLimits, deadline: Deadline): Promise<ExtractedDocument> {
  const scan = scanStreams(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), limits, deadline)
  if (scan.encrypted) throw ENCRYPTED
  if (scan.expandingFilters.size > 0)
    throw new IntakeError("UNSUPPORTED_TYPE", {
      hr: `PDF koristi staro sažimanje (${[...scan.expandingFilters].join(", ")}) koje se ne čita; ispišite ga u novi PDF`,
      en: `the PDF uses old compression (${[...scan.expandingFilters].join(", ")}) that is not read; print it to a new PDF`,
    })
  const { document, task } = await openPdf(bytes)
  try {
    if (document.numPages > limits.maxPdfPages)
      throw new IntakeError("PDF_TOO_MANY_PAGES", {
        hr: `PDF ima ${document.numPages} stranica; najviše ih može imati ${limits.maxPdfPages}`,
        en: `the PDF has ${document.numPages} pages; at most ${limits.maxPdfPages} can be added`,
      })
    const pages = await readPages(document, limits, deadline)
    return {
      kind: "pdf",
      text: pages.texts.join("\n\n"),
      pageCount: document.numPages,
      embeddedTitle: await embeddedTitle(document),
      rawXml: null,
      csvDelimiter: null,
      notices: noticesFor(pages.withoutText, document.numPages),
    }
  } finally {
    await task.destroy()
  }
}

type LoadingTask = ReturnType<PdfJs["getDocument"]>

async function openPdf(bytes: Uint8Array): Promise<{ document: PdfDocument; task: LoadingTask }> {
  const { getDocument } = await loadPdfJs()
  const task = getDocument({
    // PDF.js may take ownership of the buffer it is given: a copy leaves the caller's bytes whole.
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    useWasm: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  })
  try {
    return { document: await task.promise, task }
  } catch (error) {
    await task.destroy()
    const name = error instanceof Error ? error.name : ""
    if (name === "PasswordException") throw ENCRYPTED
    throw damaged(error instanceof Error ? error.message : String(error))
  }
}

async function readPages(
  document: PdfDocument,
  limits: IntakeLimits,
  deadline: Deadline,
): Promise<{ texts: string[]; withoutText: number[] }> {
  const texts: string[] = []
  const withoutText: number[] = []
  let total = 0
  for (let n = 1; n <= document.numPages; n += 1) {
    deadline.check()
    const page = await document.getPage(n)
    const text = await pageText(page)
    page.cleanup()
    if (text === "") withoutText.push(n)
    total += text.length + 2
    if (total > limits.maxTextChars) throw textTooLong(limits)
    texts.push(text)
  }
  if (withoutText.length === document.numPages) throw whollyScanned(document.numPages)
  return { texts: texts.filter((t) => t !== ""), withoutText }
}

async function pageText(page: Awaited<ReturnType<PdfDocument["getPage"]>>): Promise<string> {
  const content = await page.getTextContent()
  let text = ""
  for (const item of content.items) {
    if (!("str" in item)) continue
    text += item.str
    if (item.hasEOL) text += "\n"
  }
  return text.replace(/[ \t]+\n/g, "\n").trim()
}

function whollyScanned(pageCount: number): IntakeError {
  if (pageCount === 1) return new IntakeError("PDF_SCANNED", noTextLayerText([1]))
  return new IntakeError("PDF_SCANNED", {
    hr: `nijedna stranica (1–${pageCount}) nema tekstualnog sloja (skenirani dokument); aplikacija ne radi OCR`,
    en: `none of the pages (1–${pageCount}) has a text layer (a scanned document); the app does not do OCR`,
  })
}

function noticesFor(pages: number[], pageCount: number): IntakeNotice[] {
  if (pages.length === 0 || pages.length === pageCount) return []
  return [{ code: "PAGES_WITHOUT_TEXT", pages, ...noTextLayerText(pages) }]
}

async function embeddedTitle(document: PdfDocument): Promise<string | null> {
  try {
    const { info } = await document.getMetadata()
    const title = (info as { Title?: unknown }).Title
    return typeof title === "string" && title.trim() !== "" ? title.trim() : null
  } catch {
    return null
  }
}
