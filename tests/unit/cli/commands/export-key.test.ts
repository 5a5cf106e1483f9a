import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, test } from "vitest"
import { tempDbPath } from "../../store/fixtures"
import { cli } from "./cli-harness"

// Issue 20, item 8: the first export creates the installation's signing key, and says so.

const keyDir = mkdtempSync(join(tmpdir(), "fiskai-export-key-"))
afterAll(() => rmSync(keyDir, { recursive: true, force: true }))

describe("fiskai export and the signing key", () => {
  test("the first export names the new key's folder; the next one is silent about it", async () => {
    const db = tempDbPath()
    expect((await cli("ask", "Koja je stopa PDV-a?", "--db", db, "--as-of", "2025-06-01")).code).toBe(0)
    const first = await cli("export", "--db", db, "--key-dir", keyDir, "--out", join(keyDir, "a.zip"))
    expect(first.code).toBe(0)
    expect(first.err).toContain(`created a new bundle-signing key in ${join(keyDir, "signing")}`)
    const second = await cli("export", "--db", db, "--key-dir", keyDir, "--out", join(keyDir, "b.zip"))
    expect(second.code).toBe(0)
    expect(second.err).not.toContain("created a new bundle-signing key")
  })
})
