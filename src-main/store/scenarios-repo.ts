import { randomUUID } from "node:crypto"
import { and, asc, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm"
import type { SQLiteColumn } from "drizzle-orm/sqlite-core"
import { z } from "zod"
import type { TerminalOutcome } from "../../src-shared/events/stages"
import {
  AppliedChange,
  WhatIfChange,
  WhatIfDiff,
  type Scenario,
  type ScenarioFilter,
  type ScenarioRecheck,
} from "../../src-shared/whatif"
import { canonicalJson } from "../util/canonical-json"
import { traces } from "./schema"
import {
  scenarioAudit,
  scenarioRechecks,
  scenarios,
  type ScenarioRecheckRow,
  type ScenarioRow,
} from "./schema-scenarios"
import type { Store } from "./store"

// Saved what-if scenarios: create (or duplicate), list with search and filters, rename, hide
// ("delete", audited), and the re-checks made of them. Every change writes an audit row in the
// same transaction. Stored JSON is parsed with the contract's schemas when it is read back.

export class ScenarioNotFoundError extends Error {}

export interface NewScenario {
  name: string
  notes: string
  clientId: string | null
  baseRequestId: string
  resultRequestId: string
  changes: WhatIfChange[]
  applied: AppliedChange[]
  diff: WhatIfDiff
  baseOutcome: TerminalOutcome | null
  resultOutcome: TerminalOutcome | null
  duplicatedFrom?: string
}

export interface NewRecheck {
  scenarioId: string
  baseRequestId: string
  resultRequestId: string
  packVersion: string
  packHash: string
  packChanged: boolean
  diff: WhatIfDiff
}

const StoredChanges = z.object({ changes: z.array(WhatIfChange), applied: z.array(AppliedChange) })
const Outcome = z.enum(["ANSWER", "QUALIFIED_ANSWER", "CONDITIONAL_ANSWER", "REFUSAL", "ERROR"]).nullable()

export class ScenariosRepository {
  constructor(private readonly store: Store) {}

  create(input: NewScenario): Scenario {
    const id = randomUUID()
    const now = this.store.clock().toISOString()
    this.store.sqlite.transaction(() => {
      this.store.db
        .insert(scenarios)
        .values({
          id,
          name: input.name,
          notes: input.notes,
          clientId: input.clientId,
          baseRequestId: input.baseRequestId,
          resultRequestId: input.resultRequestId,
          changesJson: canonicalJson({ changes: input.changes, applied: input.applied }),
          diffJson: canonicalJson(input.diff),
          baseOutcome: input.baseOutcome,
          resultOutcome: input.resultOutcome,
          duplicatedFrom: input.duplicatedFrom ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .run()
      this.audit(
        id,
        input.duplicatedFrom === undefined ? "created" : "duplicated",
        { name: input.name, from: input.duplicatedFrom ?? null },
        now,
      )
    })()
    return this.require(id)
  }

  /** A live (not deleted) scenario, or null. */
  get(id: string): Scenario | null {
    const row = this.rowOf(id)
    return row === undefined || row.row.deletedAt !== null ? null : toScenario(row.row, row.question)
  }

  require(id: string): Scenario {
    const scenario = this.get(id)
    if (scenario === null) throw new ScenarioNotFoundError(`no scenario ${id}`)
    return scenario
  }

  /** The comparison exactly as it was saved. */
  savedDiff(id: string): WhatIfDiff {
    const row = this.rowOf(id)
    if (row === undefined || row.row.deletedAt !== null) throw new ScenarioNotFoundError(`no scenario ${id}`)
    return WhatIfDiff.parse(JSON.parse(row.row.diffJson))
  }

  list(filter: ScenarioFilter = {}): Scenario[] {
    const where = [isNull(scenarios.deletedAt)]
    if (filter.clientId !== undefined) where.push(eq(scenarios.clientId, filter.clientId))
    if (filter.since !== undefined) where.push(gte(scenarios.createdAt, filter.since))
    if (filter.until !== undefined) where.push(lte(sql`substr(${scenarios.createdAt}, 1, 10)`, filter.until))
    const search = filter.search?.trim()
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const match = (column: SQLiteColumn) => sql`${column} LIKE ${pattern} ESCAPE '\\'`
      const anyMatch = or(match(scenarios.name), match(scenarios.notes), match(traces.question))
      if (anyMatch) where.push(anyMatch)
    }
    const rows = this.store.db
      .select({ row: scenarios, question: traces.question })
      .from(scenarios)
      .innerJoin(traces, eq(traces.requestId, scenarios.baseRequestId))
      .where(and(...where))
      .orderBy(desc(scenarios.createdAt), desc(scenarios.id))
      .all()
    return rows.map((r) => toScenario(r.row, r.question))
  }

  rename(id: string, name: string, notes?: string): Scenario {
    const before = this.require(id)
    const now = this.store.clock().toISOString()
    this.store.sqlite.transaction(() => {
      this.store.db
        .update(scenarios)
        .set({ name, ...(notes === undefined ? {} : { notes }), updatedAt: now })
        .where(and(eq(scenarios.id, id), isNull(scenarios.deletedAt)))
        .run()
      const detail: Record<string, string> = { from: before.name, to: name }
      if (notes !== undefined && notes !== before.notes) detail.notes = notes
      this.audit(id, "renamed", detail, now)
    })()
    return this.require(id)
  }

  /** Hides the scenario; its traces stay, and the audit keeps what was deleted and when. */
  delete(id: string): void {
    const before = this.require(id)
    const now = this.store.clock().toISOString()
    this.store.sqlite.transaction(() => {
      this.store.db
        .update(scenarios)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(scenarios.id, id))
        .run()
      this.audit(id, "deleted", { name: before.name }, now)
    })()
  }

  addRecheck(input: NewRecheck): ScenarioRecheck {
    this.require(input.scenarioId)
    const now = this.store.clock().toISOString()
    const id = this.store.sqlite.transaction(() => {
      const inserted = this.store.db
        .insert(scenarioRechecks)
        .values({ ...input, diffJson: canonicalJson(input.diff), createdAt: now })
        .returning({ id: scenarioRechecks.id })
        .get()
      this.audit(
        input.scenarioId,
        "rechecked",
        { resultRequestId: input.resultRequestId, packHash: input.packHash },
        now,
      )
      return inserted.id
    })()
    const row = this.store.db.select().from(scenarioRechecks).where(eq(scenarioRechecks.id, id)).get()
    if (row === undefined) throw new Error(`re-check ${id} was not stored`)
    return toRecheck(row)
  }

  rechecks(scenarioId: string): ScenarioRecheck[] {
    return this.store.db
      .select()
      .from(scenarioRechecks)
      .where(eq(scenarioRechecks.scenarioId, scenarioId))
      .orderBy(asc(scenarioRechecks.id))
      .all()
      .map(toRecheck)
  }

  /** The audit trail of a scenario (deleted ones included), oldest first. */
  auditTrail(scenarioId: string): Array<{ action: string; at: string; detail: unknown }> {
    return this.store.db
      .select()
      .from(scenarioAudit)
      .where(eq(scenarioAudit.scenarioId, scenarioId))
      .orderBy(asc(scenarioAudit.id))
      .all()
      .map((r) => ({ action: r.action, at: r.at, detail: JSON.parse(r.detailJson) as unknown }))
  }

  private rowOf(id: string): { row: ScenarioRow; question: string } | undefined {
    return this.store.db
      .select({ row: scenarios, question: traces.question })
      .from(scenarios)
      .innerJoin(traces, eq(traces.requestId, scenarios.baseRequestId))
      .where(eq(scenarios.id, id))
      .get()
  }

  private audit(scenarioId: string, action: string, detail: unknown, at: string): void {
    this.store.db
      .insert(scenarioAudit)
      .values({ scenarioId, action, at, detailJson: canonicalJson(detail) })
      .run()
  }
}

function toScenario(row: ScenarioRow, question: string): Scenario {
  const stored = StoredChanges.parse(JSON.parse(row.changesJson))
  const diff = WhatIfDiff.parse(JSON.parse(row.diffJson))
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    clientId: row.clientId,
    question,
    baseRequestId: row.baseRequestId,
    resultRequestId: row.resultRequestId,
    changes: stored.changes,
    applied: stored.applied,
    baseOutcome: Outcome.parse(row.baseOutcome),
    resultOutcome: Outcome.parse(row.resultOutcome),
    sentence: diff.sentence,
    duplicatedFrom: row.duplicatedFrom,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }
}

function toRecheck(row: ScenarioRecheckRow): ScenarioRecheck {
  return {
    id: row.id,
    scenarioId: row.scenarioId,
    baseRequestId: row.baseRequestId,
    resultRequestId: row.resultRequestId,
    packVersion: row.packVersion,
    packHash: row.packHash,
    packChanged: row.packChanged,
    diff: WhatIfDiff.parse(JSON.parse(row.diffJson)),
    createdAt: row.createdAt,
  }
}
