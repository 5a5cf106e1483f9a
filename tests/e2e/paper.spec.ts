import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Browser, BrowserContext, Page } from "@playwright/test"
import { askForClient, createClient, switchToEnglish } from "./support/clients"
import { expect, screenshot, test } from "./support/fixtures"

// One answer to paper (issue 23) in the browser host, in both languages: a question is answered
// for a client; "Copy for e-mail" puts the answer on the clipboard as HTML and as plain text (read
// back from the clipboard itself); "Print and PDF" opens the print view with the stored run's
// document (question, citations, run id), offers the HTML as a download, which printed to PDF holds
// the question, the quotes and the run's hash; the view closes with Escape and gives focus back;
// "Report a problem" still works beside it.

const require = createRequire(import.meta.url)
const CLIENT = "Primjer d.o.o."
const SERIOUS = new Set(["moderate", "serious", "critical"])

const CASES = {
  hr: {
    question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
    words: {
      print: "Ispis i PDF",
      copy: "Kopiraj za e-poštu",
      copied: "Kopirano: pitanje, odgovor, citati s izvacima te oznaka i hash izvođenja. Zalijepite u e-poruku.",
      view: "Pregled ispisa",
      pdfHint: "Za PDF u prozoru za ispis kao odredište odaberite „Spremi kao PDF”.",
      report: "Prijavi problem",
      reportForm: "Prijava problema s odgovorom",
      question: "Pitanje: ",
      client: `Klijent: ${CLIENT}`,
      asOf: "Stanje na dan: 1. 6. 2025.",
      runId: "Oznaka izvođenja: ",
      chainHead: /Zadnji hash lanca: [0-9a-f]{64}\n/,
      citations: "Izvori i citati",
      fileName: /^FiskAI-odgovor-2025-06-01-[A-Za-z0-9_-]+\.html$/,
      money: "60.000,00 EUR",
    },
  },
  en: {
    question: "Do I have to register for VAT if my turnover is EUR 65,000?",
    words: {
      print: "Print and PDF",
      copy: "Copy for e-mail",
      copied: "Copied: the question, the answer, the citations with their quotes, and the run id and hash. Paste it into an e-mail.",
      view: "Print preview",
      pdfHint: "For a PDF, choose “Save as PDF” as the destination in the print window.",
      report: "Report a problem",
      reportForm: "Report a problem with this answer",
      question: "Question: ",
      client: `Client: ${CLIENT}`,
      asOf: "As of: 1 June 2025",
      runId: "Run id: ",
      chainHead: /Chain head hash: [0-9a-f]{64}\n/,
      citations: "Sources and citations",
      fileName: /^FiskAI-answer-2025-06-01-[A-Za-z0-9_-]+\.html$/,
      money: "EUR 60,000.00",
    },
  },
} as const

/**
 * What the clipboard holds, read from a page of the host's origin without the app's
 * Permissions-Policy (which switches clipboard reading off for the app's own pages).
 */
async function readClipboard(context: BrowserContext, origin: string): Promise<Record<string, string>> {
  const probeUrl = `${origin}/__clipboard-probe`
  await context.route(probeUrl, (route) => route.fulfill({ contentType: "text/html", body: "<!DOCTYPE html><title>probe</title>" }))
  const probe = await context.newPage()
  try {
    await probe.goto(probeUrl)
    return await probe.evaluate(async () => {
      const found: Record<string, string> = {}
      for (const item of await navigator.clipboard.read())
        for (const type of item.types) found[type] = await (await item.getType(type)).text()
      return found
    })
  } finally {
    await probe.close()
  }
}

/**
 * axe-core over the print view, in the app's page only: the paper's frame runs no script
 * (sandboxed without allow-scripts), so axe is not injected there (AxeBuilder would try, and the
 * frame's refusals are console errors); the frame's document is checked by the unit tests.
 */
async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(require.resolve("axe-core/axe.min.js"), "utf8"))
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown[] }> }> }> } }).axe
    const result = await axe.run(
      { include: [['[data-testid="paper-view"]']], exclude: [['[data-testid="paper-frame"]']] },
      { iframes: false, runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } },
    )
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? "", targets: v.nodes.map((n) => n.target.join(" ")) }))
  })
  return violations.filter((v) => SERIOUS.has(v.impact)).flatMap((v) => v.targets.map((target) => `${v.id} (${v.impact}) at ${target}`))
}

/**
 * The app's document of the answer printed to PDF as the desktop app prints it (a browser engine
 * with JavaScript off; here Chromium's page.pdf() in place of Electron's printToPDF), and the
 * PDF's text read back with pdfjs, white space made one.
 */
async function printedPdfText(browser: Browser, documentHtml: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const page = await context.newPage()
    await page.setContent(documentHtml, { waitUntil: "load" })
    const bytes = await page.pdf({ format: "A4", printBackground: true, preferCSSPageSize: true })
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    await import("pdfjs-dist/legacy/build/pdf.worker.mjs")
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs")
    const task = pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false })
    const pdf = await task.promise
    try {
      const pages: string[] = []
      for (let n = 1; n <= pdf.numPages; n++) {
        const content = await (await pdf.getPage(n)).getTextContent()
        pages.push(content.items.map((item) => ("str" in item ? `${item.str}${item.hasEOL ? " " : ""}` : "")).join(""))
      }
      return pages.join(" ").replace(/\s+/g, " ")
    } finally {
      await task.destroy()
    }
  } finally {
    await context.close()
  }
}

for (const locale of ["hr", "en"] as const) {
  const { question, words } = CASES[locale]

  test(`an answer is copied for an e-mail, opened in the print view and printed to PDF (${locale})`, async ({ page, context, host, browser }) => {
    test.setTimeout(120_000)
    const origin = new URL(host.url).origin
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin })
    await page.goto(host.url)
    await createClient(page, CLIENT)
    if (locale === "en") await switchToEnglish(page)
    await askForClient(page, question, CLIENT, "2025-06-01")
    const card = page.getByTestId("answer-card")
    await expect(card).toHaveAttribute("data-outcome", "ANSWER")
    const runId = (await page.getByTestId("run-view").getAttribute("data-request-id")) ?? ""
    expect(runId).not.toBe("")
    const headline = (await card.getByTestId("answer-heading").innerText()).trim()
    expect(headline).toContain(words.money)
    // The card shows each quote in quotation marks; the paper shows the same verbatim words.
    const quotes = (await card.getByTestId("citation-quote").allInnerTexts()).map((q) => q.trim().replace(/^„|”$/g, ""))
    expect(quotes.length).toBeGreaterThan(0)

    // Copy for e-mail: HTML and plain text on the clipboard.
    await card.getByRole("button", { name: words.copy }).click()
    await expect(card.getByTestId("paper-notice")).toHaveText(words.copied)
    const clipboard = await readClipboard(context, origin)
    const text = clipboard["text/plain"] ?? ""
    expect(text).toContain(`${words.question}${question}`)
    expect(text).toContain(words.client)
    expect(text).toContain(words.asOf)
    expect(text).toContain(headline)
    for (const quote of quotes) expect(text).toContain(quote)
    expect(text).toContain(`${words.runId}${runId}`)
    expect(text).toMatch(words.chainHead)
    const copiedHtml = clipboard["text/html"] ?? ""
    expect(copiedHtml).toContain(`data-request-id="${runId}"`)
    expect(copiedHtml).toContain(words.citations)
    expect(copiedHtml).not.toContain("<script")

    // Print and PDF: the print view with the stored run's document.
    const printButton = card.getByRole("button", { name: words.print })
    await printButton.click()
    const view = page.getByRole("dialog", { name: words.view })
    await expect(view).toBeVisible()
    await expect(view.getByRole("heading", { name: words.view })).toBeFocused()
    await expect(view.getByTestId("paper-pdf-hint")).toHaveText(words.pdfHint)
    const paper = page.frameLocator('[data-testid="paper-frame"]')
    await expect(paper.locator("article.answer-paper")).toHaveAttribute("data-request-id", runId)
    await expect(paper.locator(".paper-question")).toHaveText(question)
    await expect(paper.locator(".paper-headline")).toHaveText(headline)
    await expect(paper.locator(".paper-citation blockquote")).toHaveCount(quotes.length)
    for (const quote of quotes) await expect(paper.locator(".paper-citations")).toContainText(quote)
    await expect(paper.locator(".paper-provenance")).toContainText(runId)
    // The paper's own stylesheet applies inside the frame (A4 width, not the browser's default).
    await expect(paper.locator("article.answer-paper")).toHaveCSS("max-width", /px$/)
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, `paper-print-view-${locale}`)

    // Print prints the framed document; headless Chromium has no print window to wait for.
    await view.getByTestId("paper-print-now").click()

    // The same document as a download, ready to open and print anywhere.
    const downloading = page.waitForEvent("download")
    await view.getByTestId("paper-download").click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(words.fileName)
    const saved = readFileSync((await download.path()) ?? "", "utf8")
    expect(saved).toContain("<!DOCTYPE html>")
    expect(saved).toContain(runId)
    expect(saved).toContain("size: A4")

    // That document as a PDF: its text holds the question, every citation's quote and the run's hash.
    const chainHead = /[0-9a-f]{64}/.exec(words.chainHead.exec(text)?.[0] ?? "")?.[0] ?? "no chain head copied"
    const pdfText = await printedPdfText(browser, saved)
    expect(pdfText).toContain(question)
    for (const quote of quotes) expect(pdfText).toContain(quote.replace(/\s+/g, " "))
    // The hash and the run id may wrap in their narrow column: compared without white space.
    expect(pdfText.replace(/\s/g, "")).toContain(chainHead)
    expect(pdfText.replace(/\s/g, "")).toContain(runId)

    // Escape closes the view; focus goes back to the button that opened it.
    await page.keyboard.press("Escape")
    await expect(view).toHaveCount(0)
    await expect(printButton).toBeFocused()

    // "Report a problem" still opens its form beside the new controls.
    await card.getByRole("button", { name: words.report }).click()
    const form = page.getByRole("form", { name: words.reportForm })
    await expect(form).toBeVisible()
    await form.getByTestId("report-cancel").click()
    await expect(form).toHaveCount(0)
  })
}
