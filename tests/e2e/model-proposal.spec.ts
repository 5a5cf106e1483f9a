import { contentDelta, finishChunk, reasoningDelta, wellBehaved, type Script } from "../support/scripted-openai-server"
import { startRoutedServer } from "../unit/model/routed-server"
import { switchToEnglish } from "./support/clients"
import { ask, expect, test, windowShot } from "./support/fixtures"
import { turnModelOn } from "./support/model"

// The model's proposal in the window (issue 24, point 3), through the browser host with a scripted
// OpenAI-compatible server: "Kada moram platiti?" stops at the engine's topic question; under the
// stepper the model proposes one of the engine's own options ("Model predlaže: …"); the user
// accepts it, the engine answers on it, and the answer says what the model proposed. A proposal
// of a concept the pack does not hold is never shown, and the run is answered as without a model.

const QUESTION = { hr: "Kada moram platiti?", en: "When do I have to pay?" }
const TEXT = {
  hr: { proposes: "Model predlaže:", option: "Rok za plaćanje PDV-a", taken: "i vi ste je potvrdili", discarded: "ne postoji u paketu propisa" },
  en: { proposes: "The model proposes:", option: "VAT payment deadline", taken: "and you confirmed it", discarded: "is not in the rule pack" },
}
const THINKING: Script = [reasoningDelta("Pitanje ne kaže koji porez. "), { delayMs: 1500 }, finishChunk(), { done: true }]
const RESUMED = wellBehaved(["Korisnik pita o roku plaćanja PDV-a. "])
const reply = (text: string): Script => [contentDelta(text), finishChunk(), { done: true }]

for (const locale of ["hr", "en"] as const) {
  for (const width of [1280, 1920]) {
    test(`the model's proposal is an option the user accepts; the engine answers it (${locale}, ${width} px)`, async ({ page, host }) => {
      test.setTimeout(90_000)
      const server = await startRoutedServer([reply('{"concept": "pdv-rok-placanja", "attribute": "deadline"}')], [THINKING], [RESUMED])
      try {
        await page.setViewportSize({ width, height: width === 1920 ? 1080 : 860 })
        await page.goto(host.url)
        if (locale === "en") await switchToEnglish(page)
        await turnModelOn(page, server.url)
        await ask(page, QUESTION[locale])
        await expect(page.getByTestId("clarification")).toBeVisible()
        const proposal = page.getByTestId("model-proposal")
        await expect(proposal).toContainText(TEXT[locale].proposes)
        await expect(proposal).toHaveAttribute("data-value", "concept:pdv-rok-placanja;attribute=deadline")
        // Scrolled into view above the docked clarification, which keeps the focus.
        await expect(proposal).toBeInViewport()
        await expect(page.getByTestId("model-proposal-accept")).not.toBeFocused()
        await windowShot(page, `proposal-${locale}-${width}`)

        await page.getByTestId("model-proposal-accept").click()
        const card = page.getByTestId("answer-card")
        await expect(card).toBeVisible({ timeout: 30_000 })
        await expect(page.getByTestId("model-proposal-note")).toHaveAttribute("data-outcome", "offered")
        await expect(page.getByTestId("model-proposal-note")).toContainText(TEXT[locale].taken)
        await expect(proposal).toHaveCount(0)
        await page.getByTestId("model-proposal-note").scrollIntoViewIfNeeded()
        await windowShot(page, `proposal-answer-${locale}-${width}`)
      } finally {
        await server.close()
      }
    })
  }
}

test("a proposal of a concept the pack does not hold is never offered; the answer says it was discarded (hr)", async ({ page, host }) => {
  test.setTimeout(90_000)
  const server = await startRoutedServer([reply('{"concept": "porez-na-srecu", "attribute": "rate"}')], [THINKING], [RESUMED])
  try {
    await page.goto(host.url)
    await turnModelOn(page, server.url)
    await ask(page, QUESTION.hr)
    await expect(page.getByTestId("clarification")).toBeVisible()
    await expect.poll(() => server.proposals.received.length).toBe(1)
    // The reply has been read by now; nothing is offered.
    await page.waitForTimeout(500)
    await expect(page.getByTestId("model-proposal")).toHaveCount(0)
    await page.locator('[data-testid="clarification-option"][data-value="concept:doprinosi-rok-placanja"]').click()
    await expect(page.getByTestId("answer-card")).toBeVisible({ timeout: 30_000 })
    const note = page.getByTestId("model-proposal-note")
    await expect(note).toHaveAttribute("data-why", "not_in_pack")
    await expect(note).toContainText(TEXT.hr.discarded)
    await note.scrollIntoViewIfNeeded()
    await windowShot(page, "proposal-discarded-hr-1280")
  } finally {
    await server.close()
  }
})
