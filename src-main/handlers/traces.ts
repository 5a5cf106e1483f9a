import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"

// History: list with filters and keyset paging, one trace with its events, verify, stats.

export function traceHandlers(
  services: Services,
): Pick<HandlerTable, "traces.list" | "traces.get" | "traces.verify" | "traces.stats"> {
  return {
    "traces.list": (input) => mapStoreErrors(() => services.traces.list(input)),
    "traces.get": ({ requestId }) =>
      mapStoreErrors(() => {
        const detail = services.traces.get(requestId)
        if (detail === null) throw new IpcFailure("NOT_FOUND", `no trace ${requestId}`)
        return detail
      }),
    "traces.verify": ({ requestId }) => mapStoreErrors(() => services.traces.verify(requestId)),
    "traces.stats": () => mapStoreErrors(() => services.traces.stats()),
  }
}
