import { join } from "node:path"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import type { Manifest } from "../../../src-main/export/bundle-format"
import { ManifestTraceList } from "../../../src-main/export/bundle-manifest"
import { SpillFile } from "../../../src-main/export/spill-file"
import { buildReportBatch } from "../../../src-main/export/report-batch"
import { openTraceSource, viewedLines, type SourceTrace } from "../../../src-main/export/trace-source"
import { viewTrace, VIEWED_STATUSES } from "../../../src-main/export/trace-view"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import { buildFixtureDb, type ExportFixture } from "./fixtures"

// The export reads each trace once, in the shapes the bundle needs (SQLite joins them): those
// shapes must say exactly what the stored events say.

let fixture: ExportFixture
let traces: SourceTrace[]
let stored: Map<string, Array<{ json: string; hash: string }>>

beforeAll(async () => {
  fixture = await buildFixtureDb()
  const source = openTraceSource(fixture.dbPath, {})
  try {
    // Small batches, so that batch boundaries fall between traces.
    traces = [...source.batches(4)].flat()
  } finally {
    source.close()
  }
  const db = new Database(fixture.dbPath, { readonly: true })
  try {
    const rows = db.prepare("SELECT request_id AS id, event_json AS json, hash FROM events ORDER BY request_id, seq").all() as Array<{ id: string; json: string; hash: string }>
    stored = new Map()
    for (const row of rows) stored.set(row.id, [...(stored.get(row.id) ?? []), { json: row.json, hash: row.hash }])
  } finally {
    db.close()
  }
})
afterAll(() => fixture.cleanup())

describe("the export's trace source", () => {
  it("reads every trace once, in creation order", () => {
    expect(traces.map((t) => t.summary.requestId)).toHaveLength(9)
    expect(new Set(traces.map((t) => t.summary.requestId)).size).toBe(9)
    expect(traces.every((t) => t.role === "selected")).toBe(true)
    const created = traces.map((t) => t.summary.createdAt)
    expect(created).toEqual([...created].sort())
  })

  it("gives each trace's events.jsonl lines and chain hashes as stored, in chain order", () => {
    for (const trace of traces) {
      const events = stored.get(trace.summary.requestId) ?? []
      expect(events.length).toBe(trace.summary.eventCount)
      expect(Buffer.from(trace.eventsJsonl).toString("utf8")).toBe(events.map((e) => `${e.json}\n`).join(""))
      expect(JSON.parse(`[${trace.eventHashes}]`)).toEqual(events.map((e) => e.hash))
    }
  })

  it("gives the report exactly the events its view reads, and the view is the same as from all events", () => {
    let skipped = 0
    for (const trace of traces) {
      const all = (stored.get(trace.summary.requestId) ?? []).map((e) => JSON.parse(e.json) as ReasoningEvent)
      const forReport = viewedLines(trace).map(([start, end]) => JSON.parse(trace.eventsJsonl.toString("utf8", start, end)) as ReasoningEvent)
      expect(forReport).toEqual(all.filter((e) => (VIEWED_STATUSES as readonly string[]).includes(e.status)))
      skipped += all.length - forReport.length
      expect(viewTrace(forReport)).toEqual(viewTrace(all))
    }
    expect(skipped).toBeGreaterThan(traces.length)
  })

  it("hands a report batch each trace's viewed events, and a hypothetical's base beside it", () => {
    const batch = buildReportBatch(1, traces, (id) => traces.find((t) => t.summary.requestId === id) ?? null)
    const parse = ([start, end]: readonly [number, number]) => JSON.parse(Buffer.from(batch.bytes.subarray(start, end)).toString("utf8")) as ReasoningEvent[]
    batch.traces.forEach((input, i) => {
      const trace = traces[i]
      const viewed = (id: string) => (stored.get(id) ?? []).map((e) => JSON.parse(e.json) as ReasoningEvent).filter((e) => (VIEWED_STATUSES as readonly string[]).includes(e.status))
      expect(input.summary).toEqual(trace?.summary)
      expect(parse(input.events)).toEqual(viewed(input.summary.requestId))
      expect(input.base === null).toBe(input.summary.counterfactualOf === null)
      if (input.base !== null) expect(parse(input.base.events)).toEqual(viewed(fixture.ids.base))
    })
    expect(batch.traces.some((t) => t.base !== null)).toBe(true)
  })

  it("builds manifest.json as exactly the canonical JSON of the whole manifest", async () => {
    const spill = await SpillFile.create(join(fixture.dir, "manifest-traces.partial"))
    const list = new ManifestTraceList(spill)
    for (const [i, trace] of traces.entries()) {
      list.add(trace)
      if (i % 4 === 0) await list.flush()
    }
    const members: Omit<Manifest, "traces"> = {
      format: "fiskai-audit-bundle",
      formatVersion: 1,
      app: { name: "FiskAI Workstation", version: "0.1.0" },
      exportedAt: "2025-06-02T08:00:00.000Z",
      exportedBy: { osUser: "ana", firmName: "Računovodstvo Šćepanović & Žužić d.o.o." },
      selection: { outcome: "ANSWER" },
      signing: { algorithm: "Ed25519", publicKeyPem: "PEM", fingerprint: "ab12", signatureFile: "manifest.sig" },
      chain: { formula: "f", genesis: "0".repeat(64) },
      files: [{ path: "events.jsonl", sha256: "a".repeat(64), bytes: 3 }],
    }
    const whole = {
      ...members,
      traces: traces.map(({ summary, role }) => ({
        requestId: summary.requestId,
        role,
        chainHead: summary.chainHead,
        eventCount: summary.eventCount,
        packHash: summary.packHash,
        counterfactualOf: summary.counterfactualOf,
      })),
    }
    const bytes = await list.manifest(members)
    await spill.remove()
    expect(bytes.toString("utf8")).toBe(canonicalJson(whole))
  })
})
