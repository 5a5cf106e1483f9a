import type { Page } from "@playwright/test"
import { ask, expect, test } from "./support/fixtures"
import { switchToEnglish } from "./support/clients"

// Screen fixes of issue 23, in both languages: a clarification has one cancel; the client form
// refuses an OIB by its check digit and says which problem it has; the whole UI follows the
// system's dark mode; an assumed date reads like every other date on the screen.

const LOCALES = [
  {
    locale: "hr",
    cancel: "Odustani od pitanja",
    length: "OIB ima točno 11 znamenki.",
    checkDigit: "Kontrolna znamenka ne odgovara",
    today: /\d{1,2}\. \d{1,2}\. \d{4}\./,
  },
  {
    locale: "en",
    cancel: "Cancel the question",
    length: "An OIB has exactly 11 digits.",
    checkDigit: "The check digit does not match",
    today: /\d{1,2} [A-Z][a-z]+ \d{4}/,
  },
] as const

async function open(page: Page, url: string, locale: "hr" | "en") {
  await page.goto(url)
  await expect(page.getByTestId("question-input")).toBeVisible()
  if (locale === "en") await switchToEnglish(page)
}

/** Relative luminance of a computed CSS colour "rgb(r, g, b)" (WCAG 2). */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

for (const { locale, cancel, length, checkDigit, today } of LOCALES) {
  test.describe(`screen fixes (${locale})`, () => {
    test("a clarification has one control that cancels it", async ({ page, host }) => {
      await open(page, host.url, locale)
      await ask(page, "porez")
      const prompt = page.getByTestId("clarification")
      await expect(prompt).toBeVisible()
      await expect(page.getByTestId("clarification-option").first()).toBeVisible()
      // Not the engine's "Cancel" option, not the stepper's Stop: the prompt's own cancel, once.
      await expect(page.locator("[data-testid='clarification-option'][data-value='cancel']")).toHaveCount(0)
      await expect(page.getByTestId("stepper-stop")).toHaveCount(0)
      const cancels = page.getByRole("button", { name: /\b(odustani|prekini|cancel|stop)\b/i })
      await expect(cancels).toHaveCount(1)
      await expect(cancels).toHaveText(cancel)
      await cancels.click()
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")
    })

    test("the client form refuses a wrong OIB, says which problem it has, and saves none", async ({ page, host }) => {
      await open(page, host.url, locale)
      await page.getByTestId("nav-clients").click()
      await page.getByTestId("client-new").click()
      await page.getByTestId("client-name").fill("Obrt Provjera")
      const oib = page.getByTestId("client-oib")
      const error = page.getByTestId("client-error-oib")

      // Eleven digits, but the last is not the check digit ISO 7064 MOD 11,10 gives (3).
      await oib.fill("12345678901")
      await oib.blur()
      await expect(error).toContainText(checkDigit)
      await page.getByTestId("client-save").click()
      await expect(error).toContainText(checkDigit)
      await expect(oib).toHaveAttribute("aria-invalid", "true")
      await expect(page.getByTestId("client-item")).toHaveCount(0)

      await oib.fill("1234567890")
      await page.getByTestId("client-save").click()
      await expect(error).toHaveText(length)
      await expect(page.getByTestId("client-item")).toHaveCount(0)

      await oib.fill("12345678903")
      await page.getByTestId("client-save").click()
      await expect(page.getByTestId("client-item").filter({ hasText: "Obrt Provjera" })).toBeVisible()
      await expect(error).toHaveCount(0)
    })

    test("the whole UI follows the system's dark mode", async ({ page, host }) => {
      await page.emulateMedia({ colorScheme: "dark" })
      await open(page, host.url, locale)
      const colours = async () =>
        page.evaluate(() => {
          const style = (selector: string) => {
            const element = document.querySelector(selector)
            return element ? getComputedStyle(element) : null
          }
          return {
            page: style(".main")?.backgroundColor ?? "",
            text: style("h1")?.color ?? "",
            composer: style(".composer")?.backgroundColor ?? "",
            field: style("[data-testid='question-input']")?.backgroundColor ?? "",
          }
        })
      const dark = await colours()
      // The page itself paints the body: take it from there when .main is transparent.
      const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      const backdrop = dark.page === "rgba(0, 0, 0, 0)" ? body : dark.page
      expect(luminance(backdrop)).toBeLessThan(0.05)
      expect(luminance(dark.composer)).toBeLessThan(0.05)
      expect(luminance(dark.field)).toBeLessThan(0.05)
      expect(luminance(dark.text)).toBeGreaterThan(0.6)

      await page.emulateMedia({ colorScheme: "light" })
      const light = await colours()
      expect(luminance(light.composer)).toBeGreaterThan(0.9)
      expect(luminance(light.text)).toBeLessThan(0.05)
    })

    test("an assumed date reads like the other dates, never as ISO", async ({ page, host }) => {
      await open(page, host.url, locale)
      await ask(page, "What is the VAT rate in Germany?")
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")
      await page.getByTestId("card-toggle-CONTEXT_RESOLUTION").click()
      const assumed = page.getByTestId("context-assumed")
      await expect(assumed).toContainText(today)
      await expect(assumed).not.toContainText(/\d{4}-\d{2}-\d{2}/)
      await expect(page.locator("#main")).not.toContainText(/\b\d{4}-\d{2}-\d{2}\b/)
    })

    test("a decisive fact's value is written like the label beside it, never two formats in one line", async ({
      page,
      host,
    }) => {
      await open(page, host.url, locale)
      // A Croatian question: the engine writes its conditions in Croatian, whatever the UI's language.
      await ask(page, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", "2025-07-01")
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", /ANSWER/)
      await page.getByTestId("card-toggle-CONFIDENCE").click()
      const decisive = page.getByTestId("confidence-interactive-drivers")
      await expect(decisive).toContainText("Promet ≤ 60.000,00 EUR (65.000,00 EUR)")
      await expect(decisive).not.toContainText("EUR 65,000.00")
    })
  })
}
