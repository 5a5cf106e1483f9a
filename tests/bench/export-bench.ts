import { spawnSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildAnswerWithReasoning } from "../../src-main/engine/pipeline"
import { loadPackFile } from "../../src-main/knowledge/loader"
import { chainHash, GENESIS_HASH } from "../../src-main/store/hash-chain"
import { TraceService } from "../../src-main/store/runs"
import { openStore, type Store } from "../../src-main/store/store"
import type { BenchRow } from "./types"

// Audit export at scale (issue 6): 100,000 traces (FISKAI_BENCH_EXPORT_TRACES overrides) exported
// by the real worker in a child process, so its peak RSS is the export's alone. The database is
// seeded with real engine runs, cloned under new ids with their hash chains recomputed.

const TEMPLATE_QUESTIONS: Array<{ question: string; asOfDate: string; clarifications?: string[] }> = [
  { question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?", asOfDate: "2025-06-01" },
  { question: "Koja je stopa PDV-a?", asOfDate: "2025-06-01" },
  { question: "Koji je rok za predaju PDV prijave?", asOfDate: "2026-03-01" },
  { question: "Koliko je porez na dobit?", asOfDate: "2025-06-01", clarifications: ["da"] },
  { question: "Koji je porez u Njemačkoj?", asOfDate: "2025-06-01" },
  { question: "Mogu li ostati paušalni obrt?", asOfDate: "2025-06-01", clarifications: ["da"] },
  { question: "Koliki su doprinosi za obrt?", asOfDate: "2025-06-01", clarifications: ["da"] },
  { question: "Moram li ući u sustav PDV-a?", asOfDate: "2025-06-01", clarifications: ["da"] },
]

interface TemplateTrace {
  requestId: string
  row: Record<string, unknown>
  events: Array<{ seq: number; stage: string; status: string; ts: string; json: string }>
}

async function seed(store: Store, count: number): Promise<void> {
  const pack = loadPackFile(join(import.meta.dirname, "..", "..", "resources", "packs", "hr-core.json"))
  const service = new TraceService({ store, engine: buildAnswerWithReasoning, pack })
  for (const q of TEMPLATE_QUESTIONS)
    await service.ask({ question: q.question, asOfDate: q.asOfDate }, { clarifications: q.clarifications ?? [] })
  const { sqlite } = store
  const templates: TemplateTrace[] = (sqlite.prepare("SELECT * FROM traces ORDER BY id").all() as Array<Record<string, unknown>>).map((row) => ({
    requestId: String(row.request_id),
    row,
    events: sqlite
      .prepare("SELECT seq, stage, status, ts, event_json AS json FROM events WHERE request_id = ? ORDER BY seq")
      .all(String(row.request_id)) as TemplateTrace["events"],
  }))
  const columns = Object.keys(templates[0]?.row ?? {}).filter((c) => c !== "id")
  const insertTrace = sqlite.prepare(`INSERT INTO traces (${columns.join(", ")}) VALUES (${columns.map((c) => `@${c}`).join(", ")})`)
  const insertEvent = sqlite.prepare(
    "INSERT INTO events (request_id, seq, stage, status, ts, event_json, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  )
  sqlite.pragma("synchronous = OFF")
  const start = Date.parse("2025-01-01T00:00:00.000Z")
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const template = templates[i % templates.length]
      if (template === undefined) throw new Error("no template traces")
      const id = `bench-${String(i).padStart(6, "0")}-${template.requestId.slice(0, 8)}`
      let prev = GENESIS_HASH
      const rows = template.events.map((event) => {
        // The template id appears only as a JSON string value; replacing it keeps the form canonical.
        const json = event.json.split(template.requestId).join(id)
        const hash = chainHash(prev, json)
        const row = [id, event.seq, event.stage, event.status, event.ts, json, prev, hash] as const
        prev = hash
        return row
      })
      const { id: _rowId, ...row } = template.row
      insertTrace.run({
        ...row,
        request_id: id,
        created_at: new Date(start + i * 1000).toISOString(),
        request_json: String(template.row.request_json).split(template.requestId).join(id),
        chain_head: prev,
      })
      for (const event of rows) insertEvent.run(...event)
    }
  })
  for (let from = templates.length; from < count; from += 5000) batch(from, Math.min(count, from + 5000))
  sqlite.pragma("synchronous = FULL")
}

export async function runExportBench(): Promise<BenchRow[]> {
  const count = Number(process.env.FISKAI_BENCH_EXPORT_TRACES ?? 100_000)
  const dir = mkdtempSync(join(tmpdir(), "fiskai-export-bench-"))
  try {
    const dbPath = join(dir, "bench.sqlite")
    const store = openStore({ path: dbPath })
    try {
      await seed(store, count)
    } finally {
      store.close()
    }
    const child = spawnSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "export-bench-child.ts"), dbPath, join(dir, "bench.zip"), join(dir, "keys")], {
      encoding: "utf8",
      maxBuffer: 1024 * 1024,
    })
    if (child.status !== 0) throw new Error(`export child failed: ${child.stderr.slice(-2000)}`)
    const result = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}") as { ms: number; traceCount: number; bytes: number; maxRssMb: number }
    const rate = result.traceCount / (result.ms / 1000)
    return [
      { name: `export: ${result.traceCount} traces to a signed bundle`, value: rate, unit: "traces/s", goal: ">= 5000", pass: rate >= 5000 },
      { name: "export: peak RSS of the exporting process", value: result.maxRssMb, unit: "MB", goal: "< 300", pass: result.maxRssMb < 300 },
      { name: "export: bundle size", value: result.bytes / 1024 / 1024, unit: "MB" },
    ]
  } finally {
    if (process.env.FISKAI_BENCH_KEEP === undefined) rmSync(dir, { recursive: true, force: true })
    else console.log("kept", dir)
  }
}
