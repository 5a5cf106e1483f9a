import AxeBuilder from "@axe-core/playwright"
import { readFileSync } from "node:fs"
import type { Page } from "@playwright/test"
import { ask, expect, screenshot, test } from "./support/fixtures"
import { switchToEnglish } from "./support/clients"

// The dashboard (issue 23) after a short working session in each language: an answer, a refusal
// and a clarification that was cancelled. Its figures, its tables and CSV files, an axe run with
// no moderate or worse finding, and screenshots at 1280 and 1920 px.

const SERIOUS = new Set(["moderate", "serious", "critical"])

async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ""))
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(" ")}`))
}

async function workingSession(page: Page): Promise<void> {
  await ask(page, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", "2025-07-01")
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", /ANSWER/)
  await ask(page, "What is the VAT rate in Germany?")
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")
  await ask(page, "porez")
  await expect(page.getByTestId("clarification")).toBeVisible()
  await page.getByTestId("clarification-cancel").click()
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")
}

const TEXT = {
  hr: { runs: "Završenih istraživanja: 3", clarification: "1 od 3", csvHeader: "Dan;Odgovor;", show: "Prikaži tablicu" },
  en: { runs: "Finished research runs: 3", clarification: "1 of 3", csvHeader: "Day,Answer,", show: "Show table" },
} as const

for (const locale of ["hr", "en"] as const) {
  test(`the dashboard counts the session, shows its numbers as tables and CSV, and passes axe (${locale})`, async ({ page, host }) => {
    test.setTimeout(120_000)
    await page.goto(host.url)
    if (locale === "en") await switchToEnglish(page)
    await workingSession(page)

    await page.getByTestId("nav-dashboard").click()
    await expect(page.getByTestId("dashboard-screen")).toBeVisible()
    await expect(page.getByTestId("dashboard-runs")).toHaveText(TEXT[locale].runs)
    // One of the three questions asked a clarification; the answer is timed and witnessed.
    await expect(page.getByTestId("dashboard-kpi-clarification")).toContainText(TEXT[locale].clarification)
    await expect(page.getByTestId("dashboard-kpi-clarification-value")).toHaveText(locale === "hr" ? "33 %" : "33%")
    await expect(page.getByTestId("dashboard-kpi-temporal-value")).toHaveText(locale === "hr" ? "100 %" : "100%")
    await expect(page.getByTestId("dashboard-chart-outcomes").locator("svg.recharts-surface").first()).toBeVisible()

    // The outcomes chart's numbers as a table: today's row holds the answer and the two refusals.
    const toggle = page.getByTestId("dashboard-table-toggle-outcomes")
    await expect(toggle).toHaveText(TEXT[locale].show)
    await toggle.click()
    await expect(toggle).toHaveAttribute("aria-expanded", "true")
    const lastRow = page.getByTestId("dashboard-table-outcomes").locator("tbody tr").last()
    await expect(lastRow.locator("td")).toHaveText(["1", "0", "0", "2", "0", "3"])
    await page.getByTestId("dashboard-table-toggle-rates").click()
    await page.getByTestId("dashboard-table-toggle-timings").click()
    await expect(page.getByTestId("dashboard-table-timings")).toContainText("p95")

    // The same numbers as a CSV file, in the spreadsheet conventions of the language.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("dashboard-csv-outcomes").click()])
    const path = await download.path()
    const csv = readFileSync(path, "utf8").replace(/^\uFEFF/, "")
    expect(csv.startsWith(TEXT[locale].csvHeader)).toBe(true)
    expect(csv.trim().split("\r\n")).toHaveLength(31)

    expect(await axeFindings(page)).toEqual([])
    await screenshot(page, `dashboard-${locale}-1280`)
    await page.setViewportSize({ width: 1920, height: 1080 })
    await screenshot(page, `dashboard-${locale}-1920`)

    // A week at a glance by week: the period and its buckets change with the choice.
    await page.getByTestId("dashboard-period").selectOption("7")
    await page.getByTestId("dashboard-bucket").selectOption("week")
    const weekRows = page.getByTestId("dashboard-table-outcomes").locator("tbody tr")
    await expect(weekRows.first().locator("th")).toBeVisible()
    // Polled: the table re-renders after the choice, and counting at once read the 7 daily rows
    // still on screen (one CI run failed so).
    await expect.poll(() => weekRows.count()).toBeLessThanOrEqual(2)
    await expect(page.getByTestId("dashboard-runs")).toHaveText(TEXT[locale].runs)
  })
}

test("an empty history says so and shows no figures as zero", async ({ page, host }) => {
  await page.goto(host.url)
  await page.getByTestId("nav-dashboard").click()
  await expect(page.getByTestId("dashboard-empty")).toBeVisible()
  await expect(page.getByTestId("dashboard-kpi-coverage-value")).toHaveText("–")
  await expect(page.getByTestId("dashboard-kpi-coverage")).toContainText("nema podataka")
  expect(await axeFindings(page)).toEqual([])
})
