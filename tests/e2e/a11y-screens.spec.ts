import AxeBuilder from "@axe-core/playwright"
import type { Page } from "@playwright/test"
import { ask, expect, test } from "./support/fixtures"
import { createClient, switchToEnglish } from "./support/clients"

// Issue 23: an axe run over every screen the main-screens run (a11y.spec.ts) does not visit: the
// dashboard with figures, threads, the review queue, rules, the rule editor, scenarios, export,
// documents, a run's trace view and two runs side by side; in both languages and both colour
// schemes. Any finding of impact moderate or worse fails the test, listed by screen, rule and element.

const SERIOUS = new Set(["moderate", "serious", "critical"])

async function findings(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.map((node) => `${screen}: ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    )
}

for (const locale of ["hr", "en"] as const) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`no moderate or worse axe finding on the other screens (${locale}, ${colorScheme})`, async ({ page, host }) => {
      test.setTimeout(240_000)
      await page.emulateMedia({ colorScheme, reducedMotion: "reduce" })
      await page.goto(host.url)
      await createClient(page, "Primjer d.o.o.")
      if (locale === "en") await switchToEnglish(page)
      const found: string[] = []

      await ask(page, "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", "2025-07-01")
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", /ANSWER/)
      await ask(page, "What is the VAT rate in Germany?")
      await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "REFUSAL")

      await page.getByTestId("ask-open-trace").click()
      await expect(page.getByTestId("trace-screen")).toBeVisible()
      found.push(...(await findings(page, "trace")))

      await page.getByTestId("nav-history").click()
      const rows = page.getByTestId("history-row")
      await expect(rows).toHaveCount(2)
      await rows.nth(0).getByTestId("history-select").check()
      await rows.nth(1).getByTestId("history-select").check()
      await page.getByTestId("history-compare").click()
      await expect(page.getByTestId("compare-runs-screen")).toBeVisible()
      found.push(...(await findings(page, "history-compare")))

      const screens: Array<[nav: string, screen: string, ready: string]> = [
        ["nav-threads", "threads", "thread-new"],
        ["nav-review", "review", "review-screen"],
        ["nav-dashboard", "dashboard", "dashboard-screen"],
        ["nav-rules", "rules", "rules-screen"],
        ["nav-scenarios", "scenarios", "scenarios-screen"],
        ["nav-export", "export", "export-screen"],
        ["nav-documents", "documents", "documents-client"],
      ]
      for (const [nav, screen, ready] of screens) {
        await page.getByTestId(nav).click()
        await expect(page.getByTestId(ready)).toBeVisible()
        if (screen === "dashboard") await expect(page.getByTestId("dashboard-chart-outcomes").locator("svg.recharts-surface").first()).toBeVisible()
        found.push(...(await findings(page, screen)))
      }

      await page.getByTestId("nav-rules").click()
      await page.getByTestId("profile-add").click()
      await page.getByTestId("profile-name").fill("Ana Anić")
      await page.getByTestId("profile-save").click()
      await page.getByTestId("rule-new").click()
      await expect(page.getByTestId("rule-editor")).toBeVisible()
      await page.getByTestId("evidence-add").click()
      await expect(page.getByTestId("evidence-form")).toBeVisible()
      found.push(...(await findings(page, "rule-editor")))

      expect(found).toEqual([])
    })
  }
}
