import type { Locator, Page } from "@playwright/test"
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { ARTIFACTS, ask, expect, screenshot, test } from "./support/fixtures"

// The audit export in Chromium against the browser host: export one answered run from its trace
// screen (keyboard only), watch the progress reach 100 %, find the file on disk, verify it in the
// app; flip one byte of the file on disk and see the verifier fail naming the file. Then the
// export screen's refusals in words, the signing key in settings, and reduced motion.

const QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"

async function openAnsweredTrace(page: Page, url: string): Promise<string> {
  await page.goto(url)
  await ask(page, QUESTION, "2025-06-01")
  await expect(page.getByTestId("answer-card")).toHaveAttribute("data-outcome", "ANSWER")
  const requestId = (await page.getByTestId("run-view").getAttribute("data-request-id")) ?? ""
  await page.getByTestId("ask-open-trace").click()
  await expect(page.getByTestId("export-panel")).toBeVisible()
  return requestId
}

/** Flips one byte inside the compressed data of `entry` in the ZIP at `path`. */
function flipByteIn(path: string, entry: string): void {
  const bytes = readFileSync(path)
  const name = Buffer.from(entry, "utf8")
  for (let at = bytes.indexOf(name); at >= 0; at = bytes.indexOf(name, at + 1)) {
    const header = at - 30
    if (header < 0 || bytes.readUInt32LE(header) !== 0x04034b50) continue
    const dataStart = at + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28)
    bytes.writeUInt8(bytes.readUInt8(dataStart + 8) ^ 0xff, dataStart + 8)
    writeFileSync(path, bytes)
    return
  }
  throw new Error(`${entry} has no local header in ${path}`)
}

/** A screenshot of one part of the screen, with the window made tall enough to hold all of it. */
async function shoot(page: Page, target: Locator, name: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 860 }
  const height = (await target.boundingBox())?.height ?? 0
  if (height + 80 > original.height)
    await page.setViewportSize({ width: original.width, height: Math.ceil(height) + 80 })
  try {
    await target.scrollIntoViewIfNeeded()
    await target.screenshot({ path: join(ARTIFACTS, `${name}.png`) })
  } finally {
    await page.setViewportSize(original)
  }
}

test("export one run, see 100 %, verify it in the app, then catch one flipped byte", async ({
  page,
  host,
  dataDir,
}) => {
  const requestId = await openAnsweredTrace(page, host.url)
  const panel = page.getByTestId("export-panel")
  const path = panel.getByTestId("export-path")
  await expect(path).toHaveValue(
    new RegExp(`^${join(dataDir, "exports")}/fiskai-audit-${requestId.slice(0, 8)}-.*\\.zip$`),
  )
  const outPath = await path.inputValue()
  expect(existsSync(outPath)).toBe(false)
  await shoot(page, panel, "export-01-trace-panel")

  // Keyboard only: Tab reaches the path field, Enter in it starts the export.
  await path.focus()
  await page.keyboard.press("Shift+Tab")
  await page.keyboard.press("Tab")
  await expect(path).toBeFocused()
  await page.keyboard.press("Enter")

  const done = panel.getByTestId("export-done")
  await expect(done).toBeVisible()
  await expect(panel.getByTestId("export-progress")).toHaveAttribute("aria-valuenow", "100")
  await expect(done).toHaveAttribute("data-path", outPath)
  expect(existsSync(outPath)).toBe(true)
  await expect(done).toHaveAttribute("data-bytes", String(statSync(outPath).size))
  expect(readdirSync(join(dataDir, "exports"))).toHaveLength(1)
  // Focus went to the outcome, not to the page's top.
  await expect(panel.locator(".export-outcome-anchor")).toBeFocused()
  await shoot(page, panel, "export-02-done")

  await panel.getByTestId("export-verify-this").click()
  const verdict = panel.getByTestId("verify-verdict")
  await expect(verdict).toHaveAttribute("data-ok", "true")
  await expect(verdict.getByTestId("verify-headline")).toHaveText(
    "Paket je ispravan: sve provjere su prošle.",
  )
  await expect(verdict.getByTestId("verify-trace")).toHaveAttribute("data-request-id", requestId)
  await shoot(page, panel, "export-03-verified")

  flipByteIn(outPath, "events.jsonl")
  await panel.getByTestId("verify-submit").click()
  await expect(verdict).toHaveAttribute("data-ok", "false")
  await expect(verdict.getByTestId("verify-headline")).toContainText("Paket NIJE ispravan")
  await expect(
    verdict.locator("[data-testid='verify-problem'][data-file='events.jsonl']").first(),
  ).toBeVisible()
  await shoot(page, panel, "export-04-tampered")
})

test("the export screen refuses a missing folder and an empty selection in words", async ({
  page,
  host,
  dataDir,
}) => {
  await openAnsweredTrace(page, host.url)
  await page.getByTestId("nav-export").click()
  await expect(page.getByTestId("export-screen")).toBeVisible()
  const path = page.getByTestId("export-path")
  await expect(path).toHaveValue(/fiskai-audit-.*\.zip$/)
  await screenshot(page, "export-05-screen")

  const missing = join(dataDir, "nema-mape")
  await path.fill(join(missing, "revizija.zip"))
  await page.getByTestId("export-start").click()
  await expect(page.getByTestId("export-path-error")).toHaveText(`Mapa ${missing} ne postoji.`)
  await expect(path).toHaveAttribute("aria-invalid", "true")
  await screenshot(page, "export-06-path-error")

  await path.fill(join(dataDir, "exports", "prazno.zip"))
  await page.getByTestId("export-filter-outcome").selectOption("CONDITIONAL_ANSWER")
  await page.getByTestId("export-start").click()
  const error = page.getByTestId("export-error")
  await expect(error).toHaveAttribute("data-reason", "empty")
  await expect(error).toHaveText(
    "Nijedno istraživanje ne odgovara odabiru, pa nijedna datoteka nije zapisana. Proširite filtre.",
  )
  expect(existsSync(join(dataDir, "exports", "prazno.zip"))).toBe(false)
  await screenshot(page, "export-07-empty-selection")

  await page.getByTestId("export-filter-outcome").selectOption("")
  await page.getByTestId("export-start").click()
  await expect(page.getByTestId("export-done")).toContainText("Istraživanja: 1.")
  await page.getByTestId("export-verify-this").click()
  await expect(page.getByTestId("verify-verdict")).toHaveAttribute("data-ok", "true")
  await screenshot(page, "export-08-screen-verified")
})

test("settings show the signing key's fingerprint and the firm name used in bundles", async ({
  page,
  host,
}) => {
  await page.goto(host.url)
  await page.getByTestId("nav-settings").click()
  await page.getByTestId("settings-firm-name").fill("Računovodstvo Horvat d.o.o.")
  await page.getByTestId("settings-save").click()
  await expect(page.getByTestId("settings-status")).toBeVisible()
  const section = page.getByTestId("settings-signing")
  await expect(section.getByTestId("settings-signing-fingerprint")).toHaveText(
    /^([0-9a-f]{4} ){15}[0-9a-f]{4}$/,
  )
  await expect(section.getByTestId("settings-signing-firm")).toHaveText("Računovodstvo Horvat d.o.o.")
  await shoot(page, section, "export-09-settings-signing")
})

test("the progress bar does not animate when the system asks for reduced motion", async ({ page, host }) => {
  await openAnsweredTrace(page, host.url)
  const panel = page.getByTestId("export-panel")
  await panel.getByTestId("export-start").click()
  await expect(panel.getByTestId("export-done")).toBeVisible()
  const fill = panel.locator(".export-progress-fill")
  expect(await fill.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe("0.2s")
  await page.emulateMedia({ reducedMotion: "reduce" })
  expect(await fill.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe("0s")
})

test("in English", async ({ page, host }) => {
  await page.goto(host.url)
  await page.getByTestId("nav-settings").click()
  await page.getByTestId("settings-locale-en").check()
  await page.getByTestId("settings-save").click()
  await page.getByTestId("nav-export").click()
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit export")
  await page.getByTestId("export-start").click()
  await expect(page.getByTestId("export-error")).toHaveText(
    "No research matches the selection, so no file was written. Widen the filters.",
  )
  await screenshot(page, "export-10-english")
})
