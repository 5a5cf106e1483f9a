import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { eventId, type ReasoningEvent } from "../../src-shared/events/event"
import { buildAnswerWithReasoning } from "../../src-main/engine/pipeline"
import { loadPackFile, type LoadedPack } from "../../src-main/knowledge/loader"
import { openStore, type Store } from "../../src-main/store/store"
import { TraceWriter } from "../../src-main/store/trace-writer"
import { chainEvent, GENESIS_HASH } from "../../src-main/trace/hash-chain"
import { summarizeEvent, type TracePatch } from "../../src-main/trace/summary"
import { newRequestId } from "../../src-main/util/request-id"
import { addDesk, applyFirmMigrations } from "../../src-main/firm/server-schema"
import type { FirmConnection } from "../../src-main/firm/firm-db"
import type { PgCluster } from "./pg-cluster"

// Desks for the firm tests and bench: real SQLite stores in temp folders holding real runs (the
// engine's events over the shipped pack, chained and written by the store's own writer), and a
// firm server with its schema and one role per desk.

const ROOT = join(import.meta.dirname, "..", "..")
const AS_OF = "2025-06-01"
export const QUESTIONS = [
  "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
  "Kolika je opća stopa PDV-a?",
  "What is the VAT registration threshold?",
]

let pack: LoadedPack | null = null
export function corePack(): LoadedPack {
  pack ??= loadPackFile(join(ROOT, "resources", "packs", "hr-core.json"))
  return pack
}

const templates = new Map<string, ReasoningEvent[]>()

/** The engine's events for a question, once; copies are renamed per run. */
export async function templateRun(question: string): Promise<ReasoningEvent[]> {
  const known = templates.get(question)
  if (known !== undefined) return known
  const events: ReasoningEvent[] = []
  for await (const e of buildAnswerWithReasoning({ requestId: "template", question, asOfDate: AS_OF }, { pack: corePack(), clock: () => new Date() }))
    events.push(e)
  templates.set(question, events)
  return events
}

export interface TestDesk {
  name: string
  dir: string
  store: Store
  close(): void
}

export function openDesk(name: string): TestDesk {
  const dir = mkdtempSync(join(tmpdir(), `fiskai-firm-${name}-`))
  const store = openStore({ path: join(dir, "fiskai.sqlite") })
  return {
    name,
    dir,
    store,
    close: () => {
      store.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Records `count` complete runs at a desk, as the audit sink would; returns their request ids. */
export async function recordRuns(desk: TestDesk, count: number, start = 0): Promise<string[]> {
  const writer = new TraceWriter(desk.store)
  const ids: string[] = []
  for (let i = 0; i < count; i += 1) {
    const question = QUESTIONS[(start + i) % QUESTIONS.length] ?? ""
    const requestId = newRequestId()
    const events = (await templateRun(question)).map((e) => ({ ...e, requestId, id: eventId(requestId, e.seq) }))
    let head = GENESIS_HASH
    const patch: TracePatch = {}
    const persisted = events.map((event) => {
      const chained = chainEvent(head, event)
      head = chained.hash
      summarizeEvent(event, patch, "hr")
      return { event, chained }
    })
    writer.commit({
      requestId,
      create: { requestId, createdAt: new Date().toISOString(), question, asOfDate: AS_OF, requestJson: JSON.stringify({ requestId, question, asOfDate: AS_OF }), clientId: null, counterfactualOf: null, locale: "hr", pack: corePack() },
      events: persisted,
      settle: { status: "complete", patch, chainHead: head, eventCount: events.length },
      durable: false,
    })
    ids.push(requestId)
  }
  return ids
}

/** The firm's schema on the cluster and a role per desk. */
export async function initFirm(cluster: PgCluster, desks: readonly string[]): Promise<void> {
  const admin = await adminClient(cluster)
  try {
    await applyFirmMigrations(admin)
    for (const desk of desks) await addDesk(admin, desk)
  } finally {
    await admin.end()
  }
}

export async function adminClient(cluster: PgCluster): Promise<FirmConnection> {
  const client = new pg.Client({ connectionString: cluster.url(cluster.adminUser) })
  client.on("error", () => undefined)
  await client.connect()
  return {
    query: async <R extends object>(text: string, values?: readonly unknown[]) => {
      const result = await client.query(text, values === undefined ? undefined : [...values])
      return { rows: result.rows as R[], rowCount: result.rowCount }
    },
    end: () => client.end().catch(() => undefined),
  }
}
