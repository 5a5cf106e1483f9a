import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Services } from "../services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"

// History: list with filters and keyset paging, one trace with its events, verify, stats.

export function traceHandlers(
  services: Services,
): Pick<HandlerTable, "listTraces" | "getTrace" | "verifyTrace" | "traceStats"> {
  return {
    listTraces: (input) => mapStoreErrors(() => services.traces.list(input)),
    getTrace: ({ requestId }) =>
      mapStoreErrors(() => {
        const detail = services.traces.get(requestId)
        if (detail === null) throw new IpcFailure("NOT_FOUND", `no trace ${requestId}`)
        return detail
      }),
    verifyTrace: ({ requestId }) => mapStoreErrors(() => services.traces.verify(requestId)),
    traceStats: () => mapStoreErrors(() => services.traces.stats()),
  }
}
