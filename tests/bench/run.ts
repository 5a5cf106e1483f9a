// `npm run bench`: every speed and memory figure of the project in one report, each against its goal.
// Benches live beside this file; each exports a function returning BenchRow[]. Run one group with
// `npm run bench -- engine` (groups: engine, store, whatif, export, ui, soak, shadow, metrics, firm, documents).
import type { BenchRow } from "./types"

type Group = { name: string; load: () => Promise<() => Promise<BenchRow[]>> }

const groups: Group[] = [
  { name: "engine", load: async () => (await import("./engine-bench")).runEngineBench },
  { name: "store", load: async () => (await import("./store-bench")).runStoreBench },
  { name: "whatif", load: async () => (await import("./whatif-bench")).runWhatifBench },
  { name: "export", load: async () => (await import("./export-bench")).runExportBench },
  { name: "ui", load: async () => (await import("./ui-bench")).runUiBench },
  { name: "soak", load: async () => (await import("./soak-bench")).runSoakBench },
  { name: "shadow", load: async () => (await import("./shadow-bench")).runShadowBench },
  { name: "firm", load: async () => (await import("./firm-bench")).runFirmBench },
  { name: "metrics", load: async () => (await import("./metrics-bench")).runMetricsBench },
  { name: "documents", load: async () => (await import("./documents-bench")).runDocumentsBench },
]

function format(row: BenchRow): string {
  const value = Number.isInteger(row.value) ? String(row.value) : row.value.toFixed(row.value < 10 ? 3 : 1)
  const verdict = row.pass === undefined ? "" : row.pass ? "  PASS" : "  MISS"
  const goal = row.goal ? `  (goal ${row.goal})` : ""
  return `  ${row.name.padEnd(58)} ${value.padStart(12)} ${row.unit.padEnd(10)}${goal}${verdict}`
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2)
  const unknown = wanted.filter((w) => !groups.some((g) => g.name === w))
  if (unknown.length > 0) {
    console.error(`bench: unknown group ${unknown.join(", ")} (groups: ${groups.map((g) => g.name).join(", ")})`)
    process.exitCode = 2
    return
  }
  const selected = wanted.length > 0 ? groups.filter((g) => wanted.includes(g.name)) : groups
  let misses = 0
  for (const group of selected) {
    console.log(`\n[${group.name}]`)
    try {
      const run = await group.load()
      for (const row of await run()) {
        console.log(format(row))
        if (row.pass === false) misses += 1
      }
    } catch (error) {
      console.log(`  failed: ${(error as Error).message}`)
      misses += 1
    }
  }
  console.log(`\n${misses === 0 ? "all goals met" : `${misses} goal(s) missed or failed`}`)
  // A missed goal is a failure a script or CI can see, not only a line to read (issue 20, item 8).
  if (misses > 0) process.exitCode = 1
}

await main()
