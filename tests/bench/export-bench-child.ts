import { startExport } from "../../src-main/export/export-runner"

// Child process of export-bench.ts: one export through the real worker; prints its figures as JSON.
// The bench runs it built (as the app runs its worker), so no TypeScript loader is measured.

const [dbPath, outPath, keyDir] = process.argv.slice(2)
if (dbPath === undefined || outPath === undefined || keyDir === undefined) throw new Error("usage: export-bench-child DB OUT KEYDIR")
const started = performance.now()
const result = await startExport({ dbPath, selection: {}, outPath, userDataDir: keyDir }).result
const ms = performance.now() - started
// maxRSS (KiB) and the CPU times cover the whole process: main thread, the export worker, the
// report workers and zlib's threads.
const usage = process.resourceUsage()
console.log(
  JSON.stringify({
    ms,
    traceCount: result.traceCount,
    bytes: result.bytes,
    maxRssMb: usage.maxRSS / 1024,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
  }),
)
