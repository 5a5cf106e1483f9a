import { rename, rm, writeFile } from "node:fs/promises"
import { basename, dirname, join } from "node:path"
import { randomBytes } from "node:crypto"
import { BundleReader } from "./verify/bundle-reader"
import { REPORT_FILE } from "./bundle-format"

// The report as a PDF, where the platform can print one. Printing needs a browser engine, which
// lives at the edge: the Electron shell passes webContents.printToPDF (loading the HTML into a
// hidden, sandboxed window with JavaScript disabled); tests pass Chromium's page.pdf().

/** Renders self-contained HTML to PDF bytes. */
export type PrintToPdf = (html: string) => Promise<Buffer>

/** Largest report that is offered as a PDF; beyond it the HTML is the readable form. */
export const MAX_PDF_REPORT_BYTES = 20 * 1024 * 1024

export class ReportTooLargeError extends Error {}

export async function reportToPdf(html: string, printToPdf: PrintToPdf): Promise<Buffer> {
  if (Buffer.byteLength(html, "utf8") > MAX_PDF_REPORT_BYTES)
    throw new ReportTooLargeError("the report is too large to print; export fewer traces or use report.html")
  const pdf = await printToPdf(html)
  if (pdf.subarray(0, 5).toString("latin1") !== "%PDF-") throw new Error("the printer did not return a PDF")
  return pdf
}

/** Reads report.html out of a bundle and writes its PDF next to it (atomically, like the bundle). */
export async function writeBundleReportPdf(bundlePath: string, pdfPath: string, printToPdf: PrintToPdf): Promise<void> {
  const reader = await BundleReader.open(bundlePath)
  let html: string
  try {
    html = (await reader.readAll(REPORT_FILE, MAX_PDF_REPORT_BYTES)).toString("utf8")
  } finally {
    reader.close()
  }
  const pdf = await reportToPdf(html, printToPdf)
  const temp = join(dirname(pdfPath), `.${basename(pdfPath)}.${randomBytes(6).toString("hex")}.partial`)
  try {
    await writeFile(temp, pdf, { flag: "wx" })
    await rename(temp, pdfPath)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

