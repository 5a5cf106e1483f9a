import type { Locator, Page } from "@playwright/test"
import { expect, screenshot, test } from "./support/fixtures"
import { switchToEnglish } from "./support/clients"

// Issue 23: the date fields swapped to the app's own date field (the scenario filter, the rule
// editor's effective dates, an evidence record's fetched date, a date value, the refusal's
// supply-a-fact form) take a day typed the language's way, or as ISO, and show it back in the
// language's format; a day the month does not have is named under the field. In both languages.

const DATES = {
  hr: {
    typedLocal: "1.6.2025",
    typedIso: "2026-01-01",
    shownLocal: "1. 6. 2025.",
    shownIso: "1. 1. 2026.",
    missing: "31. 4. 2026.",
    missingError: "Datum 31. 4. 2026. ne postoji: posljednji dan tog mjeseca je 30.",
    question: "Koji je prag za PDV na dan 30.02.2023.?",
    asOf: "Stanje na dan 1. 6. 2025.",
  },
  en: {
    typedLocal: "June 1, 2025",
    typedIso: "2026-01-01",
    shownLocal: "1 June 2025",
    shownIso: "1 January 2026",
    missing: "31 April 2026",
    missingError: "31 April 2026 does not exist: that month ends on day 30.",
    // The engine reads Croatian questions; the screen around it is English.
    question: "Koji je prag za PDV na dan 30.02.2023.?",
    asOf: "As of 1 June 2025",
  },
} as const

type Words = (typeof DATES)[keyof typeof DATES]

async function open(page: Page, url: string, locale: "hr" | "en"): Promise<void> {
  await page.goto(url)
  await expect(page.getByTestId("question-input")).toBeVisible()
  if (locale === "en") await switchToEnglish(page)
}

/** Types a day into a date field, leaves it, and expects it back in the language's format. */
async function typeAndReadBack(page: Page, field: Locator, typed: string, shown: string): Promise<void> {
  await field.fill(typed)
  await field.press("Tab")
  await expect(field).toHaveValue(shown)
  await expect(field).not.toHaveAttribute("aria-invalid", "true")
}

/** The field's own checks: ISO is understood, the language's format kept, a missing day named. */
async function checkDateField(page: Page, testId: string, words: Words): Promise<void> {
  const field = page.getByTestId(testId)
  await expect(field).toHaveAttribute("type", "text")
  await typeAndReadBack(page, field, words.typedIso, words.shownIso)
  await typeAndReadBack(page, field, words.typedLocal, words.shownLocal)
  await field.fill(words.missing)
  await field.press("Tab")
  await expect(page.getByTestId(`${testId}-error`)).toHaveText(words.missingError)
  await expect(field).toHaveAttribute("aria-invalid", "true")
  await typeAndReadBack(page, field, words.typedLocal, words.shownLocal)
  await expect(page.getByTestId(`${testId}-error`)).toHaveCount(0)
}

async function addProfile(page: Page, name: string): Promise<void> {
  await page.getByTestId("profile-add").click()
  await page.getByTestId("profile-name").fill(name)
  await page.getByTestId("profile-save").click()
  await expect(page.getByTestId("profile-select").locator("option:checked")).toHaveText(name)
}

for (const locale of ["hr", "en"] as const) {
  const words = DATES[locale]
  test.describe(`the app's date field everywhere (${locale})`, () => {
    test("the scenario filter's dates", async ({ page, host }) => {
      await open(page, host.url, locale)
      await page.getByTestId("nav-scenarios").click()
      await expect(page.getByTestId("scenarios-screen")).toBeVisible()
      await checkDateField(page, "scenarios-since", words)
      await checkDateField(page, "scenarios-until", words)
    })

    test("the rule editor's effective dates, a date value and an evidence record's fetched date", async ({ page, host }) => {
      await open(page, host.url, locale)
      await page.getByTestId("nav-rules").click()
      await addProfile(page, "Ana Anić")
      await page.getByTestId("rule-new").click()
      await expect(page.getByTestId("rule-editor")).toBeVisible()
      await checkDateField(page, "rule-from", words)
      await checkDateField(page, "rule-until", words)

      await page.getByTestId("rule-value-type").selectOption("date")
      await checkDateField(page, "rule-value-date", words)

      await page.getByTestId("evidence-add").click()
      await expect(page.getByTestId("evidence-form")).toBeVisible()
      await checkDateField(page, "evidence-fetched", words)
      await screenshot(page, `date-fields-rule-editor-${locale}`)
    })

    test("the refusal's supply-a-fact form takes the date and asks again with it", async ({ page, host }) => {
      await open(page, host.url, locale)
      await page.getByTestId("question-input").fill(words.question)
      await page.getByTestId("ask-submit").click()
      await expect(page.getByTestId("clarification")).toBeVisible()
      await page.getByTestId("clarification-cancel").click()
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")
      const refusedId = await page.getByTestId("run-view").getAttribute("data-request-id")
      const fact = page.locator("[data-testid='supply-fact'][data-fact='asOf']")
      await expect(fact).toHaveCount(1)
      await checkDateField(page, "supply-input", words)
      await screenshot(page, `date-fields-supply-${locale}`)

      await page.getByTestId("supply-submit").click()
      await expect(page.getByTestId("run-view")).not.toHaveAttribute("data-request-id", refusedId ?? "")
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
      await expect(page.getByTestId("answer-asof")).toHaveText(words.asOf)
    })
  })
}
