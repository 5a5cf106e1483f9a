import AxeBuilder from "@axe-core/playwright"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { Page } from "@playwright/test"
import { createClient, switchToEnglish } from "./support/clients"
import { afterRestart, expect, screenshot, test } from "./support/fixtures"
import { repoRoot } from "./support/host"

// Threads in the window (issue 22): a three-turn conversation whose follow-ups show what they took
// over as chips, one removed to ask again without it; an @-mention two documents share pauses the
// question with the candidates, and the pause is still there after the app restarts and resumes
// from it; a document picked in the @-completion list with the keyboard goes with the question.

const EINVOICES = join(repoRoot, "tests", "fixtures", "einvoices")

const SERIOUS = new Set(["moderate", "serious", "critical"])

/** Axe findings of impact moderate or worse on the screen as it is (the same bar as a11y.spec.ts). */
async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ""))
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(" ")}`))
}

async function startThread(page: Page, clientName?: string): Promise<void> {
  await page.getByTestId("nav-threads").click()
  if (clientName !== undefined) await page.getByTestId("threads-client").selectOption({ label: clientName })
  await page.getByTestId("thread-new").click()
  await expect(page.getByTestId("thread-question")).toBeVisible()
}

async function askInThread(page: Page, question: string, turns: number): Promise<void> {
  await page.getByTestId("thread-question").fill(question)
  await page.getByTestId("thread-submit").click()
  const turn = page.getByTestId("thread-turn").nth(turns - 1)
  await expect(turn).toBeVisible()
  await expect(turn.getByTestId("thread-turn-headline")).not.toHaveText(/U tijeku|Running/)
  await expect(page.getByTestId("thread-submit")).toBeEnabled()
}

async function addInvoices(page: Page, clientName: string, files: Array<{ fixture: string; name: string }>): Promise<void> {
  await page.getByTestId("nav-documents").click()
  await page.getByTestId("documents-client").selectOption({ label: clientName })
  await page.getByTestId("documents-file-input").setInputFiles(
    files.map(({ fixture, name }) => ({ name, mimeType: "application/xml", buffer: readFileSync(join(EINVOICES, fixture)) })),
  )
  await expect(page.getByTestId("document-row")).toHaveCount(files.length)
}

test("hr: three turns; follow-ups show their chips, and removing one asks again without it", async ({ page, host }) => {
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto(host.url)
  await startThread(page)
  await askInThread(page, "Koja je stopa PDV-a na kruh?", 1)
  await expect(page.getByTestId("thread-title")).toHaveText("Koja je stopa PDV-a na kruh?")
  await askInThread(page, "A za 2023?", 2)
  await askInThread(page, "i za knjige?", 3)
  const second = page.getByTestId("thread-turn").nth(1)
  await expect(second.getByTestId("thread-chip").first()).toBeVisible()
  // Only the last turn's chips can be removed.
  await expect(second.getByTestId("thread-chip-remove")).toHaveCount(0)
  const last = page.getByTestId("thread-turn").nth(2)
  const chips = last.getByTestId("thread-chip")
  await expect(chips.first()).toBeVisible()
  const part = await chips.first().getAttribute("data-part")
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 })
    await screenshot(page, `threads-hr-follow-ups-${width}`)
  }

  await last.getByTestId("thread-chip-remove").first().click()
  const rerun = page.getByTestId("thread-turn").nth(3)
  await expect(rerun.getByTestId("thread-turn-question")).toHaveText("i za knjige?")
  await expect(rerun.getByTestId("thread-turn-dropped")).toBeVisible()
  await expect(rerun.getByTestId(`thread-chip`).and(page.locator(`[data-part="${part}"]`))).toHaveCount(0)
  await expect(rerun.getByTestId("thread-turn-headline")).not.toHaveText(/U tijeku/)

  // The list finds the thread by a word of its answers or questions, and deleting it says its runs stay.
  await page.getByTestId("thread-back").click()
  await page.getByTestId("threads-search").fill("knjige")
  await expect(page.getByTestId("thread-row")).toHaveCount(1)
  await page.getByTestId("thread-delete").click()
  await page.getByTestId("thread-delete-yes").click()
  await expect(page.getByTestId("threads-notice")).toContainText("Njegove obrade (4) ostaju u povijesti")
})

test("en: an ambiguous @-mention pauses, survives a restart, and resumes with the chosen document", async ({ page, host }) => {
  // Two hosts start in this test (the restart), each with its engine thread.
  test.setTimeout(180_000)
  await page.emulateMedia({ reducedMotion: "reduce" })
  await page.goto(host.url)
  await switchToEnglish(page)
  await createClient(page, "Alfa d.o.o.")
  // Two invoices with the same number: a correct one and its twin with a wrong VAT rate.
  await addInvoices(page, "Alfa d.o.o.", [
    { fixture: "ubl-invoice-valid.xml", name: "Invoice March.xml" },
    { fixture: "ubl-wrong-vat-rate.xml", name: "Invoice March corrected.xml" },
  ])
  await startThread(page, "Alfa d.o.o.")
  await page.getByTestId("thread-question").fill("Is the VAT on @17-P1-1 right?")
  await page.getByTestId("thread-submit").click()
  const pause = page.getByTestId("mention-pause")
  await expect(pause).toBeVisible()
  await expect(pause.getByTestId("mention-candidate")).toHaveCount(2)
  await expect(page.getByTestId("thread-turn")).toHaveCount(0)
  expect(await axeFindings(page)).toEqual([])
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 1000 })
    await screenshot(page, `threads-en-mention-pause-${width}`)
  }

  await afterRestart(page, host, async () => {
    await page.getByTestId("nav-threads").click()
    await page.getByTestId("thread-open").first().click()
    const restored = page.getByTestId("mention-pause")
    await expect(restored).toBeVisible()
    await restored.getByTestId("mention-candidate").filter({ hasText: "Invoice March corrected" }).click()
    await restored.getByTestId("mention-resume").click()
    await expect(restored).toBeHidden()
    const turn = page.getByTestId("thread-turn").first()
    await expect(turn.getByTestId("thread-turn-question")).toHaveText("Is the VAT on @17-P1-1 right?")
    await expect(turn.getByTestId("thread-turn-headline")).not.toHaveText(/Running/)
    await expect(page.getByTestId("thread-docs")).toContainText("@17-P1-1")

    // Picked with the keyboard in the completion list: the document goes with the question, no pause.
    const box = page.getByTestId("thread-question")
    await box.pressSequentially("And the due date of @Invo", { delay: 10 })
    await expect(box).toHaveAttribute("aria-expanded", "true")
    await expect(page.getByTestId("mention-option")).toHaveCount(2)
    await box.press("ArrowDown")
    await expect(page.getByTestId("mention-option").nth(1)).toHaveAttribute("aria-selected", "true")
    expect(await axeFindings(page)).toEqual([])
    await box.press("Escape")
    await expect(box).toHaveAttribute("aria-expanded", "false")
    await box.press("Backspace")
    await box.press("o")
    await expect(box).toHaveAttribute("aria-expanded", "true")
    await box.press("Enter")
    await expect(box).toHaveValue(/@17-P1-1 $/)
    await box.press("Enter")
    await expect(page.getByTestId("thread-turn")).toHaveCount(2)
    await expect(page.getByTestId("mention-pause")).toHaveCount(0)
    // The run goes on as any run: to its answer, or to the engine's own question back.
    const run = page.getByTestId("thread-run")
    await expect(run.getByTestId("answer-card").or(page.getByTestId("clarification"))).toBeVisible()
    // A turn waiting for the user's answer says so, not "running".
    await expect(page.getByTestId("thread-turn").nth(1).getByTestId("thread-turn-headline")).not.toHaveText("Running…")
    await screenshot(page, "threads-en-resumed-1280")
    await page.goto("about:blank")
  })
})

for (const locale of ["hr", "en"] as const) {
  test(`${locale}: a question about an @-mentioned e-invoice answers from its fields and names the document`, async ({ page, host }) => {
    await page.emulateMedia({ reducedMotion: "reduce" })
    await page.goto(host.url)
    if (locale === "en") await switchToEnglish(page)
    await createClient(page, "Hotel Lučica d.o.o.")
    await addInvoices(page, "Hotel Lučica d.o.o.", [{ fixture: "ubl-invoice-valid.xml", name: "Pekara ožujak.xml" }])
    await startThread(page, "Hotel Lučica d.o.o.")
    const question = locale === "hr" ? "Tko je prodavatelj na @17-P1-1 i koliko treba platiti?" : "Who is the seller on @17-P1-1 and what is the amount due?"
    await askInThread(page, question, 1)
    const answer = page.getByTestId("thread-run").getByTestId("answer-text")
    await expect(answer).toContainText("17-P1-1")
    await expect(answer).toContainText("Pekara Zrno d.o.o.")
    await expect(answer).toContainText(locale === "hr" ? "OIB prodavatelja: 12345678903" : "seller's OIB: 12345678903")
    await expect(page.getByTestId("thread-turn-headline").first()).toContainText(locale === "hr" ? "Prema dokumentu 17-P1-1" : "According to 17-P1-1")
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 1000 })
      await screenshot(page, `threads-${locale}-document-facts-${width}`)
    }
  })
}
