import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TraceSummary } from "../../../src-shared/traces"
import { runExportJob } from "../../../src-main/export/export-job"
import { traceSection } from "../../../src-main/export/report/trace-section"
import { viewTrace } from "../../../src-main/export/trace-view"
import { createHandlers } from "../../../src-main/handlers"
import type { HandlerTable } from "../../../src-main/ipc/handler-table"
import { createServices, type Services } from "../../../src-main/composition/services"
import { VAT_QUESTION, XSS_IMG, XSS_SCRIPT } from "./support/hostile-text"
import { readZipText } from "./support/zip-text"

// Markup in a question, a clarification answer, the firm name or a what-if never reaches the audit
// report as markup: the report a compliance officer opens in a browser shows it as text.

const HOSTILE_QUESTION = `${XSS_IMG} ${VAT_QUESTION} ${XSS_SCRIPT}`
const HOSTILE_FIRM = `Ured ${XSS_IMG}"'><svg/onload=alert(1)>`

let dir: string
let services: Services
let handlers: HandlerTable
let report: string
let hostileTraceId: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "fiskai-report-hostile-"))
  const dbPath = join(dir, "fiskai.sqlite")
  services = createServices({ dbPath, settingsOverrides: { deliberatePauseMs: 0 } })
  handlers = createHandlers(services)
  await handlers["settings.update"]({ firmName: HOSTILE_FIRM })
  hostileTraceId = (await handlers["runs.ask"]({ question: HOSTILE_QUESTION, asOfDate: "2025-06-01" })).requestId
  // The markup's words are none of the pack's: the run confirms the topic before it answers.
  await services.runs.settled()
  await handlers["runs.answer"]({ requestId: hostileTraceId, answer: "confirm" })
  await services.runs.settled()
  const awaiting = (await handlers["runs.ask"]({ question: `PDV prag ${XSS_IMG}`, asOfDate: "2025-06-01" })).requestId
  await services.runs.settled()
  await handlers["runs.answer"]({ requestId: awaiting, answer: `${XSS_SCRIPT} confirm` })
  await services.runs.settled()
  const whatif = await handlers["whatif.run"]({ requestId: hostileTraceId, changes: [{ kind: "set", path: "counters.revenueYtd", value: 30_000 }] })
  if (whatif.status === "started") {
    // The counterfactual starts on the next turn; wait until it is stored.
    for (let i = 0; i < 400 && services.traces.get(whatif.requestId)?.trace.status !== "complete"; i++) await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const outPath = join(dir, "audit.zip")
  await runExportJob({ dbPath, selection: {}, outPath, userDataDir: dir, exportedAt: "2025-06-02T08:00:00Z" })
  report = await readZipText(outPath, "report.html")
}, 120_000)

afterAll(async () => {
  await services?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe("the audit report under hostile text", () => {
  it("holds every hostile trace, so the checks below look at them", async () => {
    const listed = await handlers["traces.list"]({ includeHypothetical: true })
    expect(listed.items.length).toBeGreaterThanOrEqual(3)
    expect(report.match(/<section class="trace/g)?.length).toBe(listed.items.length)
  })

  it("shows the markup of the question, the answer and the firm name as text", () => {
    expect(report).toContain("&lt;img src=x onerror=alert(1)&gt;")
    expect(report).toContain("&lt;script&gt;alert(document.cookie)&lt;/script&gt;")
    expect(report).toContain("Ured &lt;img")
  })

  it("contains no element, attribute or script that came from the data", () => {
    expect(report).not.toMatch(/<img/i)
    expect(report).not.toMatch(/<script/i)
    expect(report).not.toMatch(/<svg/i)
    expect(report).not.toMatch(/<iframe/i)
    // An event handler attribute inside a real tag (the escaped text "&lt;img … onerror=" is fine).
    expect(report).not.toMatch(/<[a-z][^>]*\son\w+\s*=/i)
    expect(report.match(/<\/html>/g)).toHaveLength(1)
  })

  it("keeps the markup of a trace section the same whatever the question says", async () => {
    const detail = services.traces.get(hostileTraceId)
    if (detail === null) throw new Error("the hostile trace was not stored")
    const view = viewTrace(detail.events)
    const tagsFor = (summary: TraceSummary) => (traceSection({ summary, view, base: null }, 1).value.match(/</g) ?? []).length
    const baseline = tagsFor({ ...detail.trace, question: "plain", clientId: "client-1" })
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), fc.string({ minLength: 1, maxLength: 40 }), (question, clientId) => {
        expect(tagsFor({ ...detail.trace, question, clientId })).toBe(baseline)
      }),
      { numRuns: 300 },
    )
  })
})
