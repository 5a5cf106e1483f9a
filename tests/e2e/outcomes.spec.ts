import { ask, expect, screenshot, test } from "./support/fixtures"

// The outcomes other than a plain answer: a refusal with next steps, and a conflict between sources
// disclosed in a qualified answer.

test("a question about foreign law is refused with the reason and next steps", async ({ page, host }) => {
  await page.goto(host.url)
  await ask(page, "What is the VAT rate in Germany?")
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "REFUSAL")
  await expect(page.getByTestId("refusal-reason")).not.toBeEmpty()
  const steps = page.getByTestId("refusal-next-steps").locator("li")
  await expect(steps.first()).not.toBeEmpty()
  await screenshot(page, "07-refusal")
})

test("an enacted rate with a proposal against it gives a qualified answer showing both sides and what to check", async ({ page, host }) => {
  await page.goto(host.url)
  await ask(page, "Koja je stopa PDV-a na prirodni plin?", "2026-06-01")
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "QUALIFIED_ANSWER")
  const warning = page.getByTestId("conflict-warning").first()
  await expect(warning).toBeVisible()
  await expect(warning.getByTestId("conflict-source-a")).not.toBeEmpty()
  await expect(warning.getByTestId("conflict-source-b")).not.toBeEmpty()
  await expect(warning.getByTestId("conflict-resolution")).not.toBeEmpty()
  await screenshot(page, "08-conflict")
})
