import { readFileSync } from "node:fs"
import type Database from "better-sqlite3"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { loadPack, type LoadedPack } from "../../../src-main/knowledge/loader"
import type { RulePack } from "../../../src-main/knowledge/pack-schema"
import { RunService } from "../../../src-main/runs/run-service"
import { ClientsRepository } from "../../../src-main/store/clients-repo"
import type { Store } from "../../../src-main/store/store"
import { realPack, REAL_PACK_PATH } from "../../fixtures/packs"
import { eventKey, eventsOfRequestSql } from "../../../src-main/store/event-keys"
import { chainHash, GENESIS_HASH } from "../../../src-main/trace/hash-chain"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import { openTestStore, tempDbPath } from "../store/fixtures"

// A real trace store for the shadow's tests: questions asked through the run service with the real
// engine and the shipped pack, some for two clients; and candidate packs made from the shipped
// pack with one hypothetical change each (test inputs, not statements about the law).

export const AS_OF = "2025-06-01"

export const QUESTIONS = {
  eggsForAlfa: { question: "Koliki je PDV na jaja?", clientId: "klijent-a" },
  eggsForBeta: { question: "What is the VAT rate on eggs?", clientId: "klijent-b" },
  breadForAlfa: { question: "Koliki je PDV na kruh?", clientId: "klijent-a" },
  generalRate: { question: "Koja je opća stopa PDV-a?" },
  registration: { question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?" },
  slovenia: { question: "Koliki je PDV u Sloveniji?" },
} as const

export type SeededRuns = Record<keyof typeof QUESTIONS, string>

export interface SeededStore {
  dbPath: string
  store: Store
  runs: SeededRuns
}

/** A store file with one recorded run per question (and the two clients), closed after the test. */
export async function seededStore(): Promise<SeededStore> {
  const dbPath = tempDbPath()
  const store = openTestStore(dbPath)
  const clients = new ClientsRepository(store)
  clients.save({ id: "klijent-a", name: "Obrt Alfa", context: {} })
  clients.save({ id: "klijent-b", name: "Beta d.o.o.", context: {} })
  const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: realPack() })
  const runs: Partial<SeededRuns> = {}
  for (const [name, request] of Object.entries(QUESTIONS) as [keyof typeof QUESTIONS, (typeof QUESTIONS)[keyof typeof QUESTIONS]][]) {
    const result = await service.ask({ ...request, asOfDate: AS_OF })
    runs[name] = result.requestId
  }
  return { dbPath, store, runs: runs as SeededRuns }
}

/** The shipped pack's content, to change for one test. */
export function shippedPackRaw(): RulePack {
  return JSON.parse(readFileSync(REAL_PACK_PATH, "utf8")) as RulePack
}

/** The shipped pack with `change` applied to one of its rules (a hypothetical candidate). */
export function candidateWith(ruleId: string, change: (rule: RulePack["rules"][number]) => void, version = "9.0.0"): LoadedPack {
  const raw = shippedPackRaw()
  const rule = raw.rules.find((r) => r.id === ruleId)
  if (rule === undefined) throw new Error(`no rule ${ruleId} in the shipped pack`)
  change(rule)
  return loadPack({ ...raw, version })
}

/**
 * A copy of a recorded run as an older engine (version 2) would have left it: its request and its
 * intake event name no engine version 3, and its answer names another primary rule (as if that
 * engine had worded it otherwise). Hash-chained like any trace. Returns the copy's request id.
 */
export function olderEngineCopy(sqlite: Database.Database, requestId: string, otherPrimaryRule: string): string {
  const row = sqlite.prepare("SELECT * FROM traces WHERE request_id = ?").get(requestId) as Record<string, unknown>
  const events = sqlite.prepare(`SELECT seq, stage, status, ts, event_json AS json FROM events e WHERE ${eventsOfRequestSql("e", "@id")} ORDER BY e.id`).all({ id: requestId }) as { seq: number; stage: string; status: string; ts: string; json: string }[]
  const copyId = `older-engine-${requestId}`
  const rewrite = (json: string, change: (value: Record<string, unknown>) => void) => {
    const value = JSON.parse(json.split(requestId).join(copyId)) as Record<string, unknown>
    change(value)
    return canonicalJson(value)
  }
  let prev = GENESIS_HASH
  const rows = events.map((e) => {
    const json = rewrite(e.json, (event) => {
      const data = event.data as Record<string, unknown> | undefined
      if (e.stage === "QUESTION_INTAKE" && e.status === "complete" && data) delete data.engineVersion
      if (e.stage === "ANSWER" && data) data.primaryRuleId = otherPrimaryRule
    })
    const hash = chainHash(prev, json)
    const out = [copyId, e.seq, e.stage, e.status, e.ts, json, prev, hash] as const
    prev = hash
    return out
  })
  const { id: _id, ...columns } = row
  const names = Object.keys(columns)
  const inserted = sqlite.prepare(`INSERT INTO traces (${names.join(", ")}) VALUES (${names.map((n) => `@${n}`).join(", ")})`).run({
    ...columns,
    request_id: copyId,
    request_json: rewrite(String(row.request_json), (request) => (request.engineVersion = 2)),
    chain_head: prev,
  })
  const insertEvent = sqlite.prepare("INSERT INTO events (id, request_id, seq, stage, status, ts, event_json, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
  for (const event of rows) insertEvent.run(eventKey(Number(inserted.lastInsertRowid), event[1]), ...event)
  return copyId
}
