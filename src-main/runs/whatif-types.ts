import type { WhatIfChange, WhatIfDiff, WhatIfRunResult } from "../../src-shared/whatif"
import type { ReasoningSink } from "../sinks/types"
import type { ScenariosRepository } from "../store/scenarios-repo"
import type { WhatIfTarget } from "../whatif/base-run"
import type { ResolvedChanges } from "../whatif/changes"
import type { CounterfactualRun, RunService } from "./run-service"

// The shapes the what-if service and the scenario re-check share (kept apart so that the
// re-check needs only what it uses of the service, not the service module).

export interface RunOptions {
  sinks?: readonly ReasoningSink[]
  requestId?: string
}

export type Prepared =
  | { status: "ready"; target: WhatIfTarget; changes: WhatIfChange[]; resolved: ResolvedChanges }
  | {
      status: "needs_rerun"
      target: WhatIfTarget
      changes: WhatIfChange[]
      resolved: ResolvedChanges
      result: Extract<WhatIfRunResult, { status: "needs_rerun" }>
    }

/** What re-checking a scenario uses of the what-if service. */
export interface ScenarioRechecker {
  readonly scenarios: ScenariosRepository
  readonly traces: RunService
  run(requestId: string, changes: readonly WhatIfChange[], options?: RunOptions): Promise<{ prepared: Prepared; run: CounterfactualRun | null }>
  compare(baseRequestId: string, otherRequestId: string): WhatIfDiff
}
