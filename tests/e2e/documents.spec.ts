import { readFileSync } from "node:fs"
import { join } from "node:path"
import { createClient, switchToEnglish } from "./support/clients"
import { expect, screenshot, test } from "./support/fixtures"
import { axeFindings, dropFiles, EINVOICES, openDocuments } from "./support/documents"

// Client documents in the window (issue 22): an e-invoice dropped on the documents screen is
// stored and listed (kind, number, date, hash); its audit is a run like a question (the Ask screen
// shows its stages in the stepper and its answer card) that finds the wrong VAT rate with the
// field, BT and the pack's rule, and cites the document (title, hash) instead of "Rules applied";
// one added with the file dialog with a bad OIB is found too, a correct one passes, and a file
// intake refuses says why, in Croatian and in English.

test("hr: a dropped e-invoice is listed and its audit finds the wrong VAT rate with field, BT and rule", async ({ page, host }) => {
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto(host.url)
  await createClient(page, "Obrt Ana")
  await openDocuments(page, "Obrt Ana")
  await expect(page.getByTestId("documents-empty")).toBeVisible()
  await dropFiles(page, "documents-drop", [{ fixture: "ubl-wrong-vat-rate.xml", name: "racun-ozujak.xml" }])
  await expect(page.getByTestId("documents-status")).toHaveAttribute("data-state", "added")
  const row = page.getByTestId("document-row")
  await expect(row).toHaveCount(1)
  await expect(row).toContainText("eRačun")
  await expect(row.getByTestId("document-number")).toHaveText("17-P1-1")
  await expect(row).toContainText("15. 3. 2026.")
  // The same file again: the document already there, not a second one.
  await dropFiles(page, "documents-drop", [{ fixture: "ubl-wrong-vat-rate.xml", name: "kopija.xml" }])
  await expect(page.getByTestId("documents-status").last()).toHaveAttribute("data-state", "already")
  await expect(row).toHaveCount(1)

  await row.getByTestId("document-audit").click()
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "ANSWER")
  // A run like a question: on the Ask screen, stored as a trace the screen links to.
  await expect(page.getByTestId("ask-open-trace")).toBeVisible()
  await expect(page.getByTestId("answer-heading")).toContainText("grešaka 1")
  const rate = card.locator('[data-testid="audit-finding"][data-code="VAT_RATE_WRONG_FOR_ITEM"]')
  await expect(rate).toHaveAttribute("data-severity", "error")
  await expect(rate.getByTestId("audit-bt")).toHaveText("BT-152")
  await expect(rate.getByTestId("audit-rule")).toContainText("pdv.stopa.kruh")
  await expect(rate).toContainText("Greška")
  await expect(card.getByTestId("document-citation")).toContainText("racun-ozujak")
  await expect(card.getByTestId("document-citation-hash")).toHaveText(/^SHA-256 [0-9a-f]{12}…$/)
  await expect(card).not.toContainText("Primijenjenih pravila")
  expect(await axeFindings(page)).toEqual([])
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 })
    await screenshot(page, `documents-hr-audit-${width}`)
  }
})

test("en: the file dialog adds a bad-OIB invoice and a correct one; the audit tells them apart; a ZIP is refused", async ({ page, host }) => {
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto(host.url)
  await switchToEnglish(page)
  await createClient(page, "Beta d.o.o.")
  await openDocuments(page, "Beta d.o.o.")
  const input = page.getByTestId("documents-file-input")
  await input.setInputFiles([
    { name: "bad-oib.xml", mimeType: "application/xml", buffer: readFileSync(join(EINVOICES, "ubl-bad-oib.xml")) },
    { name: "valid-invoice.xml", mimeType: "application/xml", buffer: readFileSync(join(EINVOICES, "ubl-invoice-valid.xml")) },
    { name: "contract.docx", mimeType: "application/octet-stream", buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]) },
  ])
  await expect(page.getByTestId("document-row")).toHaveCount(2)
  const refused = page.getByTestId("documents-status").filter({ hasText: "contract.docx" })
  await expect(refused).toHaveAttribute("data-state", "failed")
  await expect(refused).toContainText("ZIP archive")

  const badOib = page.getByTestId("document-row").filter({ hasText: "bad-oib" })
  await badOib.getByTestId("document-audit").click()
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
  const oib = page.getByTestId("audit-finding").filter({ hasText: "OIB" }).first()
  await expect(oib).toHaveAttribute("data-severity", "error")
  await expect(oib.getByTestId("audit-bt")).toHaveText("BT-47")
  await expect(page.getByTestId("answer-card")).not.toContainText("Rules applied")
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 })
    await screenshot(page, `documents-en-audit-${width}`)
  }

  await openDocuments(page, "Beta d.o.o.")
  await page.getByTestId("document-row").filter({ hasText: "valid-invoice" }).getByTestId("document-audit").click()
  await expect(page.getByTestId("answer-heading")).toHaveText(/: no errors$/)
  await expect(page.getByTestId("audit-finding").and(page.locator('[data-severity="error"]'))).toHaveCount(0)
  await screenshot(page, "documents-en-clean-1280")
})
