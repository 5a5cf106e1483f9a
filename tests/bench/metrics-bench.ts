import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildAnswerWithReasoning } from "../../src-main/engine/pipeline"
import { loadPackFile } from "../../src-main/knowledge/loader"
import { RunService } from "../../src-main/runs/run-service"
import { dashboardMetrics } from "../../src-main/store/metrics"
import { openStore } from "../../src-main/store/store"
import type { BenchRow } from "./types"

// The dashboard's figures (issue 23) over a store of real engine runs spread over 90 days: how long
// the one `metrics.dashboard` read takes for each period the screen offers.

const ROOT = join(import.meta.dirname, "..", "..")
const QUESTIONS = [
  "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
  "Kolika je opća stopa PDV-a?",
  "What is the VAT rate in Germany?",
  "Koji je rok za predaju prijave poreza na dobit?",
  "porez",
]

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0
}

export async function runMetricsBench(count = Number(process.env["FISKAI_METRICS_BENCH_RUNS"] ?? 10_000)): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-metrics-bench-"))
  const end = Date.parse("2026-03-31T18:00:00Z")
  const step = Math.floor((90 * 86_400_000) / count)
  let tick = end - count * step
  const store = openStore({ path: join(dir, "metrics.sqlite"), clock: () => new Date((tick += step / 40)) })
  try {
    const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: loadPackFile(join(ROOT, "resources", "packs", "hr-core.json")) })
    const buildStart = performance.now()
    for (let i = 0; i < count; i++) await service.ask({ question: QUESTIONS[i % QUESTIONS.length] ?? "porez", asOfDate: "2025-06-01" })
    const buildSeconds = (performance.now() - buildStart) / 1000
    const now = new Date(end)
    const rows: BenchRow[] = [{ name: `metrics: store of ${count} engine runs over 90 days, built`, value: buildSeconds, unit: "s" }]
    for (const days of [7, 30, 90] as const) {
      const times: number[] = []
      for (let round = 0; round < 15; round++) {
        const start = performance.now()
        dashboardMetrics(store, { days, bucket: days === 90 ? "week" : "day" }, now)
        times.push(performance.now() - start)
      }
      const p95 = percentile(times, 0.95)
      rows.push({ name: `metrics: dashboard, last ${days} days, p50`, value: percentile(times, 0.5), unit: "ms" })
      rows.push({ name: `metrics: dashboard, last ${days} days, p95`, value: p95, unit: "ms", goal: "< 500 ms", pass: p95 < 500 })
    }
    return rows
  } finally {
    store.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
