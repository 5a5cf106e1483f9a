import { createClient, switchToEnglish } from "./support/clients"
import { axeFindings, dragOver, dropFiles, openDocuments } from "./support/documents"
import { expect, screenshot, test } from "./support/fixtures"

// Files dropped on the Ask screen (issue 22): an e-invoice dropped anywhere on the screen is added
// to the chosen client's documents and attached to the question as a chip (as an @-mention would
// attach it); the answer reads it and cites it. A file the intake refuses says why in the user's
// language, and what was typed stays. Croatian and English.

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4])

test("hr: a dropped e-invoice is attached and answers the question; a refused file loses nothing typed", async ({ page, host }) => {
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto(host.url)
  await createClient(page, "Obrt Ana")
  await page.getByTestId("client-select").selectOption({ label: "Obrt Ana" })
  await page.getByTestId("question-input").fill("Koji je OIB prodavatelja?")

  // Dropped on the empty answer area, not on the box: the whole screen takes files.
  await dropFiles(page, "ask-empty", [{ name: "ugovor.docx", bytes: ZIP, type: "application/octet-stream" }])
  await expect(page.getByTestId("attach-error")).toContainText("ugovor.docx nije dodan")
  await expect(page.getByTestId("attach-error")).toContainText("ZIP")
  await expect(page.getByTestId("question-input")).toHaveValue("Koji je OIB prodavatelja?")
  await expect(page.getByTestId("attached-document")).toHaveCount(0)

  // While the file is dragged over the screen, the box says what a drop will do.
  await dragOver(page, "ask-empty", [{ fixture: "ubl-invoice-valid.xml", name: "racun-ozujak.xml" }])
  await expect(page.getByTestId("ask-drop-hint")).toHaveText("Ispustite račun ili PDF: dodat će se dokumentima klijenta i priložiti pitanju.")
  await screenshot(page, "ask-drop-hr-dragging-1280")
  await dropFiles(page, "ask-empty", [{ fixture: "ubl-invoice-valid.xml", name: "racun-ozujak.xml" }])
  await expect(page.getByTestId("ask-drop-hint")).toHaveCount(0)
  const chip = page.getByTestId("attached-document")
  await expect(chip).toHaveCount(1)
  await expect(chip).toContainText("eRačun")
  await expect(chip).toContainText("racun-ozujak (17-P1-1)")
  await expect(page.getByTestId("attach-error")).toHaveCount(0)
  await expect(page.getByTestId("question-input")).toHaveValue("Koji je OIB prodavatelja?")
  expect(await axeFindings(page)).toEqual([])
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, `ask-drop-hr-attached-${width}`)
  }

  await page.getByTestId("ask-submit").click()
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "ANSWER")
  const cited = card.getByTestId("document-citation")
  await expect(cited).toHaveCount(1)
  await expect(cited).toContainText("racun-ozujak")
  await expect(cited.locator('[data-field="seller.oib"]')).toBeVisible()
  // Sent: the box and its attachments are cleared for the next question.
  await expect(page.getByTestId("attached-document")).toHaveCount(0)
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 })
    await screenshot(page, `ask-drop-hr-answer-${width}`)
  }
  // The file is now one of the client's documents.
  await openDocuments(page, "Obrt Ana")
  await expect(page.getByTestId("document-row")).toHaveCount(1)
  await expect(page.getByTestId("document-row")).toContainText("racun-ozujak")
})

test("en: two files attached, one removed before asking; an empty file is refused in English", async ({ page, host }) => {
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto(host.url)
  await switchToEnglish(page)
  await createClient(page, "Beta d.o.o.")
  await page.getByTestId("client-select").selectOption({ label: "Beta d.o.o." })
  await page.getByTestId("question-input").fill("Who is the seller on the invoice?")
  await dropFiles(page, "question-input", [
    { fixture: "ubl-bad-oib.xml", name: "bad-oib.xml" },
    { name: "note.txt", bytes: Buffer.from("A note on the March invoices."), type: "text/plain" },
    { name: "empty.txt", bytes: Buffer.alloc(0), type: "text/plain" },
  ])
  await expect(page.getByTestId("attached-document")).toHaveCount(2)
  await expect(page.getByTestId("attach-error")).toContainText("empty.txt was not added")
  await expect(page.getByTestId("attach-error")).toContainText("empty")
  await page.getByTestId("attached-document").filter({ hasText: "note" }).getByTestId("attached-remove").click()
  await expect(page.getByTestId("attached-document")).toHaveCount(1)
  await expect(page.getByTestId("attached-remove")).toHaveAccessibleName(/^Remove bad-oib/)
  await expect(page.getByTestId("question-input")).toHaveValue("Who is the seller on the invoice?")
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    await screenshot(page, `ask-drop-en-attached-${width}`)
  }

  await page.getByTestId("ask-submit").click()
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "ANSWER")
  await expect(card.getByTestId("document-citation")).toHaveCount(1)
  await expect(card.getByTestId("document-citation")).toContainText("bad-oib")
  await expect(card.getByTestId("document-citation").locator('[data-field="seller.name"]')).toBeVisible()
  expect(await axeFindings(page)).toEqual([])
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 })
    await screenshot(page, `ask-drop-en-answer-${width}`)
  }
})
