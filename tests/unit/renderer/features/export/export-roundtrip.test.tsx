import { closeDom } from "./dom-globals"
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest"
import { untilRunStops } from "../../../handlers/temp-services"
import { openRealApp, renderAt, type RealApp } from "./render-export"

// Export one stored run from its trace screen and verify the bundle in the app, against the real
// services: the file appears on disk only at the end, verifies, and a flipped byte is caught and
// located. Paths that cannot be written and empty selections are refused in words.

const QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
const DONE = { timeout: 45_000 }

let app: RealApp

beforeEach(() => {
  app = openRealApp()
})
afterEach(async () => {
  cleanup()
  await app.close()
})
afterAll(closeDom)

async function storedRun(): Promise<string> {
  const { requestId } = await app.handlers["runs.ask"]({ question: QUESTION, asOfDate: "2025-06-01" })
  await untilRunStops(app.services, requestId)
  await app.services.runs.settled()
  return requestId
}

/** Waits for the export to end and returns its outcome element; a failure fails with its words. */
async function exportEnd(scope: HTMLElement, expected: "export-done" | "export-error"): Promise<HTMLElement> {
  const end = await waitFor(() => {
    const found = within(scope).queryByTestId("export-done") ?? within(scope).queryByTestId("export-error")
    if (found === null) throw new Error("the export has not ended yet")
    return found
  }, DONE)
  expect(end.dataset["testid"], end.textContent ?? "").toBe(expected)
  return end
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

describe("Export audit bundle on the trace screen", () => {
  it("writes the bundle with progress to 100 %, verifies it, then names the tampered file", async () => {
    const requestId = await storedRun()
    const key = await app.handlers["exports.signingKey"]({})
    renderAt(app.api, `/trace/${requestId}`)
    const panel = await screen.findByTestId("export-panel", {}, DONE)
    const pathInput = await waitFor(() => {
      const input = within(panel).getByTestId<HTMLInputElement>("export-path")
      expect(input.value).toMatch(/fiskai-audit-.*\.zip$/)
      return input
    })
    const outPath = pathInput.value
    expect(outPath.startsWith(join(app.dir, "exports"))).toBe(true)
    expect(existsSync(outPath)).toBe(false)

    await act(async () => fireEvent.click(within(panel).getByTestId("export-start")))
    const done = await exportEnd(panel, "export-done")
    expect(done.dataset["path"]).toBe(outPath)
    expect(existsSync(outPath)).toBe(true)
    expect(Number(done.dataset["bytes"])).toBe(statSync(outPath).size)
    expect(done.textContent).toContain("Istraživanja: 1.")
    const bar = within(panel).getByTestId("export-progress")
    expect(bar.getAttribute("aria-valuenow")).toBe("100")
    expect(bar.dataset["phase"]).toBe("done")
    // Nothing but the bundle itself was left in the folder (no temporary file).
    expect(readdirSync(join(app.dir, "exports"))).toEqual([outPath.slice(outPath.lastIndexOf("/") + 1)])

    await act(async () => fireEvent.click(within(panel).getByTestId("export-verify-this")))
    const verdict = await within(panel).findByTestId("verify-verdict", {}, DONE)
    expect(verdict.dataset["ok"]).toBe("true")
    expect(within(verdict).getByTestId("verify-headline").textContent).toContain("Paket je ispravan")
    expect(within(verdict).getByTestId("verify-fingerprint").textContent).toBe(key.fingerprint)
    expect(within(verdict).getByTestId("verify-trusted-key").textContent).toBe("isti ključ")
    const rows = within(verdict).getAllByTestId("verify-trace")
    expect(rows.map((row) => [row.dataset["requestId"], row.dataset["ok"]])).toEqual([[requestId, "true"]])

    flipByteIn(outPath, "events.jsonl")
    await act(async () => fireEvent.click(within(panel).getByTestId("verify-submit")))
    await waitFor(() => expect(within(panel).getByTestId("verify-verdict").dataset["ok"]).toBe("false"), DONE)
    const failed = within(panel).getByTestId("verify-verdict")
    expect(within(failed).getByTestId("verify-headline").textContent).toContain("Paket NIJE ispravan")
    const problemFiles = within(failed)
      .getAllByTestId("verify-problem")
      .map((row) => row.dataset["file"])
    expect(problemFiles).toContain("events.jsonl")
  }, 60_000)

  it("refuses a folder that does not exist and a relative path, in words, and writes nothing", async () => {
    const requestId = await storedRun()
    renderAt(app.api, `/trace/${requestId}`)
    const panel = await screen.findByTestId("export-panel", {}, DONE)
    const input = within(panel).getByTestId<HTMLInputElement>("export-path")
    const missing = join(app.dir, "no-such-folder")
    fireEvent.change(input, { target: { value: join(missing, "audit.zip") } })
    await act(async () => fireEvent.click(within(panel).getByTestId("export-start")))
    const error = await within(panel).findByTestId("export-path-error")
    expect(error.textContent).toBe(`Mapa ${missing} ne postoji.`)
    expect(input.getAttribute("aria-invalid")).toBe("true")

    fireEvent.change(input, { target: { value: "audit.zip" } })
    await act(async () => fireEvent.click(within(panel).getByTestId("export-start")))
    expect((await within(panel).findByTestId("export-path-error")).textContent).toBe(
      "Upišite punu putanju, od korijena diska.",
    )
    expect(within(panel).queryByTestId("export-progress")).toBeNull()
    expect(existsSync(missing)).toBe(false)
    expect(existsSync(join(app.dir, "exports")) ? readdirSync(join(app.dir, "exports")) : []).toEqual([])
  }, 60_000)
})

describe("Audit export screen", () => {
  it("says in words that nothing matches an empty selection, and writes no file", async () => {
    await storedRun()
    renderAt(app.api, "/export")
    await screen.findByTestId("export-screen")
    fireEvent.change(screen.getByTestId("export-filter-outcome"), { target: { value: "CONDITIONAL_ANSWER" } })
    const input = await waitFor(() => {
      const field = screen.getByTestId<HTMLInputElement>("export-path")
      expect(field.value).not.toBe("")
      return field
    })
    await act(async () => fireEvent.click(screen.getByTestId("export-start")))
    const error = await exportEnd(document.body, "export-error")
    expect(error.dataset["reason"], error.textContent ?? "").toBe("empty")
    expect(error.textContent).toBe(
      "Nijedno istraživanje ne odgovara odabiru, pa nijedna datoteka nije zapisana. Proširite filtre.",
    )
    expect(existsSync(input.value)).toBe(false)
    expect(readdirSync(join(app.dir, "exports"))).toEqual([])
  }, 60_000)

  it("exports a filter selection and verifies it in the Verify bundle section", async () => {
    const first = await storedRun()
    const second = await storedRun()
    await app.handlers["settings.update"]({ firmName: "Računovodstvo Primjer d.o.o." })
    renderAt(app.api, "/export")
    await screen.findByTestId("export-screen")
    fireEvent.change(screen.getByTestId("export-filter-outcome"), { target: { value: "ANSWER" } })
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>("export-path").value).not.toBe(""))
    await act(async () => fireEvent.click(screen.getByTestId("export-start")))
    const done = await exportEnd(document.body, "export-done")
    expect(done.textContent).toContain("Istraživanja: 2.")
    await act(async () => fireEvent.click(screen.getByTestId("export-verify-this")))
    const section = screen.getByTestId("verify-section")
    expect(within(section).getByTestId<HTMLInputElement>("verify-path").value).toBe(done.dataset["path"])
    const verdict = await within(section).findByTestId("verify-verdict", {}, DONE)
    expect(verdict.dataset["ok"]).toBe("true")
    expect(verdict.textContent).toContain("Računovodstvo Primjer d.o.o.")
    expect(
      within(verdict)
        .getAllByTestId("verify-trace")
        .map((row) => row.dataset["requestId"])
        .sort(),
    ).toEqual([first, second].sort())
  }, 60_000)
})

describe("Settings: signing audit bundles", () => {
  it("shows this installation's key fingerprint and the firm name that goes into manifests", async () => {
    await app.handlers["settings.update"]({ firmName: "Ured Horvat" })
    const key = await app.handlers["exports.signingKey"]({})
    renderAt(app.api, "/settings")
    const section = await screen.findByTestId("settings-signing")
    await waitFor(() =>
      expect(within(section).getByTestId("settings-signing-fingerprint").textContent).toBe(key.fingerprint),
    )
    await waitFor(() =>
      expect(within(section).getByTestId("settings-signing-firm").textContent).toBe("Ured Horvat"),
    )
    expect(within(section).getByTestId("settings-signing-pem").textContent).toBe(key.publicKeyPem)
  })
})
