import type { Page } from "@playwright/test"
import { contentDelta, finishChunk, reasoningDelta, startScriptedServer, type Script, type ScriptedServer } from "../support/scripted-openai-server"
import { switchToEnglish } from "./support/clients"
import { ask, expect, test, windowShot } from "./support/fixtures"

// The optional local model in the window (issue 24), through the browser host with a scripted
// OpenAI-compatible server started by the test: Settings → Local model (connection test, save),
// the model's sanitised thoughts live under the stepper while the run is under way, the answer the
// engine's own, and after the run the thoughts by stage in the answer and in the reopened trace.
// With the provider off nothing model-related shows and the server is never called.

const CASES = {
  hr: {
    question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
    thoughts: ["Korisnik pita mora li ući u sustav PDV-a. ", "Klijent je obrt, promet 65.000 eura; token=sk-live-0123456789abcdefghij. ", "Prag se primjenjuje na promet tekuće ili prethodne godine. "],
    draft: "Vaš promet od 65.000,00 EUR veći je od praga od 60.000,00 EUR, pa morate ući u sustav PDV-a.",
    found: "je dostupan i nudi model qwen3:0.6b",
    saved: "Postavke modela su spremljene.",
    live: "Model razmišlja:",
    heading: "Razmišljanje modela (nije dio odgovora)",
  },
  en: {
    question: "Do I have to register for VAT if my turnover is 65,000 euros?",
    thoughts: ["The user asks whether they must register for VAT. ", "The client's turnover is 65,000 euros; password: hunter2-secret. ", "The threshold applies to the turnover of the current or the previous year. "],
    draft: null,
    found: "is reachable and offers the model qwen3:0.6b",
    saved: "The model settings are saved.",
    live: "The model is thinking:",
    heading: "The model's thinking (not part of the answer)",
  },
} as const

/** Thinking that takes a few seconds, so that it is seen while the run is under way. */
function slowThinking(thoughts: readonly string[]): Script {
  return [...thoughts.flatMap((text) => [reasoningDelta(text), { delayMs: 900 }]), finishChunk(), { done: true }]
}

const modelList: Script = [{ status: 200, body: JSON.stringify({ object: "list", data: [{ id: "qwen3:0.6b", object: "model" }] }) }]

async function configureModel(page: Page, server: ScriptedServer, locale: "hr" | "en", width: number): Promise<void> {
  const text = CASES[locale]
  await page.getByTestId("nav-settings").click()
  await page.getByTestId("model-enabled").check()
  await page.getByTestId("model-endpoint").fill(server.url)
  await page.getByTestId("model-name").fill("qwen3:0.6b")
  if (text.draft === null) await page.getByTestId("model-draft-prose").uncheck()
  await page.getByTestId("model-test").click()
  await expect(page.getByTestId("model-test-result")).toContainText(text.found)
  await page.getByTestId("model-save").click()
  await expect(page.getByTestId("model-status")).toHaveText(text.saved)
  await windowShot(page, `settings-model-${locale}-${width}`, "settings-model")
  await page.getByTestId("nav-ask").click()
}

for (const locale of ["hr", "en"] as const) {
  for (const width of [1280, 1920]) {
    test(`thoughts live under the stepper, the engine's answer, thoughts by stage in the trace (${locale}, ${width} px)`, async ({ page, host }) => {
      test.setTimeout(90_000)
      const text = CASES[locale]
      const server = await startScriptedServer([modelList, slowThinking(text.thoughts), ...(text.draft === null ? [] : [[contentDelta(text.draft), finishChunk(), { done: true }] as Script])])
      try {
        await page.setViewportSize({ width, height: width === 1920 ? 1080 : 860 })
        await page.goto(host.url)
        if (locale === "en") await switchToEnglish(page)
        await configureModel(page, server, locale, width)

        await ask(page, text.question)
        // Live: a thought is on the line under the stepper while there is no answer yet.
        const line = page.getByTestId("model-thought")
        await expect(line).toContainText(text.live)
        await expect(page.getByTestId("answer-card")).toHaveCount(0)
        await expect(line).toContainText(text.thoughts[2].slice(0, 20))
        await expect(line).not.toContainText(locale === "hr" ? "sk-live" : "hunter2")
        await windowShot(page, `model-live-${locale}-${width}`)

        // The answer is the engine's; the model's part follows it, sanitised.
        const card = page.getByTestId("answer-card")
        await expect(card).toHaveAttribute("data-outcome", "ANSWER")
        await expect(card).toContainText(locale === "hr" ? "60.000,00 EUR" : "EUR 60,000.00")
        await expect(line).toHaveCount(0)
        const steps = page.getByTestId("model-steps")
        await expect(steps).toContainText(text.heading)
        await expect(steps.locator("li").first()).toBeVisible()
        await expect(page.getByTestId("model-part")).not.toContainText(locale === "hr" ? "sk-live" : "hunter2")
        if (text.draft !== null) {
          await expect(page.getByTestId("model-draft")).toContainText(text.draft)
          await expect(card).not.toContainText(text.draft)
        }
        await expect(page.getByTestId("model-note")).toHaveCount(0)
        await windowShot(page, `model-answer-${locale}-${width}`, "model-part")

        // The reopened trace shows the same thoughts by stage, read from the stored records.
        const requestId = await page.getByTestId("run-view").getAttribute("data-request-id")
        await page.getByTestId("nav-history").click()
        await page.locator(`[data-testid="history-row"][data-request-id="${requestId}"]`).getByTestId("history-open").click()
        await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
        await expect(page.getByTestId("model-steps").locator("li").first()).toBeVisible()
        await windowShot(page, `model-trace-${locale}-${width}`, "model-part")
        expect(server.received[1]?.body.model).toBe("qwen3:0.6b")
      } finally {
        await server.close()
      }
    })
  }
}

test("a stalled model leaves the engine's answer with a note saying so (en)", async ({ page, host }) => {
  test.setTimeout(90_000)
  const server = await startScriptedServer([modelList, [reasoningDelta("The user asks about the VAT threshold. "), { delayMs: 20_000 }]])
  try {
    await page.goto(host.url)
    await switchToEnglish(page)
    await configureModel(page, server, "en", 1280)
    await ask(page, CASES.en.question)
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER", { timeout: 30_000 })
    await expect(page.getByTestId("model-note")).toHaveText(/^Note: the model (did not finish in time|stopped sending text); the answer is the rule engine's own/)
    await windowShot(page, "model-note-en-1280", "model-note")
  } finally {
    await server.close()
  }
})

test("with the provider off nothing model-related shows and the server is never called (hr)", async ({ page, host }) => {
  const server = await startScriptedServer([])
  try {
    await page.goto(host.url)
    await ask(page, CASES.hr.question)
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
    await expect(page.getByTestId("model-thought")).toHaveCount(0)
    await expect(page.getByTestId("model-part")).toHaveCount(0)
    await expect(page.getByTestId("model-note")).toHaveCount(0)
    await page.getByTestId("nav-settings").click()
    await expect(page.getByTestId("model-enabled")).not.toBeChecked()
    await expect(page.getByTestId("model-key-state")).toHaveText(/Ključ nije spremljen\./)
    expect(server.received).toHaveLength(0)
  } finally {
    await server.close()
  }
})
