import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"

// runs.ask / runs.answer / runs.cancel: live runs, events pushed through the event bus.

export function reasoningHandlers(services: Services): Pick<HandlerTable, "runs.ask" | "runs.answer" | "runs.cancel"> {
  return {
    "runs.ask": (input) => mapStoreErrors(() => services.runs.ask(input)),
    "runs.answer": ({ requestId, answer }) => mapStoreErrors(() => services.runs.answer(requestId, answer)),
    "runs.cancel": ({ requestId }) => mapStoreErrors(() => services.runs.cancel(requestId)),
  }
}
