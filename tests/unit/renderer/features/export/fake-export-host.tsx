import { act, fireEvent, screen, waitFor } from "@testing-library/react"
import { expect } from "vitest"
import type { BundleVerdict, ExportProgress, StartExportInput } from "../../../../../src-shared/export"
import type { TraceSummary } from "../../../../../src-shared/traces"
import { renderApp } from "../../components/harness"

// A fake host for the export screens: the export channels answer as the browser host would,
// every start, cancel and verify is recorded, and progress is pushed when the test says so.

export const FOLDER = "/data/fiskai/exports"
export const KEY = {
  algorithm: "Ed25519" as const,
  publicKeyPem: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
  fingerprint: "ab12 cd34",
}

export function progress(patch: Partial<ExportProgress>): ExportProgress {
  return {
    jobId: "job-1",
    phase: "writing",
    file: "events.jsonl",
    done: 0,
    total: 1000,
    step: 1,
    steps: 4,
    ...patch,
  }
}

export function host(
  options: {
    canChooseFile?: boolean
    exists?: boolean
    verdict?: BundleVerdict
    locale?: "hr" | "en"
    path?: string
    trace?: TraceSummary
  } = {},
) {
  const started: StartExportInput[] = []
  const cancelled: string[] = []
  const verified: unknown[] = []
  let early: ExportProgress | null = null
  const view = renderApp(
    options.path ?? "/export",
    {
      "traces.get": async () =>
        options.trace
          ? { ok: true, value: { trace: options.trace, events: [] } }
          : { ok: false, error: { code: "NOT_FOUND", message: "no such trace" } },
      "exports.location": async () => ({
        ok: true,
        value: { folder: FOLDER, separator: "/", canChooseFile: options.canChooseFile ?? false },
      }),
      "exports.checkPath": async () => ({ ok: true, value: { problem: null, exists: options.exists ?? false } }),
      "exports.chooseFile": async () => ({ ok: true, value: { path: "/home/ana/Revizija/odabrano.zip" } }),
      "exports.signingKey": async () => ({ ok: true, value: KEY }),
      "exports.start": async (input) => {
        started.push(input as StartExportInput)
        // A push that arrives before startExport's answer still counts for this job.
        if (early !== null) view.fake.pushProgress(early)
        return { ok: true, value: { jobId: "job-1" } }
      },
      "exports.cancel": async (input) => {
        cancelled.push((input as { jobId: string }).jobId)
        return { ok: true, value: { jobId: "job-1" } }
      },
      "exports.verify": async (input) => {
        verified.push(input)
        return options.verdict
          ? { ok: true, value: options.verdict }
          : { ok: false, error: { code: "NOT_FOUND", message: "no such file" } }
      },
    },
    { locale: options.locale ?? "hr" },
  )
  return {
    ...view,
    started,
    cancelled,
    verified,
    pushFirst(p: ExportProgress) {
      early = p
    },
    push: (p: ExportProgress) => act(() => view.fake.pushProgress(p)),
  }
}

export async function pathReady(): Promise<HTMLInputElement> {
  return waitFor(() => {
    const input = screen.getByTestId<HTMLInputElement>("export-path")
    expect(input.value).toMatch(new RegExp(`^${FOLDER}/fiskai-audit-\\d{4}-\\d{2}-\\d{2}-\\d{6}\\.zip$`))
    return input
  })
}

export async function startExport(): Promise<void> {
  await pathReady()
  await act(async () => fireEvent.click(screen.getByTestId("export-start")))
}
