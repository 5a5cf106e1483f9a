// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import type { TraceSummary } from "../../../../../src-shared/traces"
import { renderApp } from "../../components/harness"
import { host, pathReady, progress, startExport } from "./fake-export-host"

// The export screen over a fake host: what the user sees while pushes arrive (progress across the
// writer's passes, other jobs ignored, pushes that beat startExport's answer), cancel, failures in
// words, the filter's selection, and the native chooser only where it exists.

afterEach(cleanup)

describe("export progress and cancel", () => {
  it("follows its own job across the passes, cancels, and says no file was written", async () => {
    const app = host()
    app.pushFirst(progress({ done: 250 }))
    await startExport()
    expect(app.started).toEqual([
      { selection: {}, outPath: expect.stringMatching(/^\/data\/fiskai\/exports\/fiskai-audit-/) },
    ])
    const bar = screen.getByTestId("export-progress")
    expect(bar.getAttribute("aria-valuenow")).toBe("6")
    expect(screen.getByTestId("export-progress-text").textContent).toBe(
      "6 % Zapisujem events.jsonl (prolaz 1 od 4): 250 od 1000 istraživanja",
    )

    app.push(progress({ jobId: "someone-elses-job", file: "report.html", done: 900, step: 4 }))
    expect(bar.getAttribute("aria-valuenow")).toBe("6")
    app.push(progress({ file: "traces.csv", done: 500, step: 3 }))
    expect(bar.getAttribute("aria-valuenow")).toBe("62")
    app.push(progress({ file: "report.html", done: 1000, step: 4 }))
    expect(screen.getByTestId("export-progress-text").textContent).toContain(
      "Sve je zapisano; potpisujem i spremam datoteku…",
    )
    expect(screen.getByTestId<HTMLButtonElement>("export-start").disabled).toBe(true)

    await act(async () => fireEvent.click(screen.getByTestId("export-cancel")))
    expect(app.cancelled).toEqual(["job-1"])
    expect(screen.getByTestId("export-cancel").textContent).toBe("Prekidam…")
    expect(screen.getByTestId<HTMLButtonElement>("export-cancel").disabled).toBe(true)

    app.push(progress({ phase: "cancelled", done: 0, total: 0 }))
    expect(screen.getByTestId("export-cancelled").textContent).toBe(
      "Izvoz je prekinut: nijedna datoteka nije zapisana.",
    )
    expect(screen.queryByTestId("export-progress")).toBeNull()
    expect(screen.queryByTestId("export-cancel")).toBeNull()
    expect(screen.getByTestId<HTMLButtonElement>("export-start").disabled).toBe(false)
  })

  it("says no pass number when the writer makes a single pass", async () => {
    const app = host()
    await startExport()
    app.push(progress({ file: "events.jsonl, report.html", done: 40, total: 80, step: 1, steps: 1 }))
    expect(screen.getByTestId("export-progress").getAttribute("aria-valuenow")).toBe("50")
    expect(screen.getByTestId("export-progress-text").textContent).toBe(
      "50 % Zapisujem events.jsonl, report.html: 40 od 80 istraživanja",
    )
    app.push(progress({ file: "events.jsonl, report.html", done: 80, total: 80, step: 1, steps: 1 }))
    expect(screen.getByTestId("export-progress-text").textContent).toBe(
      "99 % Sve je zapisano; potpisujem i spremam datoteku…",
    )
  })

  it("reaches 100 % with the file and its size, and offers a fresh name for the next export", async () => {
    const app = host()
    await startExport()
    const first = screen.getByTestId<HTMLInputElement>("export-path").value
    app.push(progress({ phase: "done", done: 3, total: 3, outPath: first, bytes: 1536 }))
    expect(screen.getByTestId("export-progress").getAttribute("aria-valuenow")).toBe("100")
    const done = screen.getByTestId("export-done")
    expect(done.textContent).toContain(`Istraživanja: 3. Datoteka: ${first} (1,5 KB).`)
    // Focus moves to the outcome, so a keyboard user is not left on a button that went away.
    expect(document.activeElement?.contains(done)).toBe(true)

    await act(async () => fireEvent.click(screen.getByTestId("export-again")))
    expect(screen.queryByTestId("export-done")).toBeNull()
    const next = screen.getByTestId<HTMLInputElement>("export-path").value
    expect(next).not.toBe(first)
    expect(next).toMatch(/-2\.zip$/)
  })

  it("says why an export failed, in the chosen language", async () => {
    const app = host({ locale: "en" })
    await startExport()
    app.push(
      progress({
        phase: "failed",
        done: 0,
        total: 0,
        errorKind: "failed",
        error: "ENOSPC: no space left on device",
      }),
    )
    const error = screen.getByTestId("export-error")
    expect(error.getAttribute("role")).toBe("alert")
    expect(error.textContent).toBe(
      "The export failed and no file was written: ENOSPC: no space left on device",
    )
  })
})

describe("where the file goes", () => {
  it("keeps Export disabled until the host has said where bundles go", async () => {
    renderApp("/export", { "exports.location": () => new Promise(() => undefined) })
    const start = await screen.findByTestId<HTMLButtonElement>("export-start")
    expect(start.disabled).toBe(true)
    expect(screen.queryByTestId("export-path-error")).toBeNull()
  })

  it("warns that an existing file will be replaced", async () => {
    host({ exists: true })
    const input = await pathReady()
    await act(async () => fireEvent.blur(input))
    expect(screen.getByTestId("export-path-warning").textContent).toBe(
      "Datoteka s tim imenom već postoji i bit će zamijenjena kad izvoz završi.",
    )
  })

  it("offers the native chooser only where the host has one", async () => {
    host({ canChooseFile: false })
    await pathReady()
    expect(screen.queryByTestId("export-path-choose")).toBeNull()
    cleanup()

    host({ canChooseFile: true })
    await pathReady()
    await act(async () => fireEvent.click(screen.getByTestId("export-path-choose")))
    expect(screen.getByTestId<HTMLInputElement>("export-path").value).toBe("/home/ana/Revizija/odabrano.zip")
  })
})

describe("the filter selection", () => {
  it("starts from one run when opened from it, and can switch to the filter", async () => {
    const trace: TraceSummary = {
      requestId: "7f3a9c21-44e0-4b6a-9d1e-0c5b2a7e8f10",
      question: "Moram li ući u sustav PDV-a?",
      status: "complete",
      outcome: "ANSWER",
      domain: "TAX",
      riskTier: "T1",
      confidence: 0.9,
      locale: "hr",
      asOfDate: "2025-06-01",
      clientId: null,
      sourceCount: 2,
      eligibleRuleCount: 1,
      exclusionCount: 0,
      conflictCount: 0,
      refusalReason: null,
      durationMs: 900,
      ttfusMs: 30,
      createdAt: "2025-06-01T09:00:00.000Z",
      counterfactualOf: null,
      packId: "hr-core",
      packVersion: "1.0.1",
      packHash: "h",
      chainHead: "c",
      eventCount: 20,
    }
    const app = host({ path: `/export/trace/${trace.requestId}`, trace })
    const one = await screen.findByTestId<HTMLInputElement>("export-selection-trace")
    expect(one.checked).toBe(true)
    expect(await screen.findByText(/Moram li ući u sustav PDV-a\?/)).toBeTruthy()
    expect(screen.queryByTestId("export-filters")).toBeNull()
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>("export-path").value).toContain("fiskai-audit-7f3a9c21-"),
    )
    await act(async () => fireEvent.click(screen.getByTestId("export-start")))
    expect(app.started[0]?.selection).toEqual({ traceIds: [trace.requestId] })

    app.push(progress({ phase: "cancelled", done: 0, total: 0 }))
    fireEvent.click(screen.getByTestId("export-selection-filter"))
    expect(screen.getByTestId("export-filters")).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByTestId("export-start")))
    expect(app.started[1]?.selection).toEqual({})
  })

  it("sends the filters the user set, and refuses a reversed date range", async () => {
    const app = host()
    await pathReady()
    fireEvent.change(screen.getByTestId("export-filter-since"), { target: { value: "2025-06-30" } })
    fireEvent.change(screen.getByTestId("export-filter-until"), { target: { value: "2025-06-01" } })
    expect(screen.getByTestId("export-selection-error").textContent).toBe("Datum „od” je nakon datuma „do”.")
    expect(screen.getByTestId<HTMLButtonElement>("export-start").disabled).toBe(true)

    fireEvent.change(screen.getByTestId("export-filter-since"), { target: { value: "2025-01-01" } })
    fireEvent.change(screen.getByTestId("export-filter-outcome"), { target: { value: "REFUSAL" } })
    fireEvent.change(screen.getByTestId("export-filter-tier"), { target: { value: "T1" } })
    expect(screen.queryByTestId("export-selection-error")).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId("export-start")))
    expect(app.started[0]?.selection).toEqual({
      since: "2025-01-01",
      until: "2025-06-01",
      outcome: "REFUSAL",
      riskTier: "T1",
    })
  })
})
