import { readFileSync } from "node:fs"
import { loadavg } from "node:os"
import { performance } from "node:perf_hooks"
import { connectFirm, type FirmConnection, type FirmDb } from "../../src-main/firm/firm-db"
import { firmHistoryPage, type FirmHistoryRequest } from "../../src-main/firm/firm-history"
import { parseFirmUrl } from "../../src-main/firm/firm-url"
import { syncOnce } from "../../src-main/firm/sync"
import { TRACE_LANES } from "../../src-main/firm/up-traces"
import { startPgCluster, type PgCluster } from "../support/pg-cluster"
import { addDesk, applyFirmMigrations } from "../../src-main/firm/server-schema"
import { adminClient, initFirm, openDesk, recordRuns, type TestDesk } from "../support/pg-desks"
import type { BenchRow } from "./types"

// The firm's figures (issue 25), against a local PostgreSQL with durable commits (fsync on):
//  - sync throughput: a desk's finished runs (real engine events, chained) up to the firm over one
//    connection and over TRACE_LANES, and all of them down to another desk, in traces/s, each
//    with the server's chain check, and the CPU time on either side (the load changes the rate);
//  - the firm-wide history page (50 rows) over 1,000,000 traces, p95: first pages, one desk's,
//    one outcome's, and pages deep in the history by cursor. The million rows are made on the
//    server with generate_series (not through sync), with its triggers off for that insert only.

const SYNCED_RUNS = 5_000
const HISTORY_ROWS = 1_000_000
const DESKS = ["bench_a", "bench_b", "bench_c", "bench_d"]
const OUTCOMES = ["ANSWER", "QUALIFIED_ANSWER", "CONDITIONAL_ANSWER", "REFUSAL", "ERROR"]

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN
}

interface SyncTiming {
  seconds: number
  /** CPU time of this process and of the desk's server process: what the wall time means on a busy machine. */
  clientCpuMs: number
  serverCpuMs: number
}

/** Linux's USER_HZ: /proc counts CPU time in these ticks. */
const CLOCK_TICKS = 100

/** CPU time (user + system) of a local process so far, from /proc (Linux; the bench's own cluster). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? []
  // utime and stime are fields 14 and 15 of the line, counted from the state after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
}

/** A desk's URL on `database` of the bench's cluster (each database is a firm). */
function deskUrl(cluster: PgCluster, desk: string, database: string): string {
  return cluster.url(desk).replace("/postgres?", `/${database}?`)
}

/** A second firm on the cluster, for the one-connection figure: its desk then has nothing to take down. */
async function separateFirm(cluster: PgCluster, database: string, desk: string): Promise<void> {
  const admin = await adminClient(cluster)
  try {
    await admin.query(`CREATE DATABASE ${database}`)
  } finally {
    await admin.end()
  }
  const there = await connectFirm(parseFirmUrl(deskUrl(cluster, cluster.adminUser, database)))
  try {
    await applyFirmMigrations(there)
    await addDesk(there, desk)
  } finally {
    await there.end()
  }
}

/** A desk's connection whose server process's CPU time is added to `cpu.ms` when it ends. */
async function measuredConnection(url: string, cpu: { ms: number }): Promise<FirmConnection> {
  const db = await connectFirm(parseFirmUrl(url))
  const pid = Number((await db.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid)
  const before = processCpuMs(pid)
  return {
    ...db,
    end: async () => {
      cpu.ms += processCpuMs(pid) - before
      await db.end()
    },
  }
}

/** One sync of `desk` over `lanes` connections at most (1: the code before issue 25's lanes). */
async function timedSync(cluster: PgCluster, desk: TestDesk, lanes: number, database = "postgres"): Promise<SyncTiming> {
  const server = { ms: 0 }
  const url = deskUrl(cluster, desk.name, database)
  const db = await measuredConnection(url, server)
  const clientBefore = process.cpuUsage()
  const started = performance.now()
  try {
    await syncOnce(db, desk.store.sqlite, { batchSize: 500, lanes, openLane: () => measuredConnection(url, server) })
  } finally {
    await db.end()
  }
  const seconds = (performance.now() - started) / 1000
  const client = process.cpuUsage(clientBefore)
  return { seconds, clientCpuMs: (client.user + client.system) / 1000, serverCpuMs: server.ms }
}

function cpuRows(direction: string, timing: SyncTiming, traces: number): BenchRow[] {
  const per = (ms: number) => (ms * 1000) / traces
  return [
    { name: `firm: sync ${direction}, desk CPU per 1000 traces`, value: per(timing.clientCpuMs), unit: "ms" },
    { name: `firm: sync ${direction}, server CPU per 1000 traces`, value: per(timing.serverCpuMs), unit: "ms" },
  ]
}

// Up is measured twice in the same run, back to back: over one connection (as before issue 25's
// lanes) and over TRACE_LANES connections (what the app does), each from its own desk to its own
// firm database, so that neither sync also takes the other's runs down.
async function syncRows(cluster: PgCluster): Promise<BenchRow[]> {
  const one = openDesk("bench_a")
  const up = openDesk("bench_d")
  const down = openDesk("bench_b")
  try {
    await recordRuns(one, SYNCED_RUNS)
    await recordRuns(up, SYNCED_RUNS)
    await separateFirm(cluster, "bench_one", one.name)
    const oneTiming = await timedSync(cluster, one, 1, "bench_one")
    const upTiming = await timedSync(cluster, up, TRACE_LANES)
    const downTiming = await timedSync(cluster, down, TRACE_LANES)
    const oneRate = SYNCED_RUNS / oneTiming.seconds
    const upRate = SYNCED_RUNS / upTiming.seconds
    const downRate = SYNCED_RUNS / downTiming.seconds
    return [
      { name: `firm: sync up, ${SYNCED_RUNS} runs, one connection`, value: oneRate, unit: "traces/s" },
      ...cpuRows("up (one connection)", oneTiming, SYNCED_RUNS),
      { name: `firm: sync up, ${SYNCED_RUNS} runs, ${TRACE_LANES} connections`, value: upRate, unit: "traces/s", goal: ">= 2000", pass: upRate >= 2000 },
      ...cpuRows("up", upTiming, SYNCED_RUNS),
      { name: `firm: sync down, ${SYNCED_RUNS} runs from local PostgreSQL`, value: downRate, unit: "traces/s", goal: ">= 2000", pass: downRate >= 2000 },
      ...cpuRows("down", downTiming, SYNCED_RUNS),
      { name: "firm: machine load (1 min) after the syncs", value: loadavg()[0] ?? 0, unit: "" },
    ]
  } finally {
    one.close()
    up.close()
    down.close()
  }
}

async function fillHistory(admin: FirmDb): Promise<void> {
  // Only the administrator's session skips the triggers, for rows that have no events to check.
  await admin.query("SET session_replication_role = replica")
  await admin.query(
    `INSERT INTO firm.traces (desk, request_id, created_at, question, as_of_date, request_json, pack_id, pack_version, pack_hash,
       outcome, risk_tier, confidence, chain_head, event_count)
     SELECT ($1::text[])[1 + i % 4], 'gen-' || i,
            to_char(timestamp '2024-01-01' + i * interval '30 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'Pitanje broj ' || i, '2025-06-01', '{}', 'hr-core', '2.0.0', repeat('a', 64),
            ($2::text[])[1 + i % 5], 'T' || (i % 3), (i % 100) / 100.0, repeat('b', 64), 12
     FROM generate_series(1, $3::int) AS i`,
    [DESKS, OUTCOMES, HISTORY_ROWS],
  )
  await admin.query("SET session_replication_role = origin")
  await admin.query("ANALYZE firm.traces")
}

/** Cursors deep in the history: pages after rows spread over the whole range. */
async function deepCursors(db: FirmDb, count: number): Promise<string[]> {
  const cursors: string[] = []
  for (let i = 0; i < count; i += 1) {
    const offset = Math.floor(((i + 0.5) / count) * (HISTORY_ROWS - 100))
    const row = (await db.query<{ created_at: string; id: string }>("SELECT created_at, id FROM firm.traces ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1", [offset])).rows[0]
    if (row === undefined) continue
    cursors.push(Buffer.from(JSON.stringify([row.created_at, Number(row.id)])).toString("base64url"))
  }
  return cursors
}

async function historyRows(cluster: PgCluster): Promise<BenchRow[]> {
  const admin = await adminClient(cluster)
  try {
    await fillHistory(admin)
  } finally {
    await admin.end()
  }
  const db = await connectFirm(parseFirmUrl(cluster.url("bench_c")))
  try {
    const cursors = await deepCursors(db, 20)
    const requests: FirmHistoryRequest[] = []
    for (let i = 0; i < 300; i += 1) {
      const kind = i % 4
      const cursor = cursors[i % cursors.length]
      if (kind === 0) requests.push({})
      else if (kind === 1) requests.push({ desk: DESKS[i % DESKS.length] ?? "bench_a" })
      else if (kind === 2) requests.push({ outcome: OUTCOMES[i % OUTCOMES.length] ?? "ANSWER" })
      else requests.push(cursor === undefined ? {} : { cursor })
    }
    for (const request of requests.slice(0, 20)) await firmHistoryPage(db, request)
    const times: number[] = []
    for (const request of requests) {
      const started = performance.now()
      await firmHistoryPage(db, { ...request, limit: 50 })
      times.push(performance.now() - started)
    }
    const p95 = percentile(times, 0.95)
    return [{ name: "firm: history page (50) over 1,000,000 traces, p95", value: p95, unit: "ms", goal: "< 20 ms", pass: p95 < 20 }]
  } finally {
    await db.end()
  }
}

export async function runFirmBench(): Promise<BenchRow[]> {
  const cluster = await startPgCluster({ durable: true })
  try {
    await initFirm(cluster, DESKS)
    return [...(await syncRows(cluster)), ...(await historyRows(cluster))]
  } finally {
    await cluster.stop()
  }
}
