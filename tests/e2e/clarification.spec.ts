import { ask, expect, screenshot, test } from "./support/fixtures"

// A vague question makes the engine ask back; the run continues in the same view when answered,
// and ends in a refusal with next steps when the question is cancelled.

test("a clarification answered continues the same run to its outcome", async ({ page, host }) => {
  await page.goto(host.url)
  await ask(page, "porez")
  const prompt = page.getByTestId("clarification")
  await expect(prompt).toBeVisible()
  await expect(page.getByTestId("clarification-question")).not.toBeEmpty()
  const options = page.getByTestId("clarification-option")
  await expect(options.first()).toBeVisible()
  await screenshot(page, "04-clarification")
  const requestId = await page.getByTestId("run-view").getAttribute("data-request-id")

  await options.first().click()
  await expect(prompt).toBeHidden()
  const card = page.getByTestId("answer-card")
  await expect(card).toBeVisible()
  await expect(card).not.toHaveAttribute("data-outcome", "ERROR")
  // Same run, same view: the request id did not change.
  await expect(page.getByTestId("run-view")).toHaveAttribute("data-request-id", requestId ?? "")
  await screenshot(page, "05-clarification-answered")
})

test("a clarification cancelled ends in a refusal that says what to do next", async ({ page, host }) => {
  await page.goto(host.url)
  await ask(page, "porez")
  await expect(page.getByTestId("clarification")).toBeVisible()
  await page.getByTestId("clarification-cancel").click()
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "REFUSAL")
  await expect(page.getByTestId("refusal-next-steps")).not.toBeEmpty()
  await screenshot(page, "06-clarification-cancelled")
})

test("a question with a day that does not exist asks the topic, then the date, and answers for the date chosen", async ({
  page,
  host,
}) => {
  // Lines fade in; without motion the screenshots show them settled.
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto(host.url)
  // The form's date stays empty, so the run takes the date the question names.
  await expect(page.getByTestId("asof-input")).toHaveValue("")
  await ask(page, "doprinosi na dan 31.02.2025.")
  const question = page.getByTestId("clarification-question")
  await expect(question).toContainText("na koju se temu odnosi")
  await page.getByTestId("clarification-option").first().click()

  // The second round: the date, asked in the same view, with the topic round shown as answered.
  await expect(question).toContainText("31.02.2025")
  const rounds = page.getByTestId("step-clarification-round")
  await expect(rounds).toHaveCount(2)
  await expect(rounds.nth(0)).toHaveAttribute("data-state", "answered")
  await expect(rounds.nth(1)).toHaveAttribute("data-state", "awaiting")
  await expect(page.getByTestId("clarification-cancel")).toBeEnabled()
  await screenshot(page, "clarify-01-second-question")

  await page.locator("[data-testid='clarification-option'][data-value='2025-02-28']").click()
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", /ANSWER/)
  await expect(card).toContainText("Stanje na dan 28. 2. 2025.")
  await expect(page.getByTestId("clarification")).toBeHidden()
  await page.getByTestId("card-toggle-CONTEXT_RESOLUTION").click()
  await expect(page.getByTestId("context-as-of")).toContainText("→ 28. 2. 2025. (iz pojašnjenja)")
  await page.getByTestId("card-toggle-CLARIFICATION").click()
  await expect(page.getByTestId("clarification-round")).toHaveCount(2)
  await screenshot(page, "clarify-02-date-answered")
})
