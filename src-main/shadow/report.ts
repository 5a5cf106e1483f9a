import type { ShadowClient, ShadowCounts, ShadowEntry, ShadowReport, ShadowSkipReason } from "../../src-shared/shadow"
import type { PageResult } from "./messages"

// The impact report gathered page by page: the changed runs by client, the counts (overall and
// per client), what was skipped and what failed.

/** Failures listed by run in the report; the rest are counted. */
export const MAX_LISTED_FAILURES = 100

export function emptyCounts(): ShadowCounts {
  return {
    runs: 0,
    changed: 0,
    answerToRefusal: 0,
    refusalToAnswer: 0,
    yesNoFlips: 0,
    otherOutcomeChanges: 0,
    valueChanges: 0,
    obligationChanges: 0,
    primaryRuleChanges: 0,
  }
}

function countEntry(counts: ShadowCounts, entry: ShadowEntry): void {
  counts.changed += 1
  if (entry.flip === "ANSWER_TO_REFUSAL") counts.answerToRefusal += 1
  else if (entry.flip === "REFUSAL_TO_ANSWER") counts.refusalToAnswer += 1
  else if (entry.flip === "YES_TO_NO" || entry.flip === "NO_TO_YES") counts.yesNoFlips += 1
  else if (entry.flip === "OUTCOME_CHANGED") counts.otherOutcomeChanges += 1
  if (entry.values.length > 0) counts.valueChanges += 1
  if (entry.obligations.added.length + entry.obligations.removed.length > 0) counts.obligationChanges += 1
  if (entry.primaryRuleChanged) counts.primaryRuleChanges += 1
}

export class ReportBuilder {
  done = 0
  private readonly counts = emptyCounts()
  private readonly clients = new Map<string, { counts: ShadowCounts; entries: ShadowEntry[] }>()
  private readonly skipped = new Map<ShadowSkipReason, number>()
  private readonly failures: ShadowReport["failures"] = []
  private failureCount = 0

  get changed(): number {
    return this.counts.changed
  }

  add(page: PageResult): void {
    this.done += page.done
    for (const [client, runs] of Object.entries(page.runsByClient)) {
      this.client(client).counts.runs += runs
      this.counts.runs += runs
    }
    for (const entry of page.entries) {
      const client = this.client(entry.clientId ?? "")
      client.entries.push(entry)
      countEntry(client.counts, entry)
      countEntry(this.counts, entry)
    }
    for (const [reason, count] of Object.entries(page.skipped) as [ShadowSkipReason, number][])
      this.skipped.set(reason, (this.skipped.get(reason) ?? 0) + count)
    this.failureCount += page.failures.length
    this.failures.push(...page.failures.slice(0, Math.max(0, MAX_LISTED_FAILURES - this.failures.length)))
  }

  /** The clients that have changed runs, by id ("" for runs without a client). */
  clientIdsWithChanges(): string[] {
    return [...this.clients].filter(([id, c]) => id !== "" && c.entries.length > 0).map(([id]) => id)
  }

  report(
    meta: Omit<ShadowReport, "done" | "counts" | "skipped" | "failures" | "failureCount" | "clients">,
    clientNames: ReadonlyMap<string, string>,
  ): ShadowReport {
    return {
      ...meta,
      done: this.done,
      counts: { ...this.counts },
      skipped: [...this.skipped].map(([reason, count]) => ({ reason, count })),
      failures: [...this.failures],
      failureCount: this.failureCount,
      clients: this.clientReports(clientNames),
    }
  }

  private clientReports(names: ReadonlyMap<string, string>): ShadowClient[] {
    const out: ShadowClient[] = []
    for (const [id, client] of this.clients) {
      if (client.entries.length === 0) continue
      const entries = [...client.entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.requestId.localeCompare(b.requestId))
      out.push({ clientId: id === "" ? null : id, clientName: id === "" ? null : (names.get(id) ?? null), counts: { ...client.counts }, entries })
    }
    const sortKey = (c: ShadowClient) => (c.clientId === null ? "\uffff" : (c.clientName ?? c.clientId).toLocaleLowerCase("hr"))
    return out.sort((a, b) => sortKey(a).localeCompare(sortKey(b), "hr"))
  }

  private client(id: string): { counts: ShadowCounts; entries: ShadowEntry[] } {
    let client = this.clients.get(id)
    if (client === undefined) {
      client = { counts: emptyCounts(), entries: [] }
      this.clients.set(id, client)
    }
    return client
  }
}
