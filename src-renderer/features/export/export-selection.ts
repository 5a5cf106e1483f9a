import type { RiskTier, TerminalOutcome } from "../../../src-shared/events/stages"
import type { ExportSelection } from "../../../src-shared/export"
import { isIsoDate } from "../../format/dates"

// The filter form of the export screen and the contract's ExportSelection it stands for. Empty
// fields mean "any"; an impossible date range is refused here rather than exported as nothing.

export interface ExportFilter {
  since: string
  until: string
  outcome: TerminalOutcome | ""
  riskTier: RiskTier | ""
  clientId: string
}

export const ANY_FILTER: ExportFilter = { since: "", until: "", outcome: "", riskTier: "", clientId: "" }

export type FilterProblem = "badDate" | "badRange"

export function filterSelection(
  filter: ExportFilter,
): { selection: ExportSelection; problem: null } | { selection: null; problem: FilterProblem } {
  const since = filter.since.trim()
  const until = filter.until.trim()
  if ((since !== "" && !isIsoDate(since)) || (until !== "" && !isIsoDate(until)))
    return { selection: null, problem: "badDate" }
  if (since !== "" && until !== "" && since > until) return { selection: null, problem: "badRange" }
  return {
    selection: {
      ...(since === "" ? {} : { since }),
      ...(until === "" ? {} : { until }),
      ...(filter.outcome === "" ? {} : { outcome: filter.outcome }),
      ...(filter.riskTier === "" ? {} : { riskTier: filter.riskTier }),
      ...(filter.clientId === "" ? {} : { clientId: filter.clientId }),
    },
    problem: null,
  }
}
