import { ask, expect, test } from "./support/fixtures"
import { switchToEnglish } from "./support/clients"

// Issue 23: the history's full-text search in both languages (history.spec.ts searches once, in
// Croatian, after a restart): a word of one question finds that run only, a word of no run shows
// the empty state in the screen's language, and clearing the search brings every run back.

const EMPTY = { hr: "Nema istraživanja koja odgovaraju filtrima.", en: "No research matches these filters." } as const

for (const locale of ["hr", "en"] as const) {
  test(`the history's search finds a run by a word of its question, and says when nothing matches (${locale})`, async ({ page, host }) => {
    await page.goto(host.url)
    if (locale === "en") await switchToEnglish(page)
    await ask(page, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?")
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", /ANSWER/)
    await ask(page, "What is the VAT rate in Germany?")
    await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")

    await page.getByTestId("nav-history").click()
    const rows = page.getByTestId("history-row")
    await expect(rows).toHaveCount(2)
    const search = page.getByTestId("history-search")
    await search.fill("Germany")
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText("Germany")
    await search.fill("zzqx")
    await expect(page.getByTestId("history-empty")).toBeVisible()
    await expect(page.getByTestId("history-empty")).toHaveText(EMPTY[locale])
    await search.fill("promet")
    await expect(rows).toHaveCount(1)
    await expect(rows.first()).toContainText("65.000")
    await search.fill("")
    await expect(rows).toHaveCount(2)
  })
}
