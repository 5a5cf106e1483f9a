import type { Page } from "@playwright/test"
import { expect, test } from "./support/fixtures"
import { switchToEnglish } from "./support/clients"

// The keyboard, in both languages: Enter sends a question (Shift+Enter breaks the line, an input
// method's Enter only commits its text, Ctrl+Enter still sends); the skip link lands in the screen
// the user is on; "?" opens the shortcut sheet, which keeps focus inside and gives it back on Escape.

const LOCALES = [
  { locale: "hr", help: "Tipkovnički prečaci", skip: "Preskoči na sadržaj", history: "Povijest" },
  { locale: "en", help: "Keyboard shortcuts", skip: "Skip to content", history: "History" },
] as const

async function open(page: Page, url: string, locale: "hr" | "en") {
  await page.goto(url)
  await expect(page.getByTestId("question-input")).toBeVisible()
  if (locale === "en") await switchToEnglish(page)
}

/** What the textarea's keydown would get while an input method is composing (isComposing / 229). */
async function enterWhileComposing(page: Page, keyCode: number, isComposing: boolean) {
  await page.getByTestId("question-input").evaluate(
    (box, init) => box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true, ...init })),
    { keyCode, isComposing },
  )
}

for (const { locale, help, skip, history } of LOCALES) {
  test.describe(`keyboard (${locale})`, () => {
    test("Enter sends; Shift+Enter starts a new line; Enter in a composition does not send; Ctrl+Enter sends", async ({
      page,
      host,
    }) => {
      await open(page, host.url, locale)
      const box = page.getByTestId("question-input")
      await box.click()
      await page.keyboard.type("Koja je stopa")
      await page.keyboard.press("Shift+Enter")
      await page.keyboard.type("PDV-a?")
      await expect(box).toHaveValue("Koja je stopa\nPDV-a?")
      await expect(page.getByTestId("ask-empty")).toBeVisible()

      // An input method committing "ž" with Enter: both ways browsers mark it leave the question unsent.
      await enterWhileComposing(page, 13, true)
      await enterWhileComposing(page, 229, false)
      await expect(page.getByTestId("ask-empty")).toBeVisible()
      await expect(page.getByTestId("run-view")).toHaveCount(0)

      await page.keyboard.press("Enter")
      await expect(page.getByTestId("run-question")).toContainText("Koja je stopa")
      await expect(page.getByTestId("answer-card")).toBeVisible()
      await expect(box).toHaveValue("")
      const first = await page.getByTestId("run-view").getAttribute("data-request-id")

      await box.fill("Koja je stopa poreza na dobit?")
      await box.press("Control+Enter")
      await expect(page.getByTestId("run-question")).toContainText("poreza na dobit")
      await expect(page.getByTestId("run-view")).not.toHaveAttribute("data-request-id", first ?? "")
    })

    test("the skip link goes into the screen the user is on, not to Ask", async ({ page, host }) => {
      await open(page, host.url, locale)
      for (const [nav, path, heading] of [
        ["nav-history", "#/history", "history-heading"],
        ["nav-clients", "#/clients", "clients-heading"],
      ] as const) {
        await page.getByTestId(nav).click()
        await expect(page).toHaveURL(new RegExp(`${path}$`))
        // Opened afresh on this screen, the first Tab reaches the skip link.
        await page.reload()
        await expect(page.getByTestId(nav)).toHaveText(nav === "nav-history" ? history : /./)
        await page.keyboard.press("Tab")
        const link = page.getByTestId("skip-link")
        await expect(link).toBeFocused()
        await expect(link).toHaveText(skip)
        await page.keyboard.press("Enter")
        await expect(page).toHaveURL(new RegExp(`${path}$`))
        const focused = await page.evaluate(() => {
          const active = document.activeElement
          return { inMain: document.getElementById("main")?.contains(active) ?? false, id: active?.id ?? "" }
        })
        expect(focused).toEqual({ inMain: true, id: heading })
      }
      await expect(page.getByTestId("nav-history")).toHaveText(history)
    })

    test("? opens the shortcut sheet; Tab stays in it; Escape closes it and focus returns", async ({ page, host }) => {
      await open(page, host.url, locale)
      const sheet = page.getByTestId("shortcuts-help")
      // "?" typed in the question is a question mark, not the sheet.
      await page.getByTestId("question-input").fill("Koja je stopa PDV-a")
      await page.getByTestId("question-input").press("?")
      await expect(page.getByTestId("question-input")).toHaveValue("Koja je stopa PDV-a?")
      await expect(sheet).toHaveCount(0)

      // Outside text fields it opens the sheet.
      const historyLink = page.getByTestId("nav-history")
      await historyLink.focus()
      await page.keyboard.press("?")
      await expect(sheet).toBeVisible()
      await expect(sheet.getByRole("heading")).toHaveText(help)
      await expect(sheet).toContainText("Shift")
      for (let i = 0; i < 4; i += 1) {
        await page.keyboard.press(i % 2 === 0 ? "Tab" : "Shift+Tab")
        expect(await sheet.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
      }
      await page.keyboard.press("Escape")
      await expect(sheet).toHaveCount(0)
      await expect(historyLink).toBeFocused()

      // The same sheet from the button under the navigation; focus goes back to the button.
      const button = page.getByTestId("shortcuts-open")
      await expect(button).toContainText(help)
      await button.click()
      await expect(sheet).toBeVisible()
      await page.keyboard.press("Escape")
      await expect(sheet).toHaveCount(0)
      await expect(button).toBeFocused()
    })
  })
}
