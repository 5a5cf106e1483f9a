import type { HandlerTable } from "../ipc/handler-table"
import type { Services } from "../composition/services"
import { clientHandlers } from "./clients"
import { diagnosticsHandlers } from "./diagnostics"
import { documentHandlers } from "./documents"
import { exportHandlers } from "./exports"
import { firmHandlers } from "./firm"
import { flagHandlers } from "./flags"
import { metricsHandlers } from "./metrics"
import { modelHandlers } from "./model"
import { paperHandlers } from "./paper"
import { reasoningHandlers } from "./reasoning"
import { ruleHandlers } from "./rules"
import { settingsHandlers } from "./settings"
import { threadHandlers } from "./threads"
import { traceHandlers } from "./traces"
import { whatifHandlers } from "./whatif"

// The handler table: every channel, under its one name "<domain>.<fn>", implemented with the services. The same table
// serves Electron IPC and the browser host; `satisfies` makes a missing channel a type error.

export function createHandlers(services: Services): HandlerTable {
  return {
    ...reasoningHandlers(services),
    ...traceHandlers(services),
    ...clientHandlers(services),
    ...settingsHandlers(services),
    ...exportHandlers(services),
    ...whatifHandlers(services),
    ...diagnosticsHandlers(services),
    ...flagHandlers(services),
    ...threadHandlers(services),
    ...documentHandlers(services),
    ...paperHandlers(services),
    ...metricsHandlers(services),
    ...ruleHandlers(services),
    ...firmHandlers(services),
    ...modelHandlers(services),
  } satisfies HandlerTable
}
