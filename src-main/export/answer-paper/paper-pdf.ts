import { randomBytes } from "node:crypto"
import { rename, rm, writeFile } from "node:fs/promises"
import { basename, dirname, join } from "node:path"
import { reportToPdf, type PrintToPdf } from "../pdf"

// An answer's document as a PDF file, printed by whatever engine the host has (Electron's
// printToPDF in the app, Chromium's page.pdf() in tests). Written next to its place under a
// temporary name and renamed, so a failed print never leaves half a PDF under the chosen name.

export async function writeAnswerPdf(documentHtml: string, pdfPath: string, printToPdf: PrintToPdf): Promise<void> {
  const pdf = await reportToPdf(documentHtml, printToPdf)
  const temp = join(dirname(pdfPath), `.${basename(pdfPath)}.${randomBytes(6).toString("hex")}.partial`)
  try {
    await writeFile(temp, pdf, { flag: "wx" })
    await rename(temp, pdfPath)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}
