import { contentDelta, finishChunk, reasoningDelta, wellBehaved, type Script } from "../support/scripted-openai-server"
import { startRoutedServer } from "../unit/model/routed-server"
import { switchToEnglish } from "./support/clients"
import { ask, expect, test, windowShot } from "./support/fixtures"
import { turnModelOn } from "./support/model"

// The model's reading of a question the pack cannot place (issue 24, point 3), through the browser
// host with a scripted OpenAI-compatible server. Without a model "Koliko dobivam za put po Hrvatskoj
// bez poreza?" is refused; with it, the engine asks its own clarification "Jeste li mislili: …?"
// with a yes and a no. Yes: the engine answers the reading. No: the refusal it has without a model.

const QUESTION = { hr: "Koliko dobivam za put po Hrvatskoj bez poreza?", en: "How much do I get for a trip around Croatia without tax?" }
const ACCEPT = "concept:neop-dnevnica-tuzemna;attribute=amount"
const TEXT = {
  hr: { asked: "Jeste li mislili: „Neoporeziva dnevnica u tuzemstvu”, iznos?", no: "Ne, pitanje je o nečemu drugom" },
  en: { asked: "Did you mean: “Tax-free domestic per diem”, amount?", no: "No, the question is about something else" },
}
const THINKING: Script = [reasoningDelta("Pitanje je o putnim troškovima. "), { delayMs: 500 }, finishChunk(), { done: true }]
const RESUMED = wellBehaved(["Korisnik pita o dnevnici u tuzemstvu. "])
const reading = (): Script => [contentDelta('{"concept": "neop-dnevnica-tuzemna", "attribute": "amount"}'), finishChunk(), { done: true }]

for (const locale of ["hr", "en"] as const) {
  test(`the engine asks whether the model's reading is meant; yes answers it (${locale})`, async ({ page, host }) => {
    test.setTimeout(90_000)
    const server = await startRoutedServer([reading()], [THINKING], [RESUMED])
    try {
      await page.goto(host.url)
      if (locale === "en") await switchToEnglish(page)
      await turnModelOn(page, server.url)
      await ask(page, QUESTION[locale])
      await expect(page.getByTestId("clarification")).toBeVisible({ timeout: 30_000 })
      await expect(page.getByTestId("clarification-question")).toContainText(TEXT[locale].asked)
      const yes = page.locator(`[data-testid="clarification-option"][data-value="${ACCEPT}"]`)
      await expect(yes).toBeVisible()
      await expect(page.locator('[data-testid="clarification-option"][data-value="decline"]')).toHaveText(TEXT[locale].no)
      await windowShot(page, `interpretation-${locale}`)
      await yes.click()
      const card = page.getByTestId("answer-card")
      await expect(card).toBeVisible({ timeout: 30_000 })
      await expect(card).toHaveAttribute("data-outcome", /ANSWER$/)
      // The pack's figures: 15 or 30 EUR a day, depending on the trip's length.
      await expect(card).toContainText(/15,00|15\.00/)
      await expect(page.getByTestId("model-proposal-note")).toHaveAttribute("data-outcome", "offered")
      await windowShot(page, `interpretation-answer-${locale}`)
    } finally {
      await server.close()
    }
  })
}

test("no to the model's reading: the refusal the question has without a model (hr)", async ({ page, host }) => {
  test.setTimeout(90_000)
  const server = await startRoutedServer([reading()], [THINKING], [RESUMED])
  try {
    await page.goto(host.url)
    await turnModelOn(page, server.url)
    await ask(page, QUESTION.hr)
    await expect(page.getByTestId("clarification")).toBeVisible({ timeout: 30_000 })
    await page.locator('[data-testid="clarification-option"][data-value="decline"]').click()
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL", { timeout: 30_000 })
    await expect(page.getByTestId("refusal")).toBeVisible()
    await windowShot(page, "interpretation-declined-hr")
  } finally {
    await server.close()
  }
})

// Stop while the engine waits for the model's reading (the model is thinking, its proposal's
// server stalls): the run ends as stopped, as a Stop at any other moment does, never in the
// refusal the question has without a model, and the model's request is aborted.
const STOPPED = {
  hr: { heading: "Obrada je zaustavljena", error: "Obradu ste zaustavili prije odgovora.", thinking: "Model razmišlja" },
  en: { heading: "The run was stopped", error: "You stopped the run before it answered.", thinking: "The model is thinking" },
}
const STALLED_THINKING: Script = [reasoningDelta("Pitanje je o putnim troškovima. "), { delayMs: 8000 }, finishChunk(), { done: true }]
const STALLED_READING: Script = [{ delayMs: 8000 }, ...reading()]

for (const locale of ["hr", "en"] as const) {
  test(`Stop while the model's reading is awaited ends the run as stopped (${locale})`, async ({ page, host }) => {
    test.setTimeout(90_000)
    const server = await startRoutedServer([STALLED_READING], [STALLED_THINKING])
    try {
      await page.goto(host.url)
      if (locale === "en") await switchToEnglish(page)
      await turnModelOn(page, server.url)
      await ask(page, QUESTION[locale])
      await expect(page.getByTestId("model-thought")).toContainText(STOPPED[locale].thinking, { timeout: 30_000 })
      // The engine is waiting for the reading: its request has reached the (stalled) server.
      await expect.poll(() => server.proposals.received.length, { timeout: 5000 }).toBe(1)
      await windowShot(page, `interpretation-awaited-${locale}`)
      await page.getByTestId("stepper-stop").click()

      const card = page.getByTestId("answer-card")
      await expect(card).toHaveAttribute("data-outcome", "ERROR", { timeout: 30_000 })
      await expect(page.getByTestId("answer-heading")).toHaveText(STOPPED[locale].heading)
      await expect(page.getByTestId("error")).toContainText(STOPPED[locale].error)
      await expect(page.getByTestId("refusal")).toHaveCount(0)
      await expect(page.getByTestId("clarification")).toHaveCount(0)
      await expect(page.getByTestId("stepper-stop")).toHaveCount(0)
      // As after a Stop at any other moment: the model's part was stopped; no word of a proposal.
      await expect(page.getByTestId("model-note")).toHaveAttribute("data-reason", "aborted")
      await expect(page.getByTestId("model-proposal-note")).toHaveCount(0)
      await expect.poll(() => server.proposals.received[0]?.aborted, { timeout: 5000 }).toBe(true)
      await windowShot(page, `interpretation-stopped-${locale}`)
    } finally {
      await server.close()
    }
  })
}
