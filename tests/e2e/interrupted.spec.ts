import { spawnSync } from "node:child_process"
import { join } from "node:path"
import { repoRoot } from "./support/host"
import { afterRestart, expect, screenshot, test } from "./support/fixtures"

// The app is killed just after a run started, before its first stage reached the store. After a
// restart the run is in the history as interrupted and its trace says so, with no stage shown as
// done (the trace row is written as the run starts, so even this run is not lost).

const QUESTION = "Koliki je prag za ulazak u sustav PDV-a?"

test("a run cut off before its first stage is kept, and shown as interrupted after a restart", async ({ page, host, dataDir }) => {
  const killed = spawnSync(
    join(repoRoot, "node_modules", ".bin", "tsx"),
    [join(repoRoot, "tests", "e2e", "support", "killed-at-start.ts"), join(dataDir, "fiskai.sqlite"), QUESTION],
    { cwd: repoRoot, encoding: "utf8" },
  )
  // tsx runs the script in a child of its own and exits 128 + 9 when that child is killed.
  expect(killed.signal === "SIGKILL" || killed.status === 137, killed.stderr).toBe(true)

  await afterRestart(page, host, async () => {
    await page.getByTestId("nav-history").click()
    const row = page.getByTestId("history-row")
    await expect(row).toHaveCount(1)
    await expect(row).toHaveAttribute("data-status", "interrupted")
    await expect(row).toContainText(QUESTION)

    await row.getByTestId("history-open").click()
    await expect(page.getByTestId("trace-screen")).toBeVisible()
    await expect(page.getByTestId("stepper-interrupted")).toBeVisible()
    await expect(page.getByTestId("answer-card")).toHaveCount(0)
    await screenshot(page, "13-interrupted-before-first-stage")
  })
})
