import AxeBuilder from "@axe-core/playwright"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { Page } from "@playwright/test"
import { expect } from "./fixtures"
import { repoRoot } from "./host"

// Client documents in the window, reached and fed the way a user does it: the Documents screen of
// a client, and files dropped from a file manager (a drop event carrying them, built in the page).

export const EINVOICES = join(repoRoot, "tests", "fixtures", "einvoices")

export interface DroppedFile {
  name: string
  /** An e-invoice of tests/fixtures/einvoices, or the bytes themselves. */
  fixture?: string
  bytes?: Buffer
  type?: string
}

/** Drops files on the element with `testId` as a file manager would: dragover, then drop. */
export async function dropFiles(page: Page, testId: string, files: readonly DroppedFile[]): Promise<void> {
  const transfer = await transferOf(page, files)
  const target = page.getByTestId(testId)
  await target.dispatchEvent("dragover", { dataTransfer: transfer })
  await target.dispatchEvent("drop", { dataTransfer: transfer })
}

/** Drags files over the element with `testId` without dropping them. */
export async function dragOver(page: Page, testId: string, files: readonly DroppedFile[]): Promise<void> {
  await page.getByTestId(testId).dispatchEvent("dragover", { dataTransfer: await transferOf(page, files) })
}

async function transferOf(page: Page, files: readonly DroppedFile[]) {
  const payload = files.map((file) => ({
    name: file.name,
    type: file.type ?? "application/xml",
    base64: (file.bytes ?? readFileSync(join(EINVOICES, file.fixture ?? ""))).toString("base64"),
  }))
  return page.evaluateHandle((items) => {
    const data = new DataTransfer()
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0))
      data.items.add(new File([bytes], item.name, { type: item.type }))
    }
    return data
  }, payload)
}

export async function openDocuments(page: Page, clientName: string): Promise<void> {
  await page.getByTestId("nav-clients").click()
  await page.getByTestId("client-item").filter({ hasText: clientName }).click()
  await page.getByTestId("client-documents").click()
  await expect(page.getByTestId("documents-client").locator("option:checked")).toHaveText(clientName)
}

const SERIOUS = new Set(["moderate", "serious", "critical"])

/** Axe findings of impact moderate or worse on the screen as it is (the same bar as a11y.spec.ts). */
export async function axeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ""))
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} at ${node.target.join(" ")}`))
}
