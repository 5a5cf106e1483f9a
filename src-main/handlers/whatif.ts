import { newRequestId } from "../util/request-id"
import { IpcFailure } from "../../src-shared/ipc/channel"
import type { HandlerTable } from "../ipc/handler-table"
import type { Services } from "../services"
import type { ReasoningSink } from "../sinks/types"
import { ScenarioNotFoundError } from "../store/scenarios-repo"
import { WhatIfStateError } from "../whatif/base-run"
import { WhatIfInputError } from "../whatif/fact-info"
import { WhatIfService } from "../whatif/service"
import { mapStoreErrors } from "./store-errors"

// The "What if…" panel and saved scenarios (issue 5). A counterfactual starts on the next turn and
// answers with its id at once; its events reach the window through the same event bus as live
// runs (each marked counterfactualOf), so the panel's stepper streams it like any run.

type WhatIfKeys =
  | "whatifDrivers"
  | "whatifRun"
  | "whatifRerun"
  | "whatifCompare"
  | "listScenarios"
  | "getScenario"
  | "saveScenario"
  | "renameScenario"
  | "duplicateScenario"
  | "deleteScenario"
  | "compareScenarios"
  | "recheckScenario"

export function whatifHandlers(services: Services): Pick<HandlerTable, WhatIfKeys> {
  const whatif = new WhatIfService({
    store: services.store,
    traces: services.traces,
    currentPack: services.pack,
  })
  const publisher: ReasoningSink = { mode: "nonBlocking", write: (event) => services.events.publish(event) }
  const report = (requestId: string, error: unknown) => services.reportBackgroundError(`what-if ${requestId}`, error)

  return {
    whatifDrivers: ({ requestId }) => guard(() => whatif.drivers(requestId)),
    whatifRun: ({ requestId, changes }) =>
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
    whatifRerun: ({ requestId, changes }) =>
      guard(() => {
        const started = whatif.rerun(requestId, changes, { sinks: [publisher] })
        started.done.catch((error: unknown) => report(started.requestId, error))
        return { requestId: started.requestId }
      }),
    whatifCompare: ({ baseRequestId, otherRequestId }) =>
      guard(() => whatif.compare(baseRequestId, otherRequestId)),
    listScenarios: (filter) => guard(() => whatif.listScenarios(filter)),
    getScenario: ({ id }) => guard(() => whatif.scenarioDetail(id)),
    saveScenario: (input) => guard(() => whatif.saveScenario(input)),
    renameScenario: ({ id, name, notes }) => guard(() => whatif.scenarios.rename(id, name, notes)),
    duplicateScenario: ({ id, name }) => guard(() => whatif.duplicateScenario(id, name)),
    deleteScenario: ({ id }) =>
      guard(() => {
        whatif.scenarios.delete(id)
        return { id }
      }),
    compareScenarios: ({ a, b }) => guard(() => whatif.compareScenarios(a, b)),
    recheckScenario: ({ id }) => guard(() => whatif.recheck(id, { sinks: [publisher] })),
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
