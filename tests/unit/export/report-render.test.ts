import { existsSync, mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { chromium, type Browser, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runExportJob } from "../../../src-main/export/export-job"
import { reportToPdf, writeBundleReportPdf } from "../../../src-main/export/pdf"
import { readEntries, text } from "./bundle-files"
import { buildFixtureDb, type ExportFixture } from "./fixtures"

// report.html in Debian's Chromium (Playwright gives it a fresh profile), with JavaScript off: every outcome renders, nothing is fetched,
// markup in a question stays text; screenshots go to tests/e2e/artifacts/report-*.png.

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const ARTIFACTS = join(import.meta.dirname, "..", "..", "e2e", "artifacts")
const FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]

let fixture: ExportFixture
let browser: Browser
let page: Page
let html: string
let bundle: string
const requests: string[] = []

describe.skipIf(!existsSync(CHROMIUM))(`report.html in Chromium (${CHROMIUM})`, () => {
  beforeAll(async () => {
    fixture = await buildFixtureDb()
    bundle = join(fixture.dir, "audit.zip")
    await runExportJob({ dbPath: fixture.dbPath, selection: {}, outPath: bundle, userDataDir: fixture.keyDir })
    html = text(await readEntries(bundle), "report.html")
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS })
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 900 } })
    page = await context.newPage()
    page.on("request", (request) => {
      if (!request.url().startsWith("data:") && request.url() !== "about:blank") requests.push(request.url())
    })
    await page.setContent(html, { waitUntil: "load" })
    mkdirSync(ARTIFACTS, { recursive: true })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    fixture?.cleanup()
  })

  const outcomes = [
    ["answer", "answer", "Odgovor / Answer"],
    ["qualified", "qualified-answer", "Odgovor s upozorenjem / Qualified answer"],
    ["conditional", "conditional-answer", "Uvjetni odgovor / Conditional answer"],
    ["refusal", "refusal", "Odbijeno / Refusal"],
    ["error", "error", "Greška / Error"],
    ["hypothetical", "answer", "Odgovor / Answer"],
  ] as const

  for (const [key, cssClass, heading] of outcomes) {
    it(`renders the ${key} trace with its outcome`, async () => {
      const section = page.locator(`section[id="t-${fixture.ids[key]}"]`)
      await expect(section.count()).resolves.toBe(1)
      await expect(section.locator(`.outcome.${cssClass} h3`).first().innerText()).resolves.toBe(heading)
      // Intake, sources, retrieval, applicability, conflicts, analysis, confidence (+ clarifications).
      await expect(section.locator(".stage h4").allInnerTexts()).resolves.toEqual(expect.arrayContaining(["Zaprimanje pitanja Question intake", "Primjenjivost Applicability", "Pouzdanost Confidence"]))
      await section.screenshot({ path: join(ARTIFACTS, `report-${key}.png`) })
    })
  }

  it("marks the hypothetical and sets it beside its base", async () => {
    const section = page.locator(`section[id="t-${fixture.ids.hypothetical}"]`)
    await expect(section.locator(".hypothetical-banner").innerText()).resolves.toContain("HYPOTHETICAL SCENARIO")
    const compare = section.locator("table.compare")
    await expect(compare.innerText()).resolves.toContain(fixture.ids.base)
    // The profile facts the hypothetical added show as changed rows.
    await expect(compare.locator("tr.changed").count()).resolves.toBeGreaterThan(0)
  })

  it("says what a run assumed in words, Croatian and English, with the engine's code after them", async () => {
    // The answer trace's question names no country, so the engine assumed Croatian law.
    const assumed = page.locator(`section[id="t-${fixture.ids.answer}"] p`, { hasText: "Pretpostavljeno" })
    await expect(assumed.innerText()).resolves.toContain("hrvatsko zakonodavstvo Croatian law jurisdiction = HR")
    await expect(assumed.locator("code").allInnerTexts()).resolves.toContain("jurisdiction = HR")
  })

  it("shows a question's markup as text and fetches nothing", async () => {
    const question = page.locator(`section[id="t-${fixture.ids.markup}"] .question`)
    await expect(question.innerText()).resolves.toContain(`<script>alert("x")</script><img src="https://evil.example/x.png">`)
    await expect(page.locator("img").count()).resolves.toBe(0)
    await expect(page.locator("script").count()).resolves.toBe(0)
    expect(requests).toEqual([])
    await page.locator(`section[id="t-${fixture.ids.markup}"]`).screenshot({ path: join(ARTIFACTS, "report-markup.png") })
  })

  it("prints to PDF through the printToPdf dependency", async () => {
    const printer = async (content: string) => {
      const p = await browser.newPage({ javaScriptEnabled: false })
      await p.setContent(content)
      const pdf = await p.pdf({ format: "A4", printBackground: true })
      await p.close()
      return pdf
    }
    const pdf = await reportToPdf(html, printer)
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    const pdfPath = join(fixture.dir, "report.pdf")
    await writeBundleReportPdf(bundle, pdfPath, printer)
    expect(existsSync(pdfPath)).toBe(true)
    await expect(reportToPdf(html, async () => Buffer.from("not a pdf"))).rejects.toThrow(/did not return a PDF/)
    writeFileSync(join(ARTIFACTS, "report.pdf"), pdf)
  })
})
