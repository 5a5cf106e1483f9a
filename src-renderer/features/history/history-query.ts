import type { RiskTier, TerminalOutcome } from "../../../src-shared/events/stages"
import type { TracePageRequest } from "../../../src-shared/traces"

// History filters as the form holds them (strings, "" = any) and as the listTraces channel takes them.

export interface HistoryFilters {
  outcome: TerminalOutcome | ""
  riskTier: RiskTier | ""
  clientId: string
  since: string
  until: string
  search: string
  /** "yes": only runs someone reported. */
  flagged: "" | "yes"
}

export const NO_FILTERS: HistoryFilters = {
  outcome: "",
  riskTier: "",
  clientId: "",
  since: "",
  until: "",
  search: "",
  flagged: "",
}

export const PAGE_SIZE = 25

export function toPageRequest(filters: HistoryFilters, cursor: string | null): TracePageRequest {
  const request: TracePageRequest = { limit: PAGE_SIZE }
  if (filters.outcome) request.outcome = filters.outcome
  if (filters.riskTier) request.riskTier = filters.riskTier
  if (filters.clientId) request.clientId = filters.clientId
  if (filters.since) request.since = filters.since
  if (filters.until) request.until = filters.until
  if (filters.flagged === "yes") request.flagged = true
  const search = filters.search.trim()
  if (search) request.search = search.slice(0, 200)
  if (cursor) request.cursor = cursor
  return request
}

export function hasFilters(filters: HistoryFilters): boolean {
  return Object.values(filters).some((value) => value !== "")
}
