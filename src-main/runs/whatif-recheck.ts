import { isTerminal } from "../../src-shared/events/event"
import type { RecheckResult, WhatIfChange } from "../../src-shared/whatif"
import type { LoadedPack } from "../knowledge/loader"
import { recordedInterpretations } from "../engine/interpretation-gate"
import { recordedAnswers } from "../trace/replay"
import { parseStoredRequest } from "../store/stored-request"
import { TraceNotFoundError } from "../store/errors"
import { WhatIfStateError } from "../whatif/base-run"
import type { RunOptions, ScenarioRechecker } from "./whatif-types"

// "Re-check against the current rule pack": an explicit action that creates new traces and
// records what changed since the scenario was saved. The saved facts are applied as exact values
// (a flip chosen under the old pack's thresholds could pick another value under the new one).
// With an unchanged pack the saved base is reused; otherwise the base question is asked again,
// with its frozen profile and recorded clarification answers, under the current pack. Neither run
// consults the local model, even with the provider on.

export async function recheckScenario(
  service: ScenarioRechecker,
  currentPack: LoadedPack,
  scenarioId: string,
  options: RunOptions,
): Promise<RecheckResult> {
  const scenario = service.scenarios.require(scenarioId)
  const reader = service.traces.reader
  const baseRow = reader.row(scenario.baseRequestId)
  if (baseRow === undefined)
    throw new TraceNotFoundError(`the base trace ${scenario.baseRequestId} is missing`)
  const packChanged = baseRow.packHash !== currentPack.hash
  let baseRequestId = baseRow.requestId
  if (packChanged) {
    const { requestId: _old, ...request } = parseStoredRequest(baseRow.requestJson)
    const recorded = reader.events(baseRow.requestId)
    const asked = await service.traces.ask(request, {
      clarifications: recordedAnswers(recorded),
      // A reading the local model proposed and the user took is asked again as recorded, never of the model.
      interpretations: recordedInterpretations(recorded),
      // A re-check is the engine's hypothetical: the local model is never asked (issue 24); its
      // thoughts belong to the run the scenario was made from.
      withoutModel: true,
      ...(options.sinks ? { sinks: options.sinks } : {}),
    })
    if (asked.status !== "complete" || !isTerminal(asked.event))
      throw new WhatIfStateError(
        `the base question of scenario ${scenarioId} now needs a clarification; ask it again from history`,
      )
    baseRequestId = asked.requestId
  }
  const changes: WhatIfChange[] = scenario.applied.map((c) => ({ kind: "set", path: c.path, value: c.to }))
  const { prepared, run } = await service.run(baseRequestId, changes, options)
  if (run === null || prepared.status === "needs_rerun") {
    const why =
      prepared.status === "needs_rerun"
        ? prepared.result.rerun.reasons.map((r) => r.message.en).join(" ")
        : ""
    throw new WhatIfStateError(
      `scenario ${scenarioId} cannot be re-checked as a counterfactual under the current pack: ${why}`,
    )
  }
  const diff = service.compare(scenario.resultRequestId, run.requestId)
  const recheck = service.scenarios.addRecheck({
    scenarioId,
    baseRequestId,
    resultRequestId: run.requestId,
    packVersion: currentPack.version,
    packHash: currentPack.hash,
    packChanged,
    diff,
  })
  return { scenario: service.scenarios.require(scenarioId), recheck }
}
