import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { dashboardMetrics } from "../store/metrics"
import { mapStoreErrors } from "./store-errors"

// The dashboard's figures (issue 23), computed from the store on the store's clock (the one that
// stamped the runs), so "the last 7 days" ends today as the runs see it.

export function metricsHandlers(services: Services): Pick<HandlerTable, "metrics.dashboard"> {
  const { store } = services
  return {
    "metrics.dashboard": (request) => mapStoreErrors(() => dashboardMetrics(store, request, store.clock())),
  }
}
