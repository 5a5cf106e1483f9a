import type { CounterfactualRequest, WhatIfChange } from "../../src-shared/whatif"
import type { BaseRun } from "./base-run"
import type { ResolvedChanges } from "./changes"

// The request a what-if run stores in its trace: the base it starts from, the changes asked, and
// the changed context they resolved to. The engine computes the run from it
// (engine/counterfactual.ts); the run service starts, drives and stores it like any run.

export function counterfactualRequest(
  requestId: string,
  base: BaseRun,
  changes: readonly WhatIfChange[],
  resolved: ResolvedChanges,
): CounterfactualRequest {
  return {
    kind: "counterfactual",
    requestId,
    counterfactualOf: base.requestId,
    changes: [...changes],
    applied: resolved.applied,
    context: resolved.context,
    factSources: resolved.factSources,
    assumedDefaults: resolved.assumedDefaults,
  }
}
