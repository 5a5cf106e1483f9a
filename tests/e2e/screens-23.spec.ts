import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { join } from "node:path"
import { ARTIFACTS, ask, expect, screenshot, test } from "./support/fixtures"
import { switchToEnglish } from "./support/clients"

// Issue 23's remaining screen fixes, in both languages: a refusal's missing fact supplied where it
// stands and the question asked again; the What-if panel beside the answer on a wide screen; the
// reasoning cards in words, without the interpreter's codes; an answer labelled with its language
// when it is not the UI's; and printing a screen prints its content without the navigation.

async function open(page: Page, url: string, locale: "hr" | "en") {
  await page.goto(url)
  await expect(page.getByTestId("question-input")).toBeVisible()
  if (locale === "en") await switchToEnglish(page)
}

const LOCALES = [
  {
    locale: "hr",
    question: "Moram li ući u sustav PDV-a?",
    factLabel: "Vaš promet",
    typed: "65.000,00",
    added: "Promet 65.000,00 EUR.",
    badAmount: "Upišite iznos u eurima, npr. 65.000,00.",
  },
  {
    locale: "en",
    question: "Do I have to register for VAT?",
    factLabel: "Your turnover",
    typed: "65,000",
    added: "Turnover EUR 65,000.00.",
    badAmount: "Enter an amount in euros, e.g. 65,000.00.",
  },
] as const

for (const { locale, question, factLabel, typed, added, badAmount } of LOCALES) {
  test.describe(`issue 23 screens (${locale})`, () => {
    test("a refusal names the missing fact once, takes it where it stands, and the new run answers", async ({ page, host }) => {
      await open(page, host.url, locale)
      await ask(page, question)
      const card = page.getByTestId("answer-card")
      await expect(card).toHaveAttribute("data-outcome", "REFUSAL")
      const refusedId = await page.getByTestId("run-view").getAttribute("data-request-id")
      const facts = page.getByTestId("refusal-required-fields")
      await expect(facts.getByTestId("supply-fact")).toHaveCount(1)
      // Named once: the field's label, not again as the detail and as "Navedite: Promet".
      const mentions = await card.evaluate((element, label) => {
        const text = element.textContent ?? ""
        return text.toLowerCase().split(label.toLowerCase()).length - 1
      }, factLabel)
      expect(mentions).toBe(1)
      await screenshot(page, `screens-23-refusal-supply-${locale}`)

      const field = page.getByLabel(factLabel)
      await field.fill("puno")
      await page.getByTestId("supply-submit").click()
      await expect(page.getByTestId("supply-error")).toHaveText(badAmount)
      await expect(field).toHaveValue("puno")

      await field.fill(typed)
      await page.getByTestId("supply-submit").click()
      await expect(page.getByTestId("run-view")).not.toHaveAttribute("data-request-id", refusedId ?? "")
      await expect(page.getByTestId("run-question")).toContainText(`${question} ${added}`)
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
      await screenshot(page, `screens-23-refusal-supplied-answer-${locale}`)

      // The refusal stays as it was, stored: its trace opens with the refusal and its empty field.
      await page.evaluate((id) => {
        window.location.hash = `#/trace/${id}`
      }, refusedId ?? "")
      await expect(page.getByTestId("trace-screen")).toBeVisible()
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")
      await expect(page.getByLabel(factLabel)).toHaveValue("")
      // Supplied from the trace screen, the new run goes where new runs are shown: the Ask screen.
      await page.getByLabel(factLabel).fill(typed)
      await page.getByTestId("supply-submit").click()
      await expect(page.getByTestId("question-form")).toBeVisible()
      await expect(page.getByTestId("run-question")).toContainText(`${question} ${added}`)
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
    })

    test("the What-if panel stands beside the answer at 1920 px and under it at 1280 px", async ({ page, host }) => {
      await page.setViewportSize({ width: 1920, height: 1080 })
      await open(page, host.url, locale)
      await ask(page, `${question} ${added}`)
      await expect(page.getByTestId("answer-card")).toBeVisible()
      await page.getByTestId("ask-open-trace").click()
      const panel = page.getByTestId("whatif-panel")
      await expect(panel.getByTestId("whatif-drivers")).toBeVisible()
      // The panel's own amount field is written the UI's way, like every other amount on the screen.
      await expect(page.getByTestId("whatif-set-input-counters.revenueYtd")).toHaveValue(locale === "hr" ? "65.000,00" : "65,000.00")
      const run = page.getByTestId("run-view")
      const [runBox, panelBox] = [await run.boundingBox(), await panel.boundingBox()]
      expect(runBox).not.toBeNull()
      expect(panelBox).not.toBeNull()
      if (!runBox || !panelBox) return
      expect(panelBox.x).toBeGreaterThanOrEqual(runBox.x + runBox.width)
      expect(panelBox.y).toBeLessThan(400)
      // The right half is used: the panel reaches past the middle of the window.
      expect(panelBox.x + panelBox.width).toBeGreaterThan(1600)
      await page.screenshot({ path: join(ARTIFACTS, `screens-23-whatif-1920-${locale}.png`) })

      // The panel stays in view while the long answer scrolls.
      await page.locator("#main").evaluate((main) => main.scrollBy(0, 600))
      const scrolled = await panel.boundingBox()
      expect(scrolled?.y ?? 9999).toBeLessThan(200)

      await page.setViewportSize({ width: 1280, height: 860 })
      const [narrowRun, narrowPanel] = [await run.boundingBox(), await panel.boundingBox()]
      if (!narrowRun || !narrowPanel) throw new Error("the run or the panel is not on the screen")
      expect(narrowPanel.y).toBeGreaterThanOrEqual(narrowRun.y + narrowRun.height)
      await screenshot(page, `screens-23-whatif-1280-${locale}`)
    })

    test("the reasoning cards say the kind of question in words, without the interpreter's codes", async ({ page, host }) => {
      await open(page, host.url, locale)
      await ask(page, locale === "hr" ? "Koliki je prag za ulazak u sustav PDV-a?" : "What is the VAT registration threshold?")
      await expect(page.getByTestId("answer-card")).toBeVisible()
      const cards = page.getByTestId("reasoning-cards")
      for (const toggle of await cards.locator("[data-testid^='card-toggle-']").all()) await toggle.click()
      await expect(page.getByTestId("intake-intent")).toHaveText(locale === "hr" ? "Prag ili limit" : "A threshold or limit")
      const text = (await cards.textContent()) ?? ""
      for (const code of ["THRESHOLD", "EXPLAIN", "CALCULATE", "DEADLINE", "OBLIGATION", "GENERAL", "REGULATORY", "concept:", "subject:", "attribute:", "pdv.prag"])
        expect(text, `the cards show the code ${code}`).not.toContain(code)
      await screenshot(page, `screens-23-cards-${locale}`)
    })

    test("printing a screen prints the answer without the navigation and the question box", async ({ page, host }) => {
      await open(page, host.url, locale)
      await ask(page, `${question} ${added}`)
      await expect(page.getByTestId("answer-card")).toBeVisible()
      await page.emulateMedia({ media: "print" })
      await expect(page.getByTestId("nav-ask")).toBeHidden()
      await expect(page.getByTestId("question-form")).toBeHidden()
      await expect(page.getByTestId("paper-actions")).toBeHidden()
      await expect(page.getByTestId("answer-heading")).toBeVisible()
      const colours = await page.evaluate(() => ({
        page: getComputedStyle(document.body).backgroundColor,
        text: getComputedStyle(document.querySelector("[data-testid='answer-heading']") ?? document.body).color,
      }))
      expect(colours.page).toBe("rgb(255, 255, 255)")
      await page.screenshot({ path: join(ARTIFACTS, `screens-23-print-${locale}.png`), fullPage: true })
      await page.emulateMedia({ media: "screen" })
      await expect(page.getByTestId("nav-ask")).toBeVisible()
    })
  })
}

test("an English screen labels a Croatian answer and formats its own values in English", async ({ page, host }) => {
  await open(page, host.url, "en")
  await ask(page, "Koliki je prag za ulazak u sustav PDV-a?", "2025-07-01")
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", "ANSWER")
  await expect(page.getByTestId("answer-language")).toHaveText("Answer in Croatian")
  // The engine's answer keeps Croatian numbers; the window's own values are English.
  await expect(page.getByTestId("answer-heading")).toContainText("60.000,00 EUR")
  await expect(page.getByTestId("answer-heading")).toHaveAttribute("lang", "hr")
  await expect(page.getByTestId("answer-asof")).toHaveText("As of 1 July 2025")
  await expect(page.getByTestId("citation-fetched").first()).toHaveText(/^Retrieved \d{1,2} [A-Z][a-z]+ \d{4}$/)
  // A card summary the engine wrote in Croatian shows its dates the Croatian way, never mixed.
  const summaries = (await page.getByTestId("reasoning-cards").textContent()) ?? ""
  expect(summaries).not.toMatch(/\d{4}-\d{2}-\d{2}/)
  await screenshot(page, "screens-23-language-note-en")

  await page.getByTestId("nav-settings").click()
  await page.getByTestId("settings-locale-hr").check()
  await page.getByTestId("settings-save").click()
  await page.getByTestId("nav-ask").click()
  await expect(page.getByTestId("answer-card")).toBeVisible()
  await expect(page.getByTestId("answer-language")).toHaveCount(0)
  await expect(page.getByTestId("answer-asof")).toHaveText("Stanje na dan 1. 7. 2025.")
})

const SERIOUS = new Set(["moderate", "serious", "critical"])

async function axeFindings(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ""))
    .flatMap((v) => v.nodes.map((node) => `${where}: ${v.id} (${v.impact}) at ${node.target.join(" ")}`))
}

for (const { locale, question, factLabel } of LOCALES)
  test(`the refusal's fact form and the two-column trace have no moderate or worse axe finding (${locale})`, async ({ page, host }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 1920, height: 1080 })
    await open(page, host.url, locale)
    await ask(page, question)
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")
    await page.getByLabel(factLabel).fill("?")
    await page.getByTestId("supply-submit").click()
    await expect(page.getByTestId("supply-error")).toBeVisible()
    const found: string[] = []
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" })
      found.push(...(await axeFindings(page, `refusal-${colorScheme}`)))
    }
    await page.getByTestId("ask-open-trace").click()
    await expect(page.getByTestId("trace-panels")).toBeVisible()
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" })
      found.push(...(await axeFindings(page, `trace-1920-${colorScheme}`)))
    }
    expect(found).toEqual([])
  })

const DATES = {
  hr: {
    typed: "1.6.2025",
    shown: "1. 6. 2025.",
    asOf: "Stanje na dan 1. 6. 2025.",
    missing: "31. 2. 2026.",
    missingError: "Datum 31. 2. 2026. ne postoji: posljednji dan tog mjeseca je 28.",
    notDate: "06/01/2025x",
    notDateError: "Datum nije prepoznat. Upišite ga kao 26. 11. 2026.",
    refused: "Upišite valjan datum.",
    whatifDate: "1. 1. 2024.",
  },
  en: {
    typed: "June 1, 2025",
    shown: "1 June 2025",
    asOf: "As of 1 June 2025",
    missing: "31 April 2026",
    missingError: "31 April 2026 does not exist: that month ends on day 30.",
    notDate: "06/01/2025",
    notDateError: "This date was not recognised. Type it as 26 November 2026.",
    refused: "Enter a valid date.",
    whatifDate: "1 January 2024",
  },
} as const

for (const locale of ["hr", "en"] as const) {
  const words = DATES[locale]
  test(`Ask and What-if take dates in the app's format, not the browser's, and name a day that does not exist (${locale})`, async ({ page, host }) => {
    test.setTimeout(120_000)
    await open(page, host.url, locale)
    const asOf = page.getByTestId("asof-input")
    await expect(asOf).toHaveAttribute("type", "text")

    // A day the month does not have: said under the field; the question is not sent.
    await asOf.fill(words.missing)
    await asOf.press("Tab")
    await expect(page.getByTestId("asof-input-error")).toHaveText(words.missingError)
    await expect(asOf).toHaveAttribute("aria-invalid", "true")
    expect(await axeFindings(page, "asof-error")).toEqual([])
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await screenshot(page, `screens-23-date-error-${locale}-${width}`)
    }
    await page.setViewportSize({ width: 1280, height: 860 })
    await page.getByTestId("question-input").fill("Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?")
    await page.getByTestId("ask-submit").click()
    await expect(page.getByTestId("question-error")).toHaveText(words.refused)
    await expect(page.getByTestId("answer-card")).toHaveCount(0)

    // Text that is not a date (US numbers included), then the day typed the language's way, by keyboard.
    await asOf.fill(words.notDate)
    await asOf.press("Enter")
    await expect(page.getByTestId("asof-input-error")).toHaveText(words.notDateError)
    await asOf.fill(words.typed)
    await expect(page.getByTestId("asof-input-error")).toHaveCount(0)
    await page.getByTestId("question-input").focus()
    await expect(asOf).toHaveValue(words.shown)
    await page.keyboard.press("Enter")
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
    await expect(page.getByTestId("answer-asof")).toHaveText(words.asOf)

    // What-if's date (on the run's trace screen): the same field, the run's day in the language's format.
    await page.getByTestId("ask-open-trace").click()
    await expect(page.getByTestId("whatif-drivers")).toBeVisible()
    const whatifDate = page.getByTestId("whatif-set-input-asOf")
    await whatifDate.scrollIntoViewIfNeeded()
    await expect(whatifDate).toHaveValue(words.shown)
    await whatifDate.fill(words.missing)
    await whatifDate.press("Enter")
    await expect(page.getByTestId("whatif-set-input-asOf-error")).toHaveText(words.missingError)
    await expect(page.getByTestId("whatif-set-asOf")).toBeDisabled()
    await whatifDate.fill(words.whatifDate)
    await expect(page.getByTestId("whatif-set-asOf")).toBeEnabled()
    expect(await axeFindings(page, "whatif-date")).toEqual([])
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 1000 })
      await screenshot(page, `screens-23-dates-answer-${locale}-${width}`)
    }
  })
}
