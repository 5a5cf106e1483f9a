import { startExport } from "../../src-main/export/export-runner"

// Child process of export-bench.ts: one export through the real worker; prints its figures as JSON.

const [dbPath, outPath, keyDir] = process.argv.slice(2)
if (dbPath === undefined || outPath === undefined || keyDir === undefined) throw new Error("usage: export-bench-child DB OUT KEYDIR")
const started = performance.now()
const result = await startExport({ dbPath, selection: {}, outPath, userDataDir: keyDir }).result
const ms = performance.now() - started
// maxRSS (KiB) covers the whole process: main thread, the export worker and zlib's threads.
console.log(JSON.stringify({ ms, traceCount: result.traceCount, bytes: result.bytes, maxRssMb: process.resourceUsage().maxRSS / 1024 }))
