import type { Page } from "@playwright/test"
import { createClient, askForClient } from "./support/clients"
import { afterRestart, expect, screenshot, test } from "./support/fixtures"

// The "What if…" panel and saved scenarios in Chromium against the browser host: open a stored
// run, flip a driver, see the hypothetical beside the original, save it, restart the host, and
// reopen the scenario exactly as it was saved.

const QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
const FLIP_BELOW = "fact:counters.revenueYtd:lte:60000"

async function openAnsweredTrace(page: Page, url: string): Promise<string> {
  await page.goto(url)
  // A client whose prior-year turnover is on file (below the threshold): this year's decides.
  await createClient(page, "Primjer d.o.o.")
  await askForClient(page, QUESTION, "Primjer d.o.o.", "2025-06-01")
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
  const requestId = (await page.getByTestId("run-view").getAttribute("data-request-id")) ?? ""
  await page.getByTestId("ask-open-trace").click()
  await expect(page.getByTestId("trace-screen")).toBeVisible()
  await expect(page.getByTestId("whatif-panel")).toBeVisible()
  return requestId
}

test("flip a driver, compare, save, restart, and reopen the scenario identically", async ({
  page,
  host,
}) => {
  const baseId = await openAnsweredTrace(page, host.url)
  const driver = page.getByTestId(`whatif-driver-${FLIP_BELOW}`)
  await expect(driver).toHaveAttribute("data-held", "false")
  await expect(page.getByTestId("whatif-value-counters.revenueYtd")).toContainText("65.000,00 EUR")
  await screenshot(page, "whatif-01-panel")

  await page.getByTestId(`whatif-flip-${FLIP_BELOW}`).click()
  // The re-run stages stream in the compact stepper, then the comparison replaces the wait.
  await expect(page.getByTestId("whatif-stepper")).toBeVisible()
  const comparison = page.getByTestId("whatif-comparison")
  await expect(comparison).toBeVisible()
  await expect(page.getByTestId("whatif-step-CONFIDENCE")).toHaveAttribute("data-status", "done")
  await expect(page.getByTestId("whatif-hypo-counters.revenueYtd")).toContainText("60.000,00 EUR")
  await expect(page.getByTestId("whatif-sentence")).toContainText(
    "Da je promet 60.000,00 EUR umjesto 65.000,00 EUR",
  )
  // Rules are named by their titles; the id is only in the tooltip, for an auditor.
  await expect(page.getByTestId("whatif-rules-left")).toContainText("Promet iznad praga za PDV (60.000,00 EUR)")
  await expect(page.getByTestId("whatif-rules-left")).not.toContainText("pdv.registracija")
  await expect(page.getByTestId("whatif-rules-entered")).toContainText("Promet do praga za PDV (60.000,00 EUR)")
  await expect(page.getByTestId("whatif-side-other")).toContainText("HIPOTETSKI")
  await expect(page.getByTestId("whatif-side-base")).not.toContainText("HIPOTETSKI")
  await expect(page.getByTestId("hypothetical-banner")).toBeVisible()
  await expect(page.getByTestId("whatif-headline-other")).not.toHaveText(
    await page.getByTestId("whatif-headline-base").innerText(),
  )
  await screenshot(page, "whatif-02-comparison")

  await page.getByTestId("whatif-save-name").fill("Promet ispod praga")
  await page.getByTestId("whatif-save-notes").fill("Za sastanak s klijentom")
  await page.getByTestId("whatif-save-submit").click()
  await expect(page.getByTestId("whatif-saved")).toBeVisible()
  const scenarioId = (await page.getByTestId("whatif-saved").getAttribute("data-scenario-id")) ?? ""
  await page.getByTestId("whatif-open-scenario").click()
  const screen = page.getByTestId("scenario-screen")
  await expect(screen).toHaveAttribute("data-scenario-id", scenarioId)
  await expect(page.getByTestId("scenario-name")).toHaveText("Promet ispod praga")
  await expect(page.getByTestId("scenario-result-answer")).toContainText("HIPOTETSKI")
  const savedView = await screen.innerText()
  await screenshot(page, "whatif-03-scenario")

  await afterRestart(page, host, async () => {
    await page.getByTestId("nav-scenarios").click()
    const item = page.getByTestId("scenario-item")
    await expect(item).toHaveCount(1)
    await expect(item).toContainText("Promet ispod praga")
    await screenshot(page, "whatif-04-scenarios-list")
    await item.getByTestId("scenario-link").click()
    await expect(page.getByTestId("scenario-screen")).toHaveAttribute("data-scenario-id", scenarioId)
    expect(await page.getByTestId("scenario-screen").innerText()).toBe(savedView)
    await screenshot(page, "whatif-05-scenario-reopened")

    // The hypothetical trace is marked as such on its own trace screen too.
    await page.getByRole("link", { name: "Hipotetski izračun" }).click()
    await expect(page.getByTestId("hypothetical-banner")).toBeVisible()
    await expect(page.getByTestId("hypothetical-open-base")).toHaveAttribute("href", new RegExp(`${baseId}$`))
    await expect(page.getByTestId("whatif-panel").getByTestId("whatif-sentence")).toContainText(
      "Da je promet 60.000,00 EUR umjesto 65.000,00 EUR",
    )
    await screenshot(page, "whatif-06-hypothetical-trace")
  })
})

test("a date the original retrieval does not cover offers a full re-run instead of pretending", async ({
  page,
  host,
}) => {
  await openAnsweredTrace(page, host.url)
  await page.getByTestId("whatif-set-input-asOf").fill("2019-03-01")
  await page.getByTestId("whatif-set-asOf").click()
  const notice = page.getByTestId("whatif-needs-rerun")
  await expect(notice).toContainText("1. 3. 2019.")
  await expect(page.getByTestId("whatif-comparison")).toHaveCount(0)
  await screenshot(page, "whatif-07-needs-rerun")

  await page.getByTestId("whatif-rerun").click()
  await expect(page.getByTestId("whatif-comparison")).toBeVisible()
  await expect(page.getByTestId("whatif-side-other")).toContainText("HIPOTETSKI")
  await expect(page.getByTestId("whatif-outcome-change")).toContainText("Bez odgovora")
  await screenshot(page, "whatif-08-full-rerun")
})

test("scenarios are listed, compared side by side, duplicated and deleted", async ({ page, host }) => {
  page.on("dialog", (dialog) => void dialog.accept())
  await openAnsweredTrace(page, host.url)
  for (const [value, name] of [
    ["30000", "Promet 30.000"],
    ["120000", "Promet 120.000"],
  ] as const) {
    await page.getByTestId("whatif-set-input-counters.revenueYtd").fill(value)
    await page.getByTestId("whatif-set-counters.revenueYtd").click()
    await expect(page.getByTestId("whatif-comparison")).toBeVisible()
    await page.getByTestId("whatif-save-name").fill(name)
    await page.getByTestId("whatif-save-submit").click()
    await expect(page.getByTestId("whatif-saved")).toContainText(name)
  }
  await page.getByTestId("nav-scenarios").click()
  await expect(page.getByTestId("scenario-item")).toHaveCount(2)
  await page.getByTestId("scenarios-search").fill("30.000")
  await expect(page.getByTestId("scenario-item")).toHaveCount(1)
  await page.getByTestId("scenarios-search").fill("")
  await expect(page.getByTestId("scenario-item")).toHaveCount(2)
  for (const box of await page.getByTestId("scenario-select").all()) await box.check()
  await page.getByTestId("scenarios-compare").click()
  const comparison = page.getByTestId("scenarios-comparison")
  await expect(comparison).toBeVisible()
  await expect(comparison.getByTestId("whatif-fact-changes")).toContainText("120.000,00 EUR")
  await screenshot(page, "whatif-09-scenarios-compared")

  await page.getByTestId("nav-scenarios").click()
  await page.getByTestId("scenario-link").first().click()
  // Re-checking against the current pack is an explicit action that records what changed.
  await page.getByTestId("scenario-recheck").click()
  await expect(page.getByTestId("scenario-recheck-item")).toHaveCount(1)
  await expect(page.getByTestId("scenario-recheck-comparison").getByTestId("whatif-sentence")).toContainText(
    "odgovor ostaje isti",
  )
  await screenshot(page, "whatif-10-rechecked")
  await page.getByTestId("scenario-duplicate").click()
  await expect(page.getByTestId("scenario-name")).toContainText("(2)")
  await page.getByTestId("scenario-delete").click()
  await expect(page.getByTestId("scenarios-screen")).toBeVisible()
  await expect(page.getByTestId("scenario-item")).toHaveCount(2)
})
