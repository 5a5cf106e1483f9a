import type { Page } from "@playwright/test"
import { ask, expect, screenshot, test } from "./support/fixtures"
import { askForClient, createClient, switchToEnglish } from "./support/clients"

// A question asked for a client on a chosen day: the answer card names both; the next question
// carries them only as a visible chip, cleared with one key press; and a "What if…" that moves the
// turnover below the VAT threshold turns the answer from yes to no, which the comparison says.

const QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
const CLIENT = "Primjer d.o.o."
const FLIP_BELOW = "fact:counters.revenueYtd:lte:60000"

async function flipBelowThreshold(page: Page) {
  await page.getByTestId("ask-open-trace").click()
  await expect(page.getByTestId("whatif-panel")).toBeVisible()
  await page.getByTestId(`whatif-flip-${FLIP_BELOW}`).click()
  await expect(page.getByTestId("whatif-comparison")).toBeVisible()
}

test("the answer names the client and the day; the chip carries them visibly and clears with one key", async ({
  page,
  host,
}) => {
  await page.goto(host.url)
  await createClient(page, CLIENT)
  await askForClient(page, QUESTION, CLIENT, "2025-06-01")
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "ANSWER")
  await expect(card.getByTestId("answer-client")).toHaveText(`Klijent: ${CLIENT}`)
  await expect(card.getByTestId("answer-asof")).toHaveText("Stanje na dan 1. 6. 2025.")

  const chip = page.getByRole("group", { name: "Za sljedeće pitanje" })
  await expect(chip).toContainText(`Klijent: ${CLIENT}`)
  await expect(chip).toContainText("Stanje na dan 1. 6. 2025.")
  await screenshot(page, "client-01-answer-and-chip")

  const clear = chip.getByRole("button", { name: "Ukloni klijenta i datum iz sljedećeg pitanja" })
  await clear.focus()
  await page.keyboard.press("Enter")
  await expect(page.getByTestId("ask-carry")).toHaveCount(0)
  await expect(page.getByTestId("client-select")).toHaveValue("")
  await expect(page.getByTestId("asof-input")).toHaveValue("")
  await expect(page.getByTestId("question-input")).toBeFocused()

  // A fresh question without the chip: no client, and the run's date is today.
  await ask(page, "Koji je prag za ulazak u sustav PDV-a?")
  await expect(page.getByTestId("answer-card")).toBeVisible()
  await expect(page.getByTestId("answer-client")).toHaveText("Bez klijenta (opći odgovor)")
  const today = new Date()
  await expect(page.getByTestId("answer-asof")).toHaveText(
    `Stanje na dan ${today.getDate()}. ${today.getMonth() + 1}. ${today.getFullYear()}.`,
  )
  await expect(page.getByTestId("ask-carry")).toHaveCount(0)
})

test("a what-if that moves the turnover below the threshold turns yes into no, and says so", async ({
  page,
  host,
}) => {
  await page.goto(host.url)
  await createClient(page, CLIENT)
  await askForClient(page, QUESTION, CLIENT, "2025-06-01")
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
  await flipBelowThreshold(page)

  const conclusion = page.getByTestId("whatif-outcome-change")
  await expect(conclusion).toHaveAttribute("data-changed", "true")
  await expect(conclusion).toContainText("Zaključak se mijenja")
  await expect(conclusion).toContainText("da → ne")
  await expect(conclusion).not.toContainText("isti")
  await expect(page.getByTestId("whatif-sentence")).toContainText("odgovor je „ne” umjesto „da”")
  // The registration obligations go: listed as removed, none as added.
  const obligations = page.getByTestId("whatif-obligations")
  await expect(obligations.locator("li[data-change='removed']").first()).toBeVisible()
  await expect(obligations.locator("li[data-change='added']")).toHaveCount(0)
  await expect(page.getByTestId("whatif-comparison")).not.toContainText(/\b0\.\d\d\b/)
  await screenshot(page, "client-02-whatif-yes-to-no")
})

test("in English: the card, the chip and the what-if read in English formats", async ({ page, host }) => {
  await page.goto(host.url)
  await createClient(page, CLIENT)
  await switchToEnglish(page)
  await askForClient(page, QUESTION, CLIENT, "2025-06-01")
  await expect(page.getByTestId("answer-client")).toHaveText(`Client: ${CLIENT}`)
  await expect(page.getByTestId("answer-asof")).toHaveText("As of 1 June 2025")
  await expect(page.getByRole("group", { name: "For the next question" })).toContainText("As of 1 June 2025")
  await expect(
    page.getByRole("button", { name: "Remove the client and date from the next question" }),
  ).toBeVisible()
  await flipBelowThreshold(page)
  const conclusion = page.getByTestId("whatif-outcome-change")
  await expect(conclusion).toContainText("The conclusion changes")
  await expect(conclusion).toContainText("yes → no")
  await expect(page.getByTestId("whatif-sentence")).toContainText('the answer is "no" instead of "yes"')
  await screenshot(page, "client-03-whatif-english")
})
