import type { Services } from "../services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"

// ask / answerClarification / cancel: live runs, events pushed through the event bus.

export function reasoningHandlers(services: Services): Pick<HandlerTable, "ask" | "answerClarification" | "cancel"> {
  return {
    ask: (input) => mapStoreErrors(() => services.runs.ask(input)),
    answerClarification: ({ requestId, answer }) => mapStoreErrors(() => services.runs.answer(requestId, answer)),
    cancel: ({ requestId }) => mapStoreErrors(() => services.runs.cancel(requestId)),
  }
}
