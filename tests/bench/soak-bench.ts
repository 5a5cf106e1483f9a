import { heapGrowth } from "../unit/hardening/support/soak-memory"
import { runSoak } from "../unit/hardening/support/soak-driver"
import type { BenchRow } from "./types"

// The full soak (issue 7): 20,000 runs in one process through the real services, counterfactuals
// and exports interleaved. FISKAI_SOAK_RUNS overrides the size. Every chain is checked; one run in
// twenty is also replayed (replaying all 20,000 would only measure the verifier).

const HEAP_GROWTH_GOAL_MB = 16

export async function runSoakBench(): Promise<BenchRow[]> {
  const runs = Number(process.env["FISKAI_SOAK_RUNS"] ?? 20_000)
  const report = await runSoak({ runs, counterfactualEvery: 40, exportEvery: 2_000, memorySamples: 20, replayEvery: 20, log: (line) => console.log(`  ${line}`) })
  const first = report.memory[0]
  const last = report.memory[report.memory.length - 1]
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
  const growth = mb(heapGrowth(report.memory).growthBytes)
  const problemList = [...report.lostEvents, ...report.chainProblems, ...report.replayProblems, ...report.unfinished, ...report.failures]
  for (const problem of problemList.slice(0, 10)) console.log(`  soak problem: ${problem}`)
  const problems = problemList.length
  return [
    { name: `soak: ${runs} runs (+${report.counterfactuals} what-if, ${report.exports} exports)`, value: report.runsPerSecond, unit: "runs/s" },
    { name: "soak: RSS at start (after GC)", value: mb(first?.rssBytes ?? 0), unit: "MB" },
    { name: "soak: RSS at end (after GC)", value: mb(last?.rssBytes ?? 0), unit: "MB" },
    { name: "soak: heap growth from 25 % to 100 % of the runs", value: growth, unit: "MB", goal: `< ${HEAP_GROWTH_GOAL_MB} MB`, pass: growth < HEAP_GROWTH_GOAL_MB },
    { name: "soak: events lost, chains broken, replays differing, failures", value: problems, unit: "count", goal: "0", pass: problems === 0 },
  ]
}
