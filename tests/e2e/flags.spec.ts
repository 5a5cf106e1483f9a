import { ask, expect, screenshot, test } from "./support/fixtures"
import { askForClient, createClient } from "./support/clients"

// The truth loop's first slice (issue 19): an answer is reported as wrong with a note from its
// answer card; the review queue lists it with its age, client, question, headline, confidence and
// note; the reviewer confirms it with a note naming what must change, and it leaves the open
// list; the run, reopened, shows that it was reported and how the report was decided.

const VAT_QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
const GAS_QUESTION = "Koja je stopa PDV-a na prirodni plin?"
const CLIENT = "Primjer d.o.o."
const NOTE = "Klijent je prošle godine imao 30.000 EUR prometa; prag bi trebalo provjeriti za tekuću godinu."

test("an answer reported as wrong reaches the review queue, is confirmed there and leaves the open list", async ({
  page,
  host,
}) => {
  await page.goto(host.url)
  await createClient(page, CLIENT)
  await askForClient(page, VAT_QUESTION, CLIENT, "2025-06-01")
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "ANSWER")
  const runId = (await page.getByTestId("run-view").getAttribute("data-request-id")) ?? ""

  // The control opens a named form; focus goes to the first choice.
  await card.getByRole("button", { name: "Prijavi problem" }).click()
  const form = page.getByRole("form", { name: "Prijava problema s odgovorom" })
  await expect(form).toBeVisible()
  await expect(form.getByRole("radio", { name: /^Netočno/ })).toBeFocused()
  // Sending without a choice or a note says what is missing, in Croatian.
  await form.getByRole("button", { name: "Pošalji" }).click()
  await expect(form.getByTestId("report-error")).toHaveText("Odaberite: netočno ili nejasno.")
  await form.getByRole("radio", { name: /^Netočno/ }).check()
  await form.getByRole("button", { name: "Pošalji" }).click()
  await expect(form.getByTestId("report-error")).toHaveText("Upišite bilješku: što nije u redu.")
  await form.getByRole("textbox", { name: "Bilješka" }).fill(NOTE)
  // Typing answers the complaint: it goes away.
  await expect(form.getByTestId("report-error")).toHaveCount(0)
  await screenshot(page, "flags-01-report-form")

  await form.getByRole("button", { name: "Pošalji" }).click()
  await expect(card.getByTestId("report-sent")).toHaveText("Odgovor je prijavljen. Prijava čeka pregled.")
  await expect(card.getByTestId("report-flag")).toHaveAttribute("data-status", "open")
  await expect(card.getByTestId("report-flag")).toContainText("Prijavljeno kao netočno")
  await expect(card.getByTestId("report-flag")).toContainText("Čeka pregled")
  await expect(card.getByRole("button", { name: "Prijavi još jedan problem" })).toBeFocused()
  await screenshot(page, "flags-02-reported")

  // A second report, so the queue shows more than one row (a qualified answer, no client).
  await page.getByTestId("ask-carry-clear").click()
  await ask(page, GAS_QUESTION, "2026-06-01")
  await expect(card).toHaveAttribute("data-outcome", "QUALIFIED_ANSWER")
  await card.getByRole("button", { name: "Prijavi problem" }).click()
  await form.getByRole("radio", { name: /^Nejasno/ }).check()
  await form
    .getByRole("textbox", { name: "Bilješka" })
    .fill("Nije jasno vrijedi li prijedlog već od 1. 7. 2026.")
  await form.getByRole("button", { name: "Pošalji" }).click()
  await expect(card.getByTestId("report-sent")).toBeVisible()

  // The review queue: oldest first, with what the reviewer needs to judge each report.
  await page.getByTestId("nav-review").click()
  await expect(page.getByRole("heading", { name: "Pregled prijava" })).toBeVisible()
  const rows = page.getByTestId("review-row")
  await expect(rows).toHaveCount(2)
  await expect(page.getByTestId("review-count")).toHaveText("2 otvorene prijave")
  const first = rows.first()
  await expect(first).toHaveAttribute("data-run-id", runId)
  await expect(first.getByTestId("review-age")).toHaveText("manje od minute")
  await expect(first).toContainText(CLIENT)
  await expect(first.getByTestId("review-open-run")).toHaveText(VAT_QUESTION)
  await expect(first.getByTestId("review-headline")).toContainText("60.000,00 EUR")
  await expect(first).toContainText("Netočno")
  await expect(first.getByTestId("review-note")).toHaveText(NOTE)
  await expect(first).toContainText(/\d+ %/)
  await expect(rows.nth(1)).toContainText("bez klijenta")
  await expect(rows.nth(1)).toContainText("Nejasno")
  await screenshot(page, "flags-03-queue")

  // Confirm, with a note naming what must change.
  await first.getByRole("button", { name: "Potvrdi: odgovor je bio netočan" }).click()
  const decision = page.getByRole("form", { name: `Odluka o prijavi: ${VAT_QUESTION}` })
  const decisionNote = decision.getByRole("textbox", { name: "Što treba promijeniti? (npr. oznaka pravila)" })
  await expect(decisionNote).toBeFocused()
  await decision.getByRole("button", { name: "Potvrdi: odgovor je bio netočan" }).click()
  await expect(decision.getByTestId("decision-error")).toHaveText("Upišite bilješku uz odluku.")
  await decisionNote.fill("Pravilo o pragu za PDV: prošlogodišnji promet klijenta treba uzeti u obzir.")
  await expect(decision.getByTestId("decision-error")).toHaveCount(0)
  await screenshot(page, "flags-04-decision")
  await decision.getByRole("button", { name: "Potvrdi: odgovor je bio netočan" }).click()
  await expect(page.getByTestId("review-done")).toHaveText(
    "Prijava je potvrđena i više nije među otvorenima.",
  )
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).not.toHaveAttribute("data-run-id", runId)
  await expect(page.getByTestId("review-count")).toHaveText("1 otvorena prijava")

  // "All" keeps the decided report with its decision; its question opens the run, which shows it.
  await page.getByTestId("review-show-all").check()
  await expect(page.getByTestId("review-count")).toHaveText("2 prijave")
  const decided = page.locator(`[data-testid="review-row"][data-run-id="${runId}"]`)
  await expect(decided).toHaveAttribute("data-status", "confirmed")
  await expect(decided).toContainText("Potvrđeno: odgovor je bio netočan")
  await decided.getByTestId("review-open-run").click()
  await expect(page.getByTestId("trace-screen")).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`#/trace/${runId}$`))
  const flagLine = page.getByTestId("answer-card").getByTestId("report-flag")
  await expect(flagLine).toHaveAttribute("data-status", "confirmed")
  await expect(flagLine).toContainText("Potvrđeno: odgovor je bio netočan")
  await expect(flagLine).toContainText("Odluka recenzenta: Pravilo o pragu za PDV")
  await screenshot(page, "flags-05-trace-decided")
})
