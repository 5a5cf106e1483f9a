import { describe, expect, it } from "vitest"
import {
  hasFilters,
  NO_FILTERS,
  PAGE_SIZE,
  toPageRequest,
} from "../../../../../src-renderer/features/history/history-query"
import { TracePageRequest } from "../../../../../src-shared/traces"

describe("toPageRequest", () => {
  it("sends only the filters that are set, valid for the listTraces channel", () => {
    const request = toPageRequest(
      { ...NO_FILTERS, outcome: "REFUSAL", riskTier: "T0", since: "2025-01-01", search: "  pdv  " },
      "cursor-1",
    )
    expect(request).toEqual({
      limit: PAGE_SIZE,
      outcome: "REFUSAL",
      riskTier: "T0",
      since: "2025-01-01",
      search: "pdv",
      cursor: "cursor-1",
    })
    expect(TracePageRequest.safeParse(request).success).toBe(true)
  })

  it("asks for the first page with no filters", () => {
    expect(toPageRequest(NO_FILTERS, null)).toEqual({ limit: PAGE_SIZE })
    expect(hasFilters(NO_FILTERS)).toBe(false)
    expect(hasFilters({ ...NO_FILTERS, clientId: "c" })).toBe(true)
  })
})
