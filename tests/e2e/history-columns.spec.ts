import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { ask, expect, screenshot, test } from "./support/fixtures"
import { askForClient, createClient, switchToEnglish } from "./support/clients"

// The history for a week's work (issue 23), in each language: client, as-of date, outcome,
// headline, confidence and reports as columns; From/To typed in the language's date format with a
// clear error for a date that cannot be read; reported runs only; two runs side by side.

const CLIENT = "Primjer d.o.o."
const SERIOUS = new Set(["moderate", "serious", "critical"])

async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ""))
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(" ")}`))
}

const TEXT = {
  hr: {
    report: "Prijavi problem",
    form: "Prijava problema s odgovorom",
    wrong: /^Netočno/,
    note: "Bilješka",
    send: "Pošalji",
    asOf: "1. 7. 2025.",
    invalid: "Datum nije prepoznat. Upišite ga kao 1. 7. 2025.",
    open: "otvorene: 1",
    day: (d: Date) => `${d.getDate()}. ${d.getMonth() + 1}. ${d.getFullYear()}.`,
  },
  en: {
    report: "Report a problem",
    form: "Report a problem with this answer",
    wrong: /^Wrong/,
    note: "Note",
    send: "Send",
    asOf: "1 July 2025",
    invalid: "This date was not recognised. Type it as 1 July 2025.",
    open: "open: 1",
    day: (d: Date) => `${d.getDate()} ${d.toLocaleString("en-GB", { month: "long" })} ${d.getFullYear()}`,
  },
} as const

async function reportAnswer(page: Page, locale: "hr" | "en"): Promise<void> {
  const words = TEXT[locale]
  await page.getByTestId("answer-card").getByRole("button", { name: words.report }).click()
  const form = page.getByRole("form", { name: words.form })
  await form.getByRole("radio", { name: words.wrong }).check()
  await form.getByRole("textbox", { name: words.note }).fill("Provjeriti prag.")
  await form.getByRole("button", { name: words.send }).click()
  await expect(page.getByTestId("answer-card").getByTestId("report-sent")).toBeVisible()
}

for (const locale of ["hr", "en"] as const) {
  test(`history columns, locale dates, reported only and two runs side by side (${locale})`, async ({ page, host }) => {
    test.setTimeout(120_000)
    const words = TEXT[locale]
    await page.goto(host.url)
    await createClient(page, CLIENT)
    if (locale === "en") await switchToEnglish(page)
    await askForClient(page, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", CLIENT, "2025-07-01")
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", /ANSWER/)
    await reportAnswer(page, locale)
    await page.getByTestId("client-select").selectOption("")
    await ask(page, "What is the VAT rate in Germany?")
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")

    await page.getByTestId("nav-history").click()
    const rows = page.getByTestId("history-row")
    await expect(rows).toHaveCount(2)
    const answered = rows.filter({ hasText: "65.000" })
    await expect(answered.getByTestId("history-client")).toHaveText(CLIENT)
    await expect(answered.getByTestId("history-asof")).toHaveText(words.asOf)
    await expect(answered.getByTestId("history-headline")).not.toBeEmpty()
    await expect(answered.getByTestId("history-confidence")).toHaveText(locale === "hr" ? /^\d+ %$/ : /^\d+%$/)
    await expect(answered.getByTestId("history-flags")).toHaveText(words.open)
    await expect(rows.filter({ hasText: "Germany" }).getByTestId("history-flags")).toHaveText("")

    // From/To are typed in the language's format; a date that cannot be read says how to write it
    // and leaves the list as it was.
    const since = page.getByTestId("history-filter-since")
    await since.fill("31/13/2025")
    await since.press("Enter")
    await expect(page.getByTestId("history-filter-since-error")).toHaveText(words.invalid)
    await expect(since).toHaveAttribute("aria-invalid", "true")
    await expect(rows).toHaveCount(2)
    const today = new Date()
    const tomorrow = new Date(today.getTime() + 86_400_000)
    await since.fill(words.day(tomorrow))
    await since.press("Enter")
    await expect(page.getByTestId("history-empty")).toBeVisible()
    await since.fill(words.day(today))
    await since.press("Enter")
    await expect(rows).toHaveCount(2)
    await expect(since).toHaveValue(words.day(today))

    // Reported runs only.
    await page.getByTestId("history-filter-flagged").check()
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText("65.000")
    await page.getByTestId("history-filter-flagged").uncheck()
    await expect(rows).toHaveCount(2)

    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, `history-columns-${locale}-1280`)
    await page.setViewportSize({ width: 1920, height: 1080 })
    await screenshot(page, `history-columns-${locale}-1920`)
    await page.setViewportSize({ width: 1280, height: 860 })

    // Two runs side by side: the question and outcome differ, the rule pack is the same.
    await rows.nth(0).getByTestId("history-select").check()
    await rows.nth(1).getByTestId("history-select").check()
    await page.getByTestId("history-compare").click()
    await expect(page.getByTestId("compare-runs-screen")).toBeVisible()
    await expect(page.getByTestId("compare-row-question")).toHaveAttribute("data-differs", "true")
    await expect(page.getByTestId("compare-row-outcome")).toHaveAttribute("data-differs", "true")
    await expect(page.getByTestId("compare-row-pack")).toHaveAttribute("data-differs", "false")
    await expect(page.getByTestId("compare-row-citations")).toHaveAttribute("data-differs", "true")
    // Each citation once: two passages of one article are told apart by their quotes, none repeats.
    const cited = await page.getByTestId("compare-row-citations").locator("td").nth(1).locator("li").allTextContents()
    expect(cited.length).toBeGreaterThanOrEqual(2)
    expect(new Set(cited).size).toBe(cited.length)
    for (const line of cited) expect(line).toMatch(locale === "hr" ? /: „.+”$/ : /: “.+”$/)
    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, `history-compare-${locale}-1280`)
  })
}
