import { describe, expect, it } from "vitest"
import { ScenarioNotFoundError } from "../../../src-main/store/scenarios-repo"
import { WhatIfStateError } from "../../../src-main/whatif/base-run"
import { craftedPack } from "../whatif/crafted-pack"
import { dooProfile, whatIfFixture, type WhatIfFixture } from "../whatif/fixtures"

// Saved scenarios on a real database file: what a scenario holds, search and filters, rename,
// duplicate, delete (hidden and audited, traces kept), re-checks, and the triggers that keep
// what a scenario compared from changing.

async function saved(
  f: WhatIfFixture,
  name: string,
  revenue: number,
  options: { clientId?: string; notes?: string } = {},
) {
  const base = await f.ask({ profile: dooProfile() })
  const { run } = await f.whatif.run(base, [{ kind: "set", path: "counters.revenueYtd", value: revenue }])
  const scenario = f.whatif.saveScenario({ name, resultRequestId: run?.requestId ?? "", ...options })
  return { base, result: run?.requestId ?? "", scenario }
}

describe("saved scenarios", () => {
  it("keep the name, notes, client, changes, base and result traces, and the diff as saved", async () => {
    const f = whatIfFixture()
    f.traces.clients.save({ id: "c1", name: "Obrt Horvat", context: {} })
    const { base, result, scenario } = await saved(f, "Ispod praga", 30000, {
      notes: "za sastanak",
      clientId: "c1",
    })
    expect(scenario).toMatchObject({
      name: "Ispod praga",
      notes: "za sastanak",
      clientId: "c1",
      baseRequestId: base,
      resultRequestId: result,
      changes: [{ kind: "set", path: "counters.revenueYtd", value: 30000 }],
      applied: [{ path: "counters.revenueYtd", from: 65000, to: 30000 }],
      baseOutcome: "ANSWER",
      resultOutcome: "ANSWER",
      duplicatedFrom: null,
    })
    expect(scenario.question).toBe(f.traces.get(base)?.trace.question)
    expect(scenario.sentence.en).toContain("If the turnover were EUR 30,000.00 instead of EUR 65,000.00")

    const traces = f.traces.allRequestIds().length
    const detail = f.whatif.scenarioDetail(scenario.id)
    expect(detail.diff).toEqual(f.whatif.compare(base, result))
    expect(detail.base.trace.requestId).toBe(base)
    expect(detail.result.trace.counterfactualOf).toBe(base)
    expect(detail.rechecks).toEqual([])
    // Opening a scenario runs nothing.
    expect(f.traces.allRequestIds()).toHaveLength(traces)
  })

  it("can only be made from a finished hypothetical", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    expect(() => f.whatif.saveScenario({ name: "x", resultRequestId: base })).toThrow(WhatIfStateError)
    expect(() => f.whatif.saveScenario({ name: "x", resultRequestId: "nope" })).toThrow(/no trace nope/)
  })

  it("are listed newest first, searched by name, notes and question, and filtered by client and date", async () => {
    // Each reading of the clock is a day later, so every scenario is saved on a day of its own.
    let now = Date.parse("2025-06-01T10:00:00.000Z")
    const f = whatIfFixture(craftedPack(), undefined, () => new Date((now += 86_400_000)))
    f.traces.clients.save({ id: "c1", name: "A", context: {} })
    const first = await saved(f, "Prvi scenarij", 30000, { clientId: "c1" })
    const second = await saved(f, "Drugi", 120000, { notes: "veliki promet" })
    expect(f.whatif.listScenarios().map((s) => s.id)).toEqual([second.scenario.id, first.scenario.id])
    expect(f.whatif.listScenarios({ search: "prvi" }).map((s) => s.name)).toEqual(["Prvi scenarij"])
    expect(f.whatif.listScenarios({ search: "VELIKI" }).map((s) => s.name)).toEqual(["Drugi"])
    expect(f.whatif.listScenarios({ search: "PDV-a" })).toHaveLength(2)
    expect(f.whatif.listScenarios({ search: "100%_" })).toHaveLength(0)
    expect(f.whatif.listScenarios({ clientId: "c1" }).map((s) => s.name)).toEqual(["Prvi scenarij"])
    const day = (iso: string) => iso.slice(0, 10)
    expect(f.whatif.listScenarios({ since: day(second.scenario.createdAt) }).map((s) => s.name)).toEqual([
      "Drugi",
    ])
    expect(f.whatif.listScenarios({ until: day(first.scenario.createdAt) }).map((s) => s.name)).toEqual([
      "Prvi scenarij",
    ])
  })

  it("are renamed, duplicated and deleted with an audit record; deleting hides the scenario and keeps its traces", async () => {
    const f = whatIfFixture()
    const { base, result, scenario } = await saved(f, "Staro ime", 30000)
    const renamed = f.whatif.scenarios.rename(scenario.id, "Novo ime", "bilješka")
    expect(renamed).toMatchObject({ name: "Novo ime", notes: "bilješka", resultRequestId: result })
    const copy = f.whatif.duplicateScenario(scenario.id)
    expect(copy).toMatchObject({
      name: "Novo ime (2)",
      duplicatedFrom: scenario.id,
      baseRequestId: base,
      resultRequestId: result,
    })
    expect(f.whatif.scenarioDetail(copy.id).diff).toEqual(f.whatif.scenarioDetail(scenario.id).diff)

    f.whatif.scenarios.delete(scenario.id)
    expect(f.whatif.listScenarios().map((s) => s.id)).toEqual([copy.id])
    expect(() => f.whatif.scenarioDetail(scenario.id)).toThrow(ScenarioNotFoundError)
    expect(() => f.whatif.scenarios.rename(scenario.id, "x")).toThrow(ScenarioNotFoundError)
    expect(f.traces.get(base)).not.toBeNull()
    expect(f.traces.get(result)).not.toBeNull()
    expect(f.whatif.scenarios.auditTrail(scenario.id).map((a) => a.action)).toEqual([
      "created",
      "renamed",
      "deleted",
    ])
    expect(f.whatif.scenarios.auditTrail(scenario.id)[1]?.detail).toEqual({
      from: "Staro ime",
      to: "Novo ime",
      notes: "bilješka",
    })
    expect(f.whatif.scenarios.auditTrail(copy.id).map((a) => a.action)).toEqual(["duplicated"])
  })

  it("are compared with the same diff, between their hypothetical results", async () => {
    const f = whatIfFixture()
    const a = await saved(f, "A", 30000)
    const b = await saved(f, "B", 150000)
    const comparison = f.whatif.compareScenarios(a.scenario.id, b.scenario.id)
    expect(comparison.diff).toEqual(f.whatif.compare(a.result, b.result))
    expect(comparison.diff.facts).toMatchObject([
      { path: "counters.revenueYtd", before: 30000, after: 150000 },
    ])
    expect(comparison.diff.conflicts.appeared).toHaveLength(1)
  })

  it("are re-checked against the current pack only on request, as new traces, recording what changed", async () => {
    const f = whatIfFixture(craftedPack("1.0.0", 60000))
    const { base, result, scenario } = await saved(f, "62.000", 62000)
    const same = await f.whatif.recheck(scenario.id)
    expect(same.recheck).toMatchObject({ baseRequestId: base, packChanged: false, packVersion: "1.0.0" })
    expect(same.recheck.resultRequestId).not.toBe(result)
    expect(same.recheck.diff.changed).toBe(false)

    // A newer pack raises the threshold to 70,000: the saved hypothetical would now fall below it.
    const g = whatIfFixture(craftedPack("1.1.0", 70000), f.store.path)
    const newer = await g.whatif.recheck(scenario.id)
    expect(newer.recheck.packChanged).toBe(true)
    expect(newer.recheck.baseRequestId).not.toBe(base)
    expect(g.traces.get(newer.recheck.resultRequestId)?.trace).toMatchObject({
      counterfactualOf: newer.recheck.baseRequestId,
      packVersion: "1.1.0",
    })
    expect(newer.recheck.diff.rules.entered.map((r) => r.ruleId)).toEqual(["fx.below.2025"])
    expect(newer.recheck.diff.sentence.en).toMatch(/^With rule pack 1\.1\.0 instead of 1\.0\.0: /)
    // The scenario itself is unchanged; both re-checks are on record.
    expect(g.whatif.scenarioDetail(scenario.id).diff).toEqual(f.whatif.scenarioDetail(scenario.id).diff)
    expect(g.whatif.scenarioDetail(scenario.id).rechecks.map((r) => r.packVersion)).toEqual([
      "1.0.0",
      "1.1.0",
    ])
    expect(g.whatif.scenarios.auditTrail(scenario.id).map((a) => a.action)).toEqual([
      "created",
      "rechecked",
      "rechecked",
    ])
  })

  it("are protected by triggers: never deleted, what they compared frozen, audit and re-checks append-only", async () => {
    const f = whatIfFixture()
    const { scenario } = await saved(f, "Zaštićeno", 30000)
    await f.whatif.recheck(scenario.id)
    const db = f.store.sqlite
    expect(() => db.prepare("DELETE FROM scenarios WHERE id = ?").run(scenario.id)).toThrow(
      /scenarios are kept/,
    )
    expect(() =>
      db.prepare("UPDATE scenarios SET result_request_id = base_request_id WHERE id = ?").run(scenario.id),
    ).toThrow(/keeps what it compared/)
    expect(() => db.prepare("UPDATE scenarios SET diff_json = '{}' WHERE id = ?").run(scenario.id)).toThrow(
      /keeps what it compared/,
    )
    expect(() => db.prepare("UPDATE scenario_audit SET action = 'x'").run()).toThrow(/append-only/)
    expect(() => db.prepare("DELETE FROM scenario_audit").run()).toThrow(/append-only/)
    expect(() => db.prepare("DELETE FROM scenario_rechecks").run()).toThrow(/append-only/)
    f.whatif.scenarios.delete(scenario.id)
    expect(() => db.prepare("UPDATE scenarios SET deleted_at = NULL WHERE id = ?").run(scenario.id)).toThrow(
      /keeps what it compared/,
    )
    // A scenario must name real traces.
    expect(() =>
      db
        .prepare(
          "INSERT INTO scenarios (id, name, base_request_id, result_request_id, changes_json, diff_json, created_at, updated_at) VALUES ('s', 'n', 'nope', 'nope', '{}', '{}', 'x', 'x')",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/)
  })
})
