import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { ask, expect, test } from "./support/fixtures"
import { createClient, switchToEnglish } from "./support/clients"

// An axe run over the main screens (Ask with an answer, a refusal, a clarification, History,
// Clients, Settings) in both languages and both colour schemes. Any finding of impact moderate or
// worse fails the test, listed by rule and element so the failure says what to fix.

const SERIOUS = new Set(["moderate", "serious", "critical"])

async function findings(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${screen}: ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary ?? ""}`,
      ),
    )
}

for (const locale of ["hr", "en"] as const) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`no moderate or worse axe finding on the main screens (${locale}, ${colorScheme})`, async ({ page, host }) => {
      test.setTimeout(180_000)
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" })
      await page.goto(host.url)
      await createClient(page, "Primjer d.o.o.")
      if (locale === "en") await switchToEnglish(page)
      const found: string[] = []

      await page.getByTestId("client-select").selectOption({ label: "Primjer d.o.o." })
      await ask(page, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", "2025-07-01")
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", /ANSWER/)
      found.push(...(await findings(page, "ask-answer")))

      await ask(page, "What is the VAT rate in Germany?")
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")
      found.push(...(await findings(page, "ask-refusal")))

      await ask(page, "porez")
      await expect(page.getByTestId("clarification")).toBeVisible()
      found.push(...(await findings(page, "ask-clarification")))
      await page.getByTestId("clarification-cancel").click()
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")

      await page.getByTestId("nav-history").click()
      await expect(page.getByTestId("history-row").first()).toBeVisible()
      found.push(...(await findings(page, "history")))

      await page.getByTestId("nav-clients").click()
      await page.getByTestId("client-item").first().click()
      await expect(page.getByTestId("client-form")).toBeVisible()
      found.push(...(await findings(page, "clients")))

      await page.getByTestId("nav-settings").click()
      await expect(page.getByTestId("settings-form")).toBeVisible()
      found.push(...(await findings(page, "settings")))

      await page.getByTestId("shortcuts-open").click()
      await expect(page.getByTestId("shortcuts-help")).toBeVisible()
      found.push(...(await findings(page, "shortcuts")))

      expect(found).toEqual([])
    })
  }
}
