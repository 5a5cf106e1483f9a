import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import type { Services } from "../../../../src-main/composition/services"

// Memory as the soak measures it: after every run has settled and after a full GC (exposed at run
// time when the process was not started with --expose-gc), so the figures show what is retained.

export interface MemorySample {
  afterRuns: number
  rssBytes: number
  heapUsedBytes: number
}

export type Gc = () => void

export function exposeGc(): Gc | null {
  const existing = (globalThis as { gc?: Gc }).gc
  if (typeof existing === "function") return existing
  try {
    setFlagsFromString("--expose-gc")
    const gc = runInNewContext("gc") as unknown
    return typeof gc === "function" ? (gc as Gc) : null
  } catch {
    return null
  }
}

export async function sampleMemory(afterRuns: number, services: Services, gc: Gc | null): Promise<MemorySample> {
  await services.runs.settled()
  // Two rounds: finalizers of the first free more in the second.
  for (let round = 0; round < 2; round++) {
    gc?.()
    await new Promise((resolve) => setImmediate(resolve))
  }
  const usage = process.memoryUsage()
  return { afterRuns, rssBytes: usage.rss, heapUsedBytes: usage.heapUsed }
}

/** Heap growth between the sample nearest 25 % of the runs and the last one. */
export function heapGrowth(samples: readonly MemorySample[]): { fromBytes: number; toBytes: number; growthBytes: number } {
  const last = samples[samples.length - 1]
  if (last === undefined) return { fromBytes: 0, toBytes: 0, growthBytes: 0 }
  const quarter = last.afterRuns / 4
  const from = samples.reduce((best, s) => (Math.abs(s.afterRuns - quarter) < Math.abs(best.afterRuns - quarter) ? s : best), last)
  return { fromBytes: from.heapUsedBytes, toBytes: last.heapUsedBytes, growthBytes: last.heapUsedBytes - from.heapUsedBytes }
}
