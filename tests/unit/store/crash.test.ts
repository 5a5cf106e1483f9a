import Database from "better-sqlite3"
import { spawn } from "node:child_process"
import { join } from "node:path"
import { afterAll, describe, expect, test } from "vitest"
import { verifyChain } from "../../../src-main/trace/chain-verify"
import { eventsOfRequestSql } from "../../../src-main/store/event-keys"
import { openStore } from "../../../src-main/store/store"
import { realService } from "./engine-fixtures"
import { tempDbPath } from "./fixtures"

// A writer process (crash-child.ts under Node 22 with tsx's loader) is killed with SIGKILL at
// random moments, again and again on the same database. After each kill the database must pass
// integrity_check, every chain must verify, every run the writer reported complete must be
// there whole, and every trace must be searchable (indexed, or queued for the index). Two lanes
// (two databases) run side by side to keep the test short: one writer runs the engine in process
// (a commit at every stage boundary, as the CLI), the other on the engine thread (as the app: stage
// boundaries that arrive together share a commit).
//
// Starting a writer (Node, tsx, the pack, the engine thread) takes far longer than its life, so
// each lane starts the next writer while the current one writes; the next one loads everything
// but waits for "go" before it opens the database, which it is told only after the previous
// writer is dead and the database checked. A kill "during startup" therefore lands in what touches
// the database: opening, migrating, marking interrupted runs.
//
// The child is `node --import tsx`, not the `tsx` command: the tsx command runs the script in a
// second process and only relays signals, and SIGKILL cannot be relayed.

const ROOT = join(import.meta.dirname, "..", "..", "..")
const BIN = join(ROOT, "node_modules", ".bin")
const CHILD = join(import.meta.dirname, "crash-child.ts")
const KILLS_PER_LANE = 25
const LANES = 2

const living = new Set<ReturnType<typeof spawn>>()
afterAll(() => {
  // A timed-out test must not leave writers behind.
  for (const child of living) child.kill("SIGKILL")
})

type EngineKind = "in-process" | "engine-thread"

interface Life {
  completed: string[]
  /** ms between the chosen moment and the kill; null when killed during startup. */
  killedAfterMs: number | null
}

/** A writer started and warming up; it opens the database when `live` tells it to go. */
interface Writer {
  child: ReturnType<typeof spawn>
  /** Resolves once the writer has loaded everything and waits for "go". */
  warm: Promise<void>
  /** Everything the writer printed so far. */
  output(): string
  /** Rejects if the writer stops by itself (anything but SIGKILL); resolves with its output. */
  exit: Promise<string>
}

function startWriter(dbPath: string, engine: EngineKind): Writer {
  const child = spawn(join(BIN, "node"), ["--import", "tsx", CHILD, dbPath, engine], {
    cwd: ROOT,
    env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ""}` },
    stdio: ["pipe", "pipe", "pipe"],
  })
  living.add(child)
  let out = ""
  let stderr = ""
  let markWarm: () => void = () => undefined
  const warm = new Promise<void>((resolve) => (markWarm = resolve))
  child.stdout.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8")
    if (out.includes("warm ")) markWarm()
  })
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")))
  const exit = new Promise<string>((resolve, reject) => {
    child.on("error", reject)
    child.on("exit", (_code, signal) => {
      living.delete(child)
      if (signal !== "SIGKILL") reject(new Error(`the writer stopped by itself: ${stderr}`))
      else resolve(out)
    })
  })
  // Handled where the writer lives; this keeps an early death from being an unhandled rejection.
  exit.catch(() => undefined)
  return { child, warm, output: () => out, exit }
}

/** Tells a warm writer to go and kills it at a random moment: usually mid-run, sometimes while it opens the database. */
async function live(writer: Writer, random: () => number): Promise<Life> {
  await Promise.race([writer.warm, writer.exit])
  const { child } = writer
  let killedAfterMs: number | null = null
  const kill = () => child.kill("SIGKILL")
  child.stdin?.write("go\n")
  // One life in ten dies during startup (opening, migrating, marking interrupted runs).
  if (random() < 0.1) setTimeout(kill, random() * 300)
  // Otherwise it dies after it has reported 0-2 more runs complete, 0-30 ms into whatever it
  // is writing then: progress-based, so every life does real work whatever the machine's speed.
  const completionsBeforeKill = Math.floor(random() * 3)
  const onOutput = () => {
    const out = writer.output()
    if (killedAfterMs !== null || !out.includes("ready")) return
    const completions = out.split("\ncomplete ").length - 1
    if (completions < completionsBeforeKill) return
    killedAfterMs = Math.floor(random() * 30)
    setTimeout(kill, killedAfterMs)
  }
  child.stdout?.on("data", onOutput)
  onOutput()
  const out = await writer.exit
  // Only whole lines count: the kill may cut the last one.
  const lines = out.split("\n").slice(0, -1)
  return { completed: lines.filter((l) => l.startsWith("complete ")).map((l) => l.slice(9)), killedAfterMs }
}

interface TraceState {
  request_id: string
  status: string
  chain_head: string | null
  event_count: number
}

function checkDatabase(dbPath: string, reportedComplete: ReadonlySet<string>): { traces: number } {
  // Reopening is what the app does after a crash: migrations, and running runs marked interrupted.
  openStore({ path: dbPath }).close()
  const db = new Database(dbPath, { readonly: true })
  try {
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok")
    const traces = db.prepare("SELECT request_id, status, chain_head, event_count FROM traces").all() as TraceState[]
    const rowsOf = db.prepare(`SELECT seq, event_json AS eventJson, prev_hash AS prevHash, hash FROM events e WHERE ${eventsOfRequestSql("e", "@id")} ORDER BY e.id`)
    const byId = new Map(traces.map((t) => [t.request_id, t]))
    for (const trace of traces) {
      expect(trace.status).not.toBe("running")
      const problem = verifyChain(rowsOf.all({ id: trace.request_id }) as never[], { requestId: trace.request_id, chainHead: trace.chain_head, eventCount: trace.event_count })
      expect(problem, `trace ${trace.request_id}`).toBeNull()
    }
    for (const id of reportedComplete) {
      const trace = byId.get(id)
      expect(trace?.status, `reported complete: ${id}`).toBe("complete")
      const last = db.prepare("SELECT stage FROM events WHERE request_id = ? ORDER BY seq DESC LIMIT 1").get(id) as { stage: string }
      expect(["ANSWER", "QUALIFIED_ANSWER", "CONDITIONAL_ANSWER", "REFUSAL", "ERROR"]).toContain(last.stage)
    }
    // Every trace that left `running` is in the search index or still queued for it.
    const unsearchable = db
      .prepare(
        `SELECT count(*) FROM traces t WHERE NOT EXISTS (SELECT 1 FROM traces_search_pending p WHERE p.trace_id = t.id)
           AND NOT EXISTS (SELECT 1 FROM traces_fts_docsize d WHERE d.id = t.id)`,
      )
      .pluck()
      .get()
    expect(unsearchable).toBe(0)
    return { traces: traces.length }
  } finally {
    db.close()
  }
}

async function lane(seed: number, engine: EngineKind): Promise<{ kills: number; completed: Set<string>; dbPath: string; midRunKills: number }> {
  let state = seed
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648)
  const dbPath = tempDbPath()
  const completed = new Set<string>()
  let midRunKills = 0
  let next = startWriter(dbPath, engine)
  for (let kill = 0; kill < KILLS_PER_LANE; kill++) {
    const writer = next
    const lifeDone = live(writer, random)
    // The next writer warms up meanwhile; it waits for "go" before it opens the database.
    if (kill + 1 < KILLS_PER_LANE) next = startWriter(dbPath, engine)
    const life = await lifeDone
    for (const id of life.completed) completed.add(id)
    if (life.killedAfterMs !== null) midRunKills += 1
    checkDatabase(dbPath, completed)
  }
  return { kills: KILLS_PER_LANE, completed, dbPath, midRunKills }
}

describe("crash safety", () => {
  test(
    `SIGKILL at random moments, ${KILLS_PER_LANE * LANES} times: the database stays sound and reported runs stay whole`,
    async () => {
      const lanes = await Promise.all(Array.from({ length: LANES }, (_, i) => lane(20250601 + i, i % 2 === 0 ? "in-process" : "engine-thread")))
      expect(lanes.reduce((sum, l) => sum + l.kills, 0)).toBeGreaterThanOrEqual(50)
      for (const l of lanes) {
        // Most kills landed while the writer was writing, and runs completed between them.
        expect(l.midRunKills).toBeGreaterThan(KILLS_PER_LANE / 2)
        expect(l.completed.size).toBeGreaterThan(0)
        // Finally a full verify (chain and replay) of a sample of the runs that survived.
        const service = realService(openStore({ path: l.dbPath }))
        for (const id of [...l.completed].slice(-20)) expect(await service.verify(id)).toMatchObject({ ok: true })
      }
    },
    // About a minute on an idle 2-core machine; the margin is for a loaded one.
    240_000,
  )
})
