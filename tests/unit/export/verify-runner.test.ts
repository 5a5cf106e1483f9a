import { rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { verifyBundleInWorker } from "../../../src-main/export/verify/verify-runner"
import { tempDir } from "./fixtures"

// The app verifies on a worker thread with a capped heap: whatever happens to that thread, the
// app gets a verdict that says so, and the app itself goes on.

describe("verifyBundleInWorker", () => {
  let dir = ""
  beforeEach(() => {
    dir = tempDir("fiskai-verify-runner-")
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  const entry = (name: string, code: string) => {
    const path = join(dir, name)
    writeFileSync(path, code)
    return { url: pathToFileURL(path), execArgv: [] }
  }

  it("a worker that runs out of its heap is a verdict saying so", async () => {
    const hog = entry("hog.mjs", "const kept = []; for (;;) kept.push(new Array(100000).fill({ a: 1 }))\n")
    const verdict = await verifyBundleInWorker({ path: "/nowhere.zip" }, { workerEntry: hog, heapMb: 32 })
    expect(verdict).toMatchObject({ ok: false, signerTrusted: false, traces: [] })
    expect(verdict.problems).toEqual([
      expect.objectContaining({ message: "the verifier ran out of the memory it may use (32 MB) on this bundle: it is not verified" }),
    ])
  })

  it("a worker that stops without a verdict is a verdict saying so", async () => {
    const quitter = entry("quitter.mjs", "process.exit(3)\n")
    const verdict = await verifyBundleInWorker({ path: "/nowhere.zip" }, { workerEntry: quitter })
    expect(verdict.ok).toBe(false)
    expect(verdict.problems[0]?.message).toBe("the verifier stopped unexpectedly (exit code 3)")
  })

  it("the real worker answers with the verifier's verdict (here: no such file)", async () => {
    const verdict = await verifyBundleInWorker({ path: join(dir, "missing.zip") })
    expect(verdict.ok).toBe(false)
    expect(verdict.problems[0]?.message).toMatch(/missing\.zip is not a readable ZIP file/)
  })
})
