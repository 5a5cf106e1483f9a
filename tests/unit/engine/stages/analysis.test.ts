import { describe, expect, it } from "vitest"
import type { ReasoningEvent } from "../../../../src-shared/events/event"
import { analysisStage } from "../../../../src-main/engine/stages/analysis"
import { applicabilityStage } from "../../../../src-main/engine/stages/applicability"
import { conflictsStage } from "../../../../src-main/engine/stages/conflicts"
import type { RetrievalState } from "../../../../src-main/engine/state"
import { runStage, stateOf, testRun } from "../helpers"

async function analyse(state: RetrievalState) {
  const run = testRun()
  const applicability = await runStage(applicabilityStage(run, state))
  if (!applicability.outcome.ok) throw new Error("refused")
  const conflicts = await runStage(conflictsStage(run, applicability.outcome.value.eligible))
  if (!conflicts.outcome.ok) throw new Error("refused")
  return runStage(analysisStage(run, state, applicability.outcome.value, conflicts.outcome.value))
}

const checkpoints = (events: ReasoningEvent[]) =>
  events.flatMap((e) => (e.stage === "ANALYSIS" && e.status === "checkpoint" ? [e.data] : []))

describe("analysisStage", () => {
  it("names the work done with its real numbers: validity on asOf, conditions, the threshold comparison", async () => {
    const state = await stateOf(["syn-obveza"], { asOf: "2025-03-01", counters: { revenueYtd: 3000 } })
    const { events } = await analyse(state)
    expect(checkpoints(events)).toEqual([
      {
        kind: "temporal-validity",
        ruleIds: ["syn.obveza.ispod", "syn.obveza.iznad"],
        detail: "Provjerena vremenska valjanost 2 pravila na dan 1. 3. 2025. (izvan razdoblja važenja: 0)",
      },
      {
        kind: "applies-when",
        ruleIds: ["syn.obveza.ispod", "syn.obveza.iznad"],
        detail: "Provjereni uvjeti primjene za 2 pravila (2 uvjeta)",
      },
      {
        kind: "compare-threshold",
        ruleIds: ["syn.obveza.ispod"],
        detail: "Usporedba: Promet 3.000,00 EUR prema uvjetu ≤ 2.000,00 EUR: nije ispunjeno",
      },
      {
        kind: "compare-threshold",
        ruleIds: ["syn.obveza.iznad"],
        detail: "Usporedba: Promet 3.000,00 EUR prema uvjetu > 2.000,00 EUR: ispunjeno",
      },
      { kind: "coverage", ruleIds: [], detail: "Pokrivenost podataka za temu „Sintetski prag”: 2/2" },
    ])
    expect(events[events.length - 1]).toMatchObject({
      data: {
        bullets: ["SINTETSKO: promet iznad 2.000 EUR znači ulazak u sustav"],
        comparedSources: ["Synthetic Tax Office Guidance"],
      },
    })
  })

  it("reports comparing sources and resolving a conflict only when that happened", async () => {
    const conflict = checkpoints((await analyse(await stateOf(["syn-stopa"], { asOf: "2025-03-01" }))).events)
    expect(conflict.map((c) => c.kind)).toEqual([
      "temporal-validity",
      "compare-sources",
      "resolve-conflict",
      "coverage",
    ])
    expect(conflict[2]?.detail).toBe("Sukob riješen (viši autoritet): prednost ima Synthetic Statute Gazette")
    const plain = checkpoints((await analyse(await stateOf(["syn-prag"], { asOf: "2025-03-01" }))).events)
    expect(plain.map((c) => c.kind)).toEqual(["temporal-validity", "coverage"])
  })
})
