import { newRequestId } from "../util/request-id"
import { IpcFailure } from "../../src-shared/ipc/channel"
import type { HandlerTable } from "../ipc/handler-table"
import type { Services } from "../composition/services"
import type { ReasoningSink } from "../sinks/types"
import { ScenarioNotFoundError } from "../store/scenarios-repo"
import { WhatIfStateError } from "../whatif/base-run"
import { WhatIfInputError } from "../whatif/fact-info"
import { mapStoreErrors } from "./store-errors"

// The "What if…" panel and saved scenarios (issue 5). A counterfactual starts on the next turn and
// answers with its id at once; its events reach the window through the same event bus as live
// runs (each marked counterfactualOf), so the panel's stepper streams it like any run.

type WhatIfKeys =
  | "whatif.drivers"
  | "whatif.run"
  | "whatif.rerun"
  | "whatif.compare"
  | "scenarios.list"
  | "scenarios.get"
  | "scenarios.save"
  | "scenarios.rename"
  | "scenarios.duplicate"
  | "scenarios.delete"
  | "scenarios.compare"
  | "scenarios.recheck"

export function whatifHandlers(services: Services): Pick<HandlerTable, WhatIfKeys> {
  // The composition root's what-if service: its runs go through the run service's gate and limits.
  const { whatif } = services
  const publisher: ReasoningSink = { mode: "nonBlocking", write: (event) => services.events.publish(event) }
  const report = (requestId: string, error: unknown) => services.reportBackgroundError(`what-if ${requestId}`, error)

  return {
    "whatif.drivers": ({ requestId }) => guard(() => whatif.drivers(requestId)),
    "whatif.run": ({ requestId, changes }) =>
      guard(() => {
        const prepared = whatif.prepare(requestId, changes)
        if (prepared.status === "needs_rerun") return prepared.result
        const id = newRequestId()
        // The caller gets the id before the first event, so it can recognise every event of this run.
        setImmediate(
          () =>
            void whatif
              .execute(prepared, { requestId: id, sinks: [publisher] })
              .catch((error: unknown) => report(id, error)),
        )
        return {
          status: "started" as const,
          requestId: id,
          baseRequestId: prepared.target.base.requestId,
          applied: prepared.resolved.applied,
        }
      }),
    "whatif.rerun": ({ requestId, changes }) =>
      guard(() => {
        const started = whatif.rerun(requestId, changes, { sinks: [publisher] })
        started.done.catch((error: unknown) => report(started.requestId, error))
        return { requestId: started.requestId }
      }),
    "whatif.compare": ({ baseRequestId, otherRequestId }) =>
      guard(() => whatif.compare(baseRequestId, otherRequestId)),
    "scenarios.list": (filter) => guard(() => whatif.listScenarios(filter)),
    "scenarios.get": ({ id }) => guard(() => whatif.scenarioDetail(id)),
    "scenarios.save": (input) => guard(() => whatif.saveScenario(input)),
    "scenarios.rename": ({ id, name, notes }) => guard(() => whatif.scenarios.rename(id, name, notes)),
    "scenarios.duplicate": ({ id, name }) => guard(() => whatif.duplicateScenario(id, name)),
    "scenarios.delete": ({ id }) =>
      guard(() => {
        whatif.scenarios.delete(id)
        return { id }
      }),
    "scenarios.compare": ({ a, b }) => guard(() => whatif.compareScenarios(a, b)),
    "scenarios.recheck": ({ id }) => guard(() => whatif.recheck(id, { sinks: [publisher] })),
  }
}

/** The store's failures as mapStoreErrors maps them, plus the what-if feature's own. */
async function guard<T>(body: () => T | Promise<T>): Promise<T> {
  return mapStoreErrors(async () => {
    try {
      return await body()
    } catch (error) {
      if (error instanceof WhatIfInputError) throw new IpcFailure("BAD_INPUT", error.message)
      if (error instanceof WhatIfStateError) throw new IpcFailure("CONFLICT", error.message)
      if (error instanceof ScenarioNotFoundError) throw new IpcFailure("NOT_FOUND", error.message)
      throw error
    }
  })
}
