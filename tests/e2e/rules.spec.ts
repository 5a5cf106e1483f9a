import type { Page } from "@playwright/test"
import { ask, expect, screenshot, test } from "./support/fixtures"

// The truth loop in the window (issue 19): an answer is flagged; the rule behind it is edited in
// the rule editor (checked live as the author types) and proposed by one profile, who cannot
// approve it (four eyes); the flag is confirmed with a link to the change; a second profile
// approves it, the shadow run lists the stored answer it would change, and publishing makes the
// same question answer differently. In Croatian and in English, at 1280 and 1920 px.

const QUESTION = "Koja je stopa poreza na dobit ako je prihod 500.000 eura?"
const RULE = "dobit.stopa.10"

const WORDS = {
  hr: {
    fourEyes: "Načelo četiri oka: autor (Ana Anić)",
    published: /^Objavljena je verzija \d+\.\d+\.\d+: nova pitanja/,
    link: "Ispravlja ga promjena pravila",
  },
  en: {
    fourEyes: "Four eyes: the author (Ana Anić)",
    published: /^Version \d+\.\d+\.\d+ is published: new questions/,
    link: "Fixed by the rule change",
  },
} as const

async function shots(page: Page, locale: string, name: string): Promise<void> {
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 900 })
    const file = `rules-${locale}-${name}-${width}`
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

async function headlineOf(page: Page): Promise<string> {
  const card = page.getByTestId("answer-card")
  await expect(card).toHaveAttribute("data-outcome", /.+/)
  return `${await card.getAttribute("data-outcome")} ${await card.innerText()}`
}

for (const locale of ["hr", "en"] as const) {
  test(`flag → rule change → four eyes → shadow → publish (${locale})`, async ({ page, host }) => {
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

    // An answer, flagged as wrong.
    await ask(page, QUESTION, "2026-06-01")
    const before = await headlineOf(page)
    const runId = (await page.getByTestId("run-view").getAttribute("data-request-id")) ?? ""
    await page.getByTestId("report-open").click()
    await page.getByTestId("report-kind-wrong").check()
    await page.getByTestId("report-note").fill("Stopa 10 % ne vrijedi za 2026.")
    await page.getByTestId("report-send").click()
    await expect(page.getByTestId("report-sent")).toBeVisible()

    // The rule, found by concept, opened in the editor by its author.
    await page.getByTestId("nav-rules").click()
    await addProfile(page, "Ana Anić")
    await page.getByTestId("rules-search").fill(RULE)
    await page
      .locator(`[data-testid="catalog-rule"][data-rule-id="${RULE}"]`)
      .getByTestId("rule-change")
      .click()
    await expect(page.getByTestId("rule-editor")).toBeVisible()
    await expect(page.getByTestId("rule-id")).toHaveValue(RULE)
    await expect(page.getByTestId("condition-row")).not.toHaveCount(0)

    // The live pack check: a value the quote does not state is a finding; a broken condition is named.
    const lint = page.getByTestId("rule-lint")
    await page.getByTestId("rule-value-number").fill("12")
    await expect(lint).toHaveAttribute("data-state", "findings")
    await expect(page.getByTestId("rule-lint-finding").first()).toContainText("QUOTE_VALUE")
    await page.getByTestId("rule-value-number").fill("10")
    await expect(lint).toHaveAttribute("data-state", "clean")
    const fact = page.getByTestId("condition-fact").last()
    const factBefore = await fact.inputValue()
    await fact.fill("revenue")
    await expect(page.getByTestId("condition-error")).toHaveCount(1)
    await expect(lint).toHaveAttribute("data-state", "conditions")
    await fact.fill(factBefore)
    await page.getByTestId("rule-until").fill("2025-12-31")
    await expect(lint).toHaveAttribute("data-state", "clean")
    await page.getByTestId("draft-note").fill("Prijava: stopa 10 % do kraja 2025.")
    await shots(page, locale, "01-editor")
    await page.getByTestId("draft-propose").click()

    // Submitted by its author, who cannot approve it.
    const screen = page.getByTestId("change-screen")
    await expect(screen).toHaveAttribute("data-status", "DRAFT")
    const changeId = page.url().split("/").pop() ?? ""
    await page.getByTestId("change-submit").click()
    await expect(screen).toHaveAttribute("data-status", "IN_REVIEW")
    await page.getByTestId("change-approve").click()
    await expect(page.getByTestId("change-error")).toContainText(words.fourEyes)
    await shots(page, locale, "02-four-eyes")

    // The flag, confirmed with a link to the change.
    await page.getByTestId("nav-review").click()
    const row = page.locator(`[data-testid="review-row"][data-run-id="${runId}"]`)
    await row.getByTestId("review-confirm").click()
    await page.getByTestId("decision-note").fill("Pravilo dobit.stopa.10")
    await page.getByTestId("decision-rule-change").selectOption(changeId)
    await page.getByTestId("decision-submit").click()
    await page.getByTestId("review-show-all").check()
    await expect(row).toHaveAttribute("data-status", "confirmed")
    // Decided by the window's current profile, named with the decision (the report, made before any
    // profile existed, names nobody).
    await expect(row.getByTestId("review-decided")).toContainText("Ana Anić")
    await expect(row.getByTestId("review-reported")).not.toContainText("Ana Anić")
    // The link is stored with the decision (not written into its note), and shown both ways.
    await expect(row).toContainText("Pravilo dobit.stopa.10")
    await expect(row).not.toContainText("→")
    const linked = row.getByTestId("review-linked-change")
    await expect(linked).toHaveText(RULE)
    await expect(linked.locator("xpath=..")).toContainText(words.link)
    await shots(page, locale, "03-review-linked")
    await linked.click()
    await expect(page.getByTestId("change-screen")).toBeVisible()
    expect(page.url()).toContain(`/rules/change/${changeId}`)
    const reported = page.locator(`[data-testid="change-flag"]`)
    await expect(reported).toHaveCount(1)
    await expect(reported.getByTestId("change-flag-run")).toHaveText(QUESTION)
    await expect(reported).toContainText("Stopa 10 % ne vrijedi za 2026.")
    await page.getByTestId("change-flags").scrollIntoViewIfNeeded()
    await shots(page, locale, "03-change-flags")
    await reported.getByTestId("change-flag-run").click()
    await expect(page.getByTestId("run-view")).toHaveAttribute("data-request-id", runId)

    // A second profile approves; publishing waits for the shadow run, which lists the stored answer.
    await page.goto(`${host.url.split("#")[0]}#/rules/change/${changeId}`)
    await addProfile(page, "Ivo Ivić")
    await page.getByTestId("change-approve").click()
    await expect(page.getByTestId("change-publish")).toBeDisabled()
    // Chosen clients with none ticked cannot start; all clients can.
    await page.getByTestId("shadow-clients-chosen").check()
    await expect(page.getByTestId("shadow-start")).toBeDisabled()
    await page.getByTestId("shadow-clients-all").check()
    await page.getByTestId("shadow-start").click()
    await expect(page.getByTestId("shadow-report")).toHaveAttribute("data-status", "complete")
    await expect(page.getByTestId("shadow-progress")).toHaveAttribute("value", "100")
    const entry = page.locator(`[data-testid="shadow-entry"][data-request-id="${runId}"]`)
    await expect(entry).toContainText(QUESTION)
    await shots(page, locale, "03-shadow")
    await page.getByTestId("change-publish").click()
    await expect(page.getByTestId("published-notice")).toHaveText(words.published)
    await shots(page, locale, "04-published")

    // The same question now answers with the new version.
    await page.getByTestId("nav-ask").click()
    await ask(page, QUESTION, "2026-06-01")
    await expect(page.getByTestId("run-view")).not.toHaveAttribute("data-request-id", runId)
    expect(await headlineOf(page)).not.toEqual(before)
    await shots(page, locale, "05-new-answer")
  })
}
