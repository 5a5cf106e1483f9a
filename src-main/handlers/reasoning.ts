import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { documentsOf } from "../runs/run-documents"
import { mapStoreErrors } from "./store-errors"

// runs.ask / runs.answer / runs.cancel: live runs, events pushed through the event bus.

export function reasoningHandlers(services: Services): Pick<HandlerTable, "runs.ask" | "runs.answer" | "runs.cancel"> {
  return {
    // A question may attach client documents (the Ask screen's drop): read from this store.
    "runs.ask": (input) => mapStoreErrors(() => services.runs.ask(input, () => documentsOf(services.store))),
    "runs.answer": ({ requestId, answer }) => mapStoreErrors(() => services.runs.answer(requestId, answer)),
    "runs.cancel": ({ requestId }) => mapStoreErrors(() => services.runs.cancel(requestId)),
  }
}
