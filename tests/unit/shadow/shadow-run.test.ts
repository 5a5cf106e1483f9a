import { existsSync, readdirSync } from "node:fs"
import { describe, expect, it } from "vitest"
import type { ShadowReport } from "../../../src-shared/shadow"
import { shadowRun, stopShadowRuns } from "../../../src-main/shadow/shadow-run"
import { realPack } from "../../fixtures/packs"
import { cloneTraces } from "../export/clone-traces"
import { candidateWith, olderEngineCopy, seededStore, type SeededStore } from "./fixtures"

// The shadow run over a real store of real runs: which recorded answers a candidate pack would
// change, by client, on worker threads.

/** This process's threads (Linux): the shadow's workers are threads of their own. */
const threadCount = () => (existsSync("/proc/self/task") ? readdirSync("/proc/self/task").length : 0)

const entriesOf = (report: ShadowReport) => report.clients.flatMap((c) => c.entries)
const eggRate = (value: number) => candidateWith("pdv.stopa.jaja", (rule) => (rule.value = { type: "percentage", value }))

describe("shadowRun", () => {
  it("reports exactly the runs that cited a changed VAT rate, with the old and the new value, by client", async () => {
    const seeded: SeededStore = await seededStore()
    const report = await shadowRun({ dbPath: seeded.dbPath, candidate: eggRate(13), baseline: "as-recorded", workers: 2 })
    expect(report.status).toBe("complete")
    expect(report.total).toBe(6)
    expect(report.done).toBe(6)
    expect(report.counts).toMatchObject({ runs: 6, changed: 2, valueChanges: 2, answerToRefusal: 0, refusalToAnswer: 0, primaryRuleChanges: 0 })
    expect(entriesOf(report).map((e) => e.requestId).sort()).toEqual([seeded.runs.eggsForAlfa, seeded.runs.eggsForBeta].sort())
    expect(report.clients.map((c) => [c.clientId, c.clientName, c.entries.length])).toEqual([
      ["klijent-b", "Beta d.o.o.", 1],
      ["klijent-a", "Obrt Alfa", 1],
    ])
    for (const entry of entriesOf(report)) {
      expect(entry.baseline).toBe("recorded")
      expect(entry.flip).toBeNull()
      expect(entry.asOfDate).toBe("2025-06-01")
      expect(entry.ruleIds).toEqual(["pdv.stopa.jaja"])
      expect(entry.values).toEqual([
        expect.objectContaining({ before: { hr: "5 %", en: "5%" }, after: { hr: "13 %", en: "13%" }, yesNoFlip: false }),
      ])
      expect(entry.before.outcome).toBe("ANSWER")
      expect(entry.after.primaryRuleId).toBe("pdv.stopa.jaja")
    }
    expect(entriesOf(report).find((e) => e.requestId === seeded.runs.eggsForAlfa)?.question).toBe("Koliki je PDV na jaja?")
  })

  it("reports answers that would become refusals when a rule no longer applies on the run's date", async () => {
    const seeded = await seededStore()
    const candidate = candidateWith("pdv.stopa.jaja", (rule) => (rule.effectiveFrom = "2026-01-01"))
    const report = await shadowRun({ dbPath: seeded.dbPath, candidate, baseline: "as-recorded", workers: 2 })
    expect(report.counts).toMatchObject({ changed: 2, answerToRefusal: 2, refusalToAnswer: 0 })
    for (const entry of entriesOf(report)) {
      expect(entry.flip).toBe("ANSWER_TO_REFUSAL")
      expect(entry.before.outcome).toBe("ANSWER")
      expect(entry.after.outcome).toBe("REFUSAL")
      expect(entry.ruleIds).toEqual(["pdv.stopa.jaja"])
      expect(entry.values[0]).toMatchObject({ before: { hr: "5 %" }, after: null })
    }
  })

  it("finds no change when the candidate is the pack the runs were recorded with", async () => {
    const seeded = await seededStore()
    const report = await shadowRun({ dbPath: seeded.dbPath, candidate: realPack(), baseline: "as-recorded", workers: 2 })
    expect(report).toMatchObject({ status: "complete", total: 6, done: 6, clients: [], failureCount: 0 })
    expect(report.counts).toMatchObject({ runs: 6, changed: 0 })
  })

  it("shadows only the chosen clients' runs, and compares with a re-run when a baseline pack other than the runs' own is given", async () => {
    const seeded = await seededStore()
    const report = await shadowRun({ dbPath: seeded.dbPath, candidate: eggRate(13), baseline: eggRate(7), clientIds: ["klijent-b"], workers: 1 })
    expect(report.total).toBe(1)
    expect(report.baseline).toEqual({ id: realPack().id, version: eggRate(7).version, hash: eggRate(7).hash })
    expect(entriesOf(report).map((e) => [e.requestId, e.baseline])).toEqual([[seeded.runs.eggsForBeta, "rerun"]])
    expect(entriesOf(report)[0]?.values).toEqual([expect.objectContaining({ before: { hr: "7 %", en: "7%" }, after: { hr: "13 %", en: "13%" } })])
  })

  it("compares with the recorded answer when the baseline pack is the one the run was answered with (a re-run would repeat it)", async () => {
    const seeded = await seededStore()
    const withBaseline = await shadowRun({ dbPath: seeded.dbPath, candidate: eggRate(13), baseline: realPack(), workers: 1 })
    const asRecorded = await shadowRun({ dbPath: seeded.dbPath, candidate: eggRate(13), baseline: "as-recorded", workers: 1 })
    expect(withBaseline.baseline).toEqual({ id: realPack().id, version: realPack().version, hash: realPack().hash })
    expect(entriesOf(withBaseline).map((e) => e.baseline)).toEqual(["recorded", "recorded"])
    expect(withBaseline.counts).toEqual(asRecorded.counts)
    expect(withBaseline.clients).toEqual(asRecorded.clients)
  })

  it("compares a run recorded by another engine version with its question asked again on its own pack, so only the pack change shows", async () => {
    const seeded = await seededStore()
    const older = olderEngineCopy(seeded.store.sqlite, seeded.runs.eggsForAlfa, "pdv.stopa.kruh")
    const unchanged = await shadowRun({ dbPath: seeded.dbPath, candidate: realPack(), baseline: "as-recorded", workers: 1 })
    expect(unchanged.total).toBe(7)
    expect(unchanged.counts.changed).toBe(0)
    const changed = await shadowRun({ dbPath: seeded.dbPath, candidate: eggRate(13), baseline: "as-recorded", workers: 1 })
    const entry = entriesOf(changed).find((e) => e.requestId === older)
    expect(entry).toMatchObject({ baseline: "rerun", primaryRuleChanged: false, values: [{ before: { hr: "5 %" }, after: { hr: "13 %" } }] })
    expect(entry?.before.primaryRuleId).toBe("pdv.stopa.jaja")
  })

  it("pauses between two runs while the app answers a question, and goes on once it has", async () => {
    const seeded = await seededStore()
    let busy = false
    const listeners = new Set<() => void>()
    const setBusy = (value: boolean) => {
      busy = value
      for (const listener of listeners) listener()
    }
    const appBusy = { busy: () => busy, subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)) }
    let done = 0
    let doneWhenAsked = -1
    const running = shadowRun({
      dbPath: seeded.dbPath,
      candidate: eggRate(13),
      baseline: "as-recorded",
      workers: 1,
      pageSize: 1,
      appBusy,
      onProgress: (progress) => {
        done = progress.done
        if (doneWhenAsked < 0) {
          doneWhenAsked = done
          setBusy(true)
        }
      },
    })
    while (doneWhenAsked < 0) await new Promise((resolve) => setTimeout(resolve, 10))
    await new Promise((resolve) => setTimeout(resolve, 800))
    // At most the run already under way when the question came finishes meanwhile.
    expect(done).toBeLessThanOrEqual(doneWhenAsked + 1)
    setBusy(false)
    const report = await running
    expect(report).toMatchObject({ status: "complete", done: 6 })
    expect(report.counts.changed).toBe(2)
    expect(listeners.size).toBe(0)
  })

  it("stops when told, promptly, with a partial report marked stopped and its workers gone", async () => {
    const seeded = await seededStore()
    cloneTraces(seeded.store.sqlite, 1500, { start: new Date("2025-07-01T00:00:00.000Z") })
    const threadsBefore = threadCount()
    const controller = new AbortController()
    let stoppedAt = 0
    let threadsDuring = 0
    const report = await shadowRun({
      dbPath: seeded.dbPath,
      candidate: eggRate(13),
      baseline: "as-recorded",
      workers: 2,
      pageSize: 16,
      signal: controller.signal,
      onProgress: (progress) => {
        if (stoppedAt !== 0 || progress.done < 32) return
        threadsDuring = threadCount()
        stoppedAt = performance.now()
        controller.abort()
      },
    })
    const stopMs = performance.now() - stoppedAt
    expect(report.status).toBe("stopped")
    expect(report.total).toBe(1500)
    expect(report.done).toBeGreaterThanOrEqual(32)
    expect(report.done).toBeLessThan(1500)
    expect(report.counts.runs).toBe(report.done)
    // The clones go round the six recorded runs: two in six ask about eggs, and only they change.
    expect(report.counts.changed).toBeGreaterThan(0)
    expect(new Set(entriesOf(report).map((e) => e.question))).toEqual(new Set(["Koliki je PDV na jaja?", "What is the VAT rate on eggs?"]))
    expect(stopMs).toBeLessThan(1500)
    if (threadsBefore > 0) {
      // The two workers' threads were there while it ran, and are gone once the report is out.
      expect(threadsDuring).toBeGreaterThanOrEqual(threadsBefore + 2)
      expect(threadCount()).toBe(threadsDuring - 2)
    }
  })

  it("stops every shadow run under way when the host shuts down, each ending with its workers gone", async () => {
    const seeded = await seededStore()
    cloneTraces(seeded.store.sqlite, 1500, { start: new Date("2025-07-01T00:00:00.000Z") })
    let doneSoFar = 0
    const options = { dbPath: seeded.dbPath, candidate: eggRate(13), baseline: "as-recorded" as const, workers: 2, pageSize: 16 }
    const runs = [shadowRun({ ...options, onProgress: (p) => (doneSoFar += p.done) }), shadowRun(options)]
    while (doneSoFar === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    const threadsDuring = threadCount()
    const asked = performance.now()
    await stopShadowRuns()
    const stopMs = performance.now() - asked
    // Once the hook has returned, both runs have ended: their reports are out, marked stopped.
    const settled = await Promise.race([Promise.all(runs), new Promise<null>((resolve) => setTimeout(() => resolve(null), 0))])
    expect(settled).not.toBeNull()
    for (const report of settled ?? []) {
      expect(report.status).toBe("stopped")
      expect(report.done).toBeLessThan(1500)
    }
    expect(stopMs).toBeLessThan(1500)
    // The four workers' threads are gone (other threads of the process may have started meanwhile).
    if (threadsDuring > 0) expect(threadCount()).toBeLessThanOrEqual(threadsDuring - 4)
    // Nothing is left under way: a second call has nothing to wait for.
    const again = performance.now()
    await stopShadowRuns()
    expect(performance.now() - again).toBeLessThan(50)
  }, 60_000)
})
