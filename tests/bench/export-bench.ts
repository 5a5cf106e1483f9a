import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { availableParallelism, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { build } from "vite"
import { buildAnswerWithReasoning } from "../../src-main/engine/pipeline"
import { loadPackFile } from "../../src-main/knowledge/loader"
import { RunService } from "../../src-main/runs/run-service"
import { openStore, type Store } from "../../src-main/store/store"
import { cloneTraces } from "../unit/export/clone-traces"
import type { BenchRow } from "./types"

// Audit export at scale (issue 6): 100,000 traces (FISKAI_BENCH_EXPORT_TRACES overrides) exported
// by the real worker in a child process, so its peak RSS is the export's alone. The child and the
// worker are built to plain JavaScript first, as the app ships them (electron-vite builds
// out/main/export-worker.js): a TypeScript loader in the measured process would cost memory and
// time the app never pays. The database is seeded with real engine runs, cloned under new ids
// with their hash chains recomputed. FISKAI_BENCH_EXPORT_DB=FILE exports that database instead of
// seeding one (e.g. one kept by FISKAI_BENCH_KEEP=1), to compare changes on the same data.

const ROOT = join(import.meta.dirname, "..", "..")

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

async function seed(store: Store, count: number): Promise<void> {
  const pack = loadPackFile(join(ROOT, "resources", "packs", "hr-core.json"))
  const service = new RunService({ store, engine: buildAnswerWithReasoning, pack })
  for (const q of TEMPLATE_QUESTIONS)
    await service.ask({ question: q.question, asOfDate: q.asOfDate }, { clarifications: q.clarifications ?? [] })
  cloneTraces(store.sqlite, count, { start: new Date("2025-01-01T00:00:00.000Z"), prefix: "bench" })
}

/** Builds the bench child and the export worker beside it (where export-runner looks for export-worker.js). */
async function buildChild(outDir: string): Promise<string> {
  await build({
    configFile: false,
    logLevel: "warn",
    root: ROOT,
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      minify: false,
      target: "node22",
      rollupOptions: {
        input: {
          "export-worker": join(ROOT, "src-main", "export", "export-worker.ts"),
          "export-bench-child": join(import.meta.dirname, "export-bench-child.ts"),
        },
        output: { format: "es", entryFileNames: "[name].js", chunkFileNames: "[name]-[hash].js" },
      },
    },
  })
  return join(outDir, "export-bench-child.js")
}

export async function runExportBench(): Promise<BenchRow[]> {
  const count = Number(process.env.FISKAI_BENCH_EXPORT_TRACES ?? 100_000)
  const dir = mkdtempSync(join(tmpdir(), "fiskai-export-bench-"))
  // Inside the project (git-ignored .tmp/), so the built files resolve the project's node_modules.
  mkdirSync(join(ROOT, ".tmp"), { recursive: true })
  const buildDir = mkdtempSync(join(ROOT, ".tmp", "export-bench-"))
  try {
    const dbPath = process.env.FISKAI_BENCH_EXPORT_DB ?? join(dir, "bench.sqlite")
    if (process.env.FISKAI_BENCH_EXPORT_DB === undefined) {
      const store = openStore({ path: dbPath })
      try {
        await seed(store, count)
      } finally {
        store.close()
      }
    }
    const child = await buildChild(buildDir)
    const loadBefore = loadavg()[0] ?? 0
    const run = spawnSync(process.execPath, [child, dbPath, join(dir, "bench.zip"), join(dir, "keys")], { encoding: "utf8", maxBuffer: 1024 * 1024 })
    const loadAfter = loadavg()[0] ?? 0
    if (run.status !== 0) throw new Error(`export child failed: ${run.stderr.slice(-2000)}`)
    const result = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as { ms: number; traceCount: number; bytes: number; maxRssMb: number; cpuSeconds: number }
    const rate = result.traceCount / (result.ms / 1000)
    const cores = availableParallelism()
    return [
      { name: `export: ${result.traceCount} traces to a signed bundle`, value: rate, unit: "traces/s", goal: ">= 5000", pass: rate >= 5000 },
      { name: "export: peak RSS of the exporting process", value: result.maxRssMb, unit: "MB", goal: "< 300", pass: result.maxRssMb < 300 },
      { name: "export: bundle size", value: result.bytes / 1024 / 1024, unit: "MB" },
      // The machine is shared: CPU time says what the export costs whatever else runs; at full use
      // of every core, this is the rate it would reach.
      { name: "export: CPU time (all threads) per trace", value: (result.cpuSeconds * 1e6) / result.traceCount, unit: "µs" },
      { name: `export: rate if all ${cores} cores were the export's`, value: (result.traceCount * cores) / result.cpuSeconds, unit: "traces/s" },
      { name: "machine load average (1 min) before the export", value: loadBefore, unit: "" },
      { name: "machine load average (1 min) after the export", value: loadAfter, unit: "" },
    ]
  } finally {
    rmSync(buildDir, { recursive: true, force: true })
    if (process.env.FISKAI_BENCH_KEEP === undefined) rmSync(dir, { recursive: true, force: true })
    else console.log("kept", dir)
  }
}
