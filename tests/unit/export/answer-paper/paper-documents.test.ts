import { existsSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { chromium, type Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TraceDetail } from "../../../../src-shared/traces"
import { buildAnswerWithReasoning } from "../../../../src-main/engine/pipeline"
import { renderAnswerPaper } from "../../../../src-main/export/answer-paper/answer-paper"
import { writeAnswerPdf } from "../../../../src-main/export/answer-paper/paper-pdf"
import { escapeHtml } from "../../../../src-main/export/report/html"
import { addDocumentFile } from "../../../../src-main/runs/add-document"
import { runDocumentsFor } from "../../../../src-main/runs/run-documents"
import { RunService } from "../../../../src-main/runs/run-service"
import { DocumentsRepository } from "../../../../src-main/store/documents-repo"
import { openStore, type Store } from "../../../../src-main/store/store"
import { corePack, tempDir } from "../fixtures"

// A document answer on paper (issue 22), from real stored runs: an e-invoice audit (Croatian), a
// question about an invoice's seller (English) and a comparison of two invoices (Croatian). The
// printed document, the e-mail HTML and the plain text cite the documents as the answer card does
// (title, the start of the SHA-256, each field read by the card's name with its EN 16931 term, an
// audit's findings with the rule each cites), not "cites no sources"; a comparison adds its
// differences as a table. The PDF printed from it holds the same.

const EINVOICES = join(import.meta.dirname, "..", "..", "..", "fixtures", "einvoices")
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

let dir: string
let store: Store
let audit: TraceDetail
let facts: TraceDetail
let compared: TraceDetail
let hash: string

beforeAll(async () => {
  dir = tempDir("fiskai-paper-docs-")
  store = openStore({ path: join(dir, "fiskai.sqlite") })
  const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: corePack() })
  const docs = new DocumentsRepository(store)
  const add = (name: string, fileName: string) => addDocumentFile(docs, { clientId: null, fileName, bytes: readFileSync(join(EINVOICES, name)) })
  const bread = (await add("ubl-wrong-vat-rate.xml", "racun-kruh.xml")).document
  const valid = (await add("ubl-invoice-valid.xml", "racun-ispravan.xml")).document
  hash = bread.sha256
  const audited = await service.ask({ question: "Revizija e-računa 17-P1-1", locale: "hr", action: { kind: "audit", documentIds: [bread.id] } })
  const asked = await service.ask({ question: "Who is the seller and what is their OIB?", locale: "en", documents: runDocumentsFor(docs, [valid.id]) })
  const detailOf = (requestId: string) => {
    const detail = service.get(requestId)
    if (detail === null) throw new Error(`no trace ${requestId}`)
    return detail
  }
  const comparison = await service.ask({ question: "Usporedba", locale: "hr", action: { kind: "compare", documentIds: [valid.id, bread.id] } })
  audit = detailOf(audited.requestId)
  facts = detailOf(asked.requestId)
  compared = detailOf(comparison.requestId)
}, 120_000)
afterAll(() => {
  store?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe("a document answer on paper", () => {
  it("an audit cites its invoice (title, hash prefix, BT fields) and its findings with their rules, in Croatian", () => {
    const paper = renderAnswerPaper({ detail: audit, client: null })
    for (const form of [paper.documentHtml, paper.articleHtml, paper.frameHtml, paper.text]) {
      expect(form).toContain("Dokumenti na kojima odgovor počiva")
      expect(form).toContain("racun-kruh")
      expect(form).toContain(`${hash.slice(0, 12)}…`)
      expect(form).not.toContain(hash.slice(0, 13))
      expect(form).toContain("BT-152")
      expect(form).toContain("Nalazi revizije")
      expect(form).toContain("pravilo pdv.stopa.kruh · polje BT-152")
      expect(form).not.toContain("Odgovor ne navodi izvore")
    }
    expect(paper.text).toMatch(/- Greška: Stavka 1 \(„Kruh bijeli 500 g”\) ima stopu 25 %/)
    expect(paper.articleHtml).toContain(escapeHtml("„Kruh bijeli 500 g”"))
    // The answer's lines stay lines on paper, also in an e-mail without the stylesheet.
    expect(paper.articleHtml).toMatch(/nalaza ukupno 3\.<br>- Greška: Stavka 1/)
  })

  it("an answer about an invoice's fields cites the fields it read, in English", () => {
    const paper = renderAnswerPaper({ detail: facts, client: null })
    for (const form of [paper.articleHtml, paper.text]) {
      expect(form).toContain("Documents the answer rests on")
      expect(form).toContain("racun-ispravan")
      // The fields by the names the answer card gives them (src-shared/document-fields.ts), not the model's paths.
      expect(form).toContain("Seller · BT-27")
      expect(form).toContain(form === paper.text ? "Seller's OIB · BT-30" : escapeHtml("Seller's OIB · BT-30"))
      expect(form).not.toContain("seller.oib")
      expect(form).not.toContain("seller.name")
      expect(form).not.toContain("Audit findings")
      expect(form).not.toContain("The answer cites no sources")
    }
  })

  it("a comparison prints its differences as a table (field, A, B, whether it matters for tax), in Croatian", () => {
    const paper = renderAnswerPaper({ detail: compared, client: null })
    for (const form of [paper.documentHtml, paper.articleHtml, paper.text]) {
      expect(form).toContain("Razlike između dokumenata")
      expect(form).toContain("Polja važna za porez su označena. Polja koja nisu navedena jednaka su u oba dokumenta.")
      expect(form).toContain("Stopa PDV-a (stavka 1) · BT-152")
      expect(form).not.toContain("lines[1].vatRate")
    }
    expect(paper.articleHtml).toContain(
      '<tr><th scope="row">Stopa PDV-a (stavka 1) · BT-152</th><td>5</td><td>25</td><td>Da</td></tr>',
    )
    expect(paper.articleHtml).toContain('<tr><th scope="row">Iznos za plaćanje · BT-115</th><td>556.12</td><td>565.72</td><td>Ne</td></tr>')
    expect(paper.articleHtml).toContain("<th scope=\"col\">A: racun-ispravan</th><th scope=\"col\">B: racun-kruh</th>")
    expect(paper.text).toContain("  - Osnovica (S, 5 %) · BT-116: 48.00 → nema (Važno za porez: Da)")
    // The answer's text is its head line; its listed lines would only repeat the table.
    expect(paper.text).toContain("(B): razlika 8, od toga važnih za porez 7.")
    expect(paper.text).not.toContain("[važno za porez]")
  })

  it.skipIf(!existsSync(CHROMIUM))("the PDF printed from it holds the document, its hash prefix, the BT terms and the rule", async () => {
    const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] })
    try {
      const paper = renderAnswerPaper({ detail: audit, client: null })
      const pdfPath = join(dir, "audit.pdf")
      await writeAnswerPdf(paper.documentHtml, pdfPath, async (html) => {
        const page = await browser.newPage({ javaScriptEnabled: false })
        try {
          await page.setContent(html, { waitUntil: "load" })
          return await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true })
        } finally {
          await page.close()
        }
      })
      const text = (await pdfText(new Uint8Array(readFileSync(pdfPath)))).replace(/\s+/g, "")
      for (const expected of ["racun-kruh", hash.slice(0, 12), "BT-152", "pdv.stopa.kruh", "Nalazirevizije"]) expect(text).toContain(expected)
    } finally {
      await browser.close()
    }
  }, 60_000)
})

async function pdfText(bytes: Uint8Array): Promise<string> {
  await import("pdfjs-dist/legacy/build/pdf.worker.mjs")
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs")
  const task = pdfjs.getDocument({ data: bytes, useSystemFonts: false })
  const document = await task.promise
  try {
    let text = ""
    for (let n = 1; n <= document.numPages; n++)
      text += (await (await document.getPage(n)).getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join("")
    return text
  } finally {
    await task.destroy()
  }
}
