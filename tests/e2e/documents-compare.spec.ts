import { readFileSync } from "node:fs"
import { join } from "node:path"
import { createClient, switchToEnglish } from "./support/clients"
import { axeFindings, dropFiles, EINVOICES, openDocuments } from "./support/documents"
import { expect, screenshot, test, windowShot } from "./support/fixtures"

// Compare on the Documents screen (issue 22, seed 002's Compare): two e-invoices chosen in the
// list, in the order chosen (A, then B), start a comparison run like a question; the Ask screen
// shows its answer, the differences field by field as a table (each field by its name, A, B, and
// whether it matters for tax), citing both documents with their hashes. The button waits for
// exactly two; what is not an e-invoice cannot be chosen. Croatian and English.

test("hr: two chosen e-invoices are compared as a run that cites both documents", async ({ page, host }) => {
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto(host.url)
  await createClient(page, "Obrt Ana")
  await openDocuments(page, "Obrt Ana")
  await dropFiles(page, "documents-drop", [
    { fixture: "ubl-invoice-valid.xml", name: "racun-ispravan.xml" },
    { fixture: "ubl-wrong-vat-rate.xml", name: "racun-kruh.xml" },
    { name: "biljeska.txt", bytes: Buffer.from("Bilješka uz račune za ožujak."), type: "text/plain" },
  ])
  await expect(page.getByTestId("document-row")).toHaveCount(3)
  // Only the e-invoices can be chosen; Compare waits for two.
  await expect(page.getByTestId("document-choose")).toHaveCount(2)
  const compare = page.getByTestId("documents-compare")
  await expect(compare).toBeDisabled()
  await expect(page.getByTestId("documents-compare-hint")).toHaveText("Za usporedbu odaberite dva eRačuna (odabrano: 0).")
  await page.getByTestId("document-row").filter({ hasText: "racun-ispravan" }).getByTestId("document-choose").check()
  await expect(compare).toBeDisabled()
  await page.getByTestId("document-row").filter({ hasText: "racun-kruh" }).getByTestId("document-choose").check()
  await expect(compare).toBeEnabled()
  await expect(page.getByTestId("documents-compare-hint")).toHaveText("Usporedit će se A: 17-P1-1 (racun-ispravan) i B: 17-P1-1 (racun-kruh).")
  expect(await axeFindings(page)).toEqual([])
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, `documents-hr-compare-chosen-${width}`)
  }

  await compare.click()
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "ANSWER")
  await expect(page.getByTestId("ask-open-trace")).toBeVisible()
  await expect(page.getByTestId("answer-heading")).toHaveText(/razlika 8$/)
  // The answer's head line, then the differences as a table (field, A, B, whether it matters for
  // tax), each field named as the card names fields: the VAT rate of line 1 is among them, 5 → 25.
  await expect(page.getByTestId("answer-text")).toHaveText(
    "Usporedba 17-P1-1 („racun-ispravan“) (A) i 17-P1-1 („racun-kruh“) (B): razlika 8, od toga važnih za porez 7.",
  )
  await expect(card).not.toContainText("lines[1].vatRate")
  const table = card.getByTestId("document-differences")
  await expect(table.getByTestId("document-differences-summary")).toHaveText(
    "Polja važna za porez su označena. Polja koja nisu navedena jednaka su u oba dokumenta.",
  )
  await expect(table.getByRole("columnheader")).toHaveText(["Polje", "A: racun-ispravan", "B: racun-kruh", "Važno za porez"])
  const rows = table.getByTestId("document-difference")
  await expect(rows).toHaveCount(8)
  await expect(rows.filter({ hasText: "Stopa PDV-a (stavka 1)" }).getByRole("cell")).toHaveText(["5", "25", "Da"])
  await expect(rows.filter({ hasText: "Iznos za plaćanje" }).getByRole("cell")).toHaveText(["556.12", "565.72", "Ne"])
  await expect(rows.filter({ hasText: "Osnovica (S, 5 %)" }).getByRole("cell")).toHaveText(["48.00", "nema", "Da"])
  await expect(table.locator("tr[data-tax='true']")).toHaveCount(7)
  const cited = card.getByTestId("document-citation")
  await expect(cited).toHaveCount(2)
  await expect(cited.first()).toContainText("racun-ispravan")
  await expect(cited.last()).toContainText("racun-kruh")
  await expect(card.getByTestId("document-citation-hash").first()).toHaveText(/^SHA-256 [0-9a-f]{12}…$/)
  await expect(card).not.toContainText("Primijenjenih pravila")
  expect(await axeFindings(page)).toEqual([])
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 })
    await screenshot(page, `documents-hr-compare-${width}`)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await windowShot(page, "documents-hr-compare-differences-1280", "document-differences")

  // On paper: the same table, the fields named as on the card, never the model's paths.
  await card.getByRole("button", { name: "Ispis i PDF" }).click()
  const view = page.getByRole("dialog", { name: "Pregled ispisa" })
  await expect(view).toBeVisible()
  const paper = page.frameLocator('[data-testid="paper-frame"]')
  const printed = paper.locator("table.paper-differences")
  await expect(printed.locator("thead th")).toHaveText(["Polje", "A: racun-ispravan", "B: racun-kruh", "Važno za porez"])
  await expect(printed.locator("tbody tr")).toHaveCount(8)
  await expect(printed.locator("tbody tr").last()).toHaveText("Stopa PDV-a (stavka 1) · BT-152525Da")
  await expect(paper.locator(".paper-document .paper-facts").first()).toContainText("Ukupni PDV · BT-110")
  await expect(paper.locator("article.answer-paper")).not.toContainText("totals.taxAmount")
  await screenshot(page, "documents-hr-compare-paper-1280")
})

test("en: the order chosen is A then B; unchoosing one disables Compare again", async ({ page, host }) => {
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto(host.url)
  await switchToEnglish(page)
  await createClient(page, "Beta d.o.o.")
  await openDocuments(page, "Beta d.o.o.")
  await page.getByTestId("documents-file-input").setInputFiles([
    { name: "valid-invoice.xml", mimeType: "application/xml", buffer: readFileSync(join(EINVOICES, "ubl-invoice-valid.xml")) },
    { name: "bread-invoice.xml", mimeType: "application/xml", buffer: readFileSync(join(EINVOICES, "ubl-wrong-vat-rate.xml")) },
    { name: "bad-oib.xml", mimeType: "application/xml", buffer: readFileSync(join(EINVOICES, "ubl-bad-oib.xml")) },
  ])
  await expect(page.getByTestId("document-row")).toHaveCount(3)
  const choose = (title: string) => page.getByTestId("document-row").filter({ hasText: title }).getByTestId("document-choose")
  const compare = page.getByTestId("documents-compare")
  await choose("bread-invoice").check()
  await choose("bad-oib").check()
  await expect(compare).toBeEnabled()
  await choose("bad-oib").uncheck()
  await expect(compare).toBeDisabled()
  await expect(page.getByTestId("documents-compare-hint")).toHaveText("Choose two e-invoices to compare (1 chosen).")
  await choose("valid-invoice").check()
  await expect(page.getByTestId("documents-compare-hint")).toHaveText("Compares A: 17-P1-1 (bread-invoice) with B: 17-P1-1 (valid-invoice).")
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, `documents-en-compare-chosen-${width}`)
  }

  await compare.click()
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "ANSWER")
  await expect(page.getByTestId("answer-heading")).toHaveText(/: 8 difference\(s\)$/)
  // B is the correct invoice: line 1's rate goes from 25 (A) to 5 (B).
  await expect(page.getByTestId("answer-text")).toHaveText(
    "Comparison of 17-P1-1 (“bread-invoice”) (A) and 17-P1-1 (“valid-invoice”) (B): 8 difference(s), 7 of them matter for tax.",
  )
  const table = card.getByTestId("document-differences")
  await expect(table.getByTestId("document-differences-summary")).toHaveText(
    "Fields that matter for tax are marked. Fields not listed are the same in both documents.",
  )
  await expect(table.getByRole("columnheader")).toHaveText(["Field", "A: bread-invoice", "B: valid-invoice", "Matters for tax"])
  const rows = table.getByTestId("document-difference")
  await expect(rows.filter({ hasText: "VAT rate (line 1)" }).getByRole("cell")).toHaveText(["25", "5", "Yes"])
  await expect(rows.filter({ hasText: "Amount due" }).getByRole("cell")).toHaveText(["565.72", "556.12", "No"])
  await expect(rows.filter({ hasText: "Taxable amount (S, 5%)" }).getByRole("cell")).toHaveText(["none", "48.00", "Yes"])
  await expect(table).not.toContainText("totals.payable")
  await expect(card.getByTestId("document-citation").first()).toContainText("bread-invoice")
  await expect(card).not.toContainText("Rules applied")
  expect(await axeFindings(page)).toEqual([])
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 })
    await screenshot(page, `documents-en-compare-${width}`)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await windowShot(page, "documents-en-compare-differences-1280", "document-differences")

  await card.getByRole("button", { name: "Print and PDF" }).click()
  await expect(page.getByRole("dialog", { name: "Print preview" })).toBeVisible()
  const paper = page.frameLocator('[data-testid="paper-frame"]')
  const printed = paper.locator("table.paper-differences")
  await expect(printed.locator("thead th")).toHaveText(["Field", "A: bread-invoice", "B: valid-invoice", "Matters for tax"])
  await expect(printed.locator("tbody tr").filter({ hasText: "Amount due · BT-115" }).locator("td")).toHaveText(["565.72", "556.12", "No"])
  await expect(paper.locator("article.answer-paper")).not.toContainText("totals.payable")
  await screenshot(page, "documents-en-compare-paper-1280")
})
