import type { Page } from "@playwright/test"
import { ask, expect, screenshot, test } from "./support/fixtures"

// The shadow run's impact report side by side (issue 19): each stored answer a change in review
// would alter shows, as the what-if comparison shows a hypothetical, what would change (its
// conclusion: the outcome, the headline or the values stated, obligations), the stored answer
// beside the answer with the change, and the obligations removed and added. In Croatian and in
// English, at 1280 and 1920 px.

const QUESTION = "Koja je stopa poreza na dobit ako je prihod 500.000 eura?"
const RULE = "dobit.stopa.10"

const WORDS = {
  hr: {
    stored: "Spremljeni odgovor",
    rerun: "Odgovor s objavljenim pravilima",
    changed: "S promjenom",
    conclusion: "Zaključak se mijenja",
  },
  en: {
    stored: "Stored answer",
    rerun: "Answer with the published rules",
    changed: "With the change",
    conclusion: "The conclusion changes",
  },
} as const

async function shots(page: Page, locale: string, name: string): Promise<void> {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    const file = `shadow-report-${locale}-${name}-${width}`
    await screenshot(page, file)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function addProfile(page: Page, name: string): Promise<void> {
  await page.getByTestId("profile-add").click()
  await page.getByTestId("profile-name").fill(name)
  await page.getByTestId("profile-save").click()
  await expect(page.getByTestId("profile-select").locator("option:checked")).toHaveText(name)
}

for (const locale of ["hr", "en"] as const) {
  test(`the shadow report shows each changed answer side by side (${locale})`, async ({ page, host }) => {
    test.setTimeout(120_000)
    const words = WORDS[locale]
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(host.url)
    if (locale === "en") {
      await page.getByTestId("nav-settings").click()
      await page.getByTestId("settings-locale-en").check()
      await page.getByTestId("settings-save").click()
      await expect(page.getByTestId("nav-rules")).toHaveText("Rules")
      await page.getByTestId("nav-ask").click()
    }

    // A stored answer that rests on the 10 % rate.
    await ask(page, QUESTION, "2026-06-01")
    const card = page.getByTestId("answer-card")
    await expect(card).toHaveAttribute("data-outcome", /.+/)
    const storedOutcome = (await card.getAttribute("data-outcome")) ?? ""
    const runId = (await page.getByTestId("run-view").getAttribute("data-request-id")) ?? ""

    // The rate ends with 2025: proposed by one profile, approved by another.
    await page.getByTestId("nav-rules").click()
    await addProfile(page, "Ana Anić")
    await page.getByTestId("rules-search").fill(RULE)
    await page
      .locator(`[data-testid="catalog-rule"][data-rule-id="${RULE}"]`)
      .getByTestId("rule-change")
      .click()
    await page.getByTestId("rule-until").fill("2025-12-31")
    await expect(page.getByTestId("rule-lint")).toHaveAttribute("data-state", "clean")
    await page.getByTestId("draft-note").fill("Stopa 10 % do kraja 2025.")
    await page.getByTestId("draft-propose").click()
    await expect(page.getByTestId("change-screen")).toHaveAttribute("data-status", "DRAFT")
    await page.getByTestId("change-submit").click()
    await expect(page.getByTestId("change-screen")).toHaveAttribute("data-status", "IN_REVIEW")
    await addProfile(page, "Ivo Ivić")
    await page.getByTestId("change-approve").click()

    // The shadow run: the stored answer, side by side with the answer under the changed pack.
    await page.getByTestId("shadow-start").click()
    await expect(page.getByTestId("shadow-report")).toHaveAttribute("data-status", "complete")
    const entry = page.locator(`[data-testid="shadow-entry"][data-request-id="${runId}"]`)
    await expect(entry).toContainText(QUESTION)
    const comparison = entry.getByTestId("shadow-comparison")
    const conclusion = comparison.getByTestId("whatif-outcome-change")
    await expect(conclusion).toHaveAttribute("data-changed", "true")
    await expect(conclusion).toContainText(words.conclusion)
    const before = comparison.getByTestId("shadow-side-before")
    const after = comparison.getByTestId("shadow-side-after")
    // The stored answer as recorded, or (the window compares with the published version, so that
    // only the change shows) the stored question asked again with the published rules.
    const baseline = await comparison.getAttribute("data-baseline")
    await expect(before).toContainText(baseline === "recorded" ? words.stored : words.rerun)
    await expect(after).toContainText(words.changed)
    await expect(before).toHaveAttribute("data-outcome", storedOutcome)
    // The two sides say different things, and the conclusion names what differs.
    const storedHeadline = await before.locator(".whatif-headline").innerText()
    const changedHeadline = await after.locator(".whatif-headline").innerText()
    expect(storedHeadline).not.toEqual(changedHeadline)
    await expect(conclusion.locator("li")).not.toHaveCount(0)
    await entry.scrollIntoViewIfNeeded()
    await shots(page, locale, "entry")
  })
}
