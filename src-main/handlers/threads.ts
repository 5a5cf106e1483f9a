import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { deferredPublisher } from "../runs/deferred-publisher"
import { ThreadBusyError, ThreadService } from "../runs/thread-service"
import { ThreadNotFoundError } from "../store/threads-repo"
import { mapStoreErrors } from "./store-errors"

// Threads (issue 22): conversations whose turns are runs. threads.ask starts the turn's run through
// the thread service (the one run path) and answers with its id; the window follows the run on
// runs.event like any run, and continues a turn suspended at a clarification with runs.answer.
// An unknown thread or client answers NOT_FOUND; a thread still answering its last question,
// CONFLICT. Nothing is written then.

type ThreadKeys =
  | "threads.create"
  | "threads.list"
  | "threads.get"
  | "threads.rename"
  | "threads.delete"
  | "threads.ask"
  | "threads.search"

export function threadHandlers(services: Services): Pick<HandlerTable, ThreadKeys> {
  const threads = new ThreadService({
    store: services.store,
    runs: services.traces,
    onBackgroundError: services.reportBackgroundError,
  })
  return {
    "threads.create": (input) => guard(() => threads.newThread(input)),
    "threads.list": (filter) => guard(() => threads.list(filter)),
    "threads.get": ({ id }) => guard(() => threads.get(id)),
    "threads.rename": (input) => guard(() => threads.rename(input)),
    "threads.delete": ({ id }) => guard(() => threads.delete(id)),
    "threads.search": ({ text }) => guard(() => threads.search(text)),
    "threads.ask": ({ threadId, question, dropped, locale }) =>
      guard(() => {
        const turn = threads.start(threadId, question, {
          ...(dropped === undefined ? {} : { dropped }),
          ...(locale === undefined ? {} : { locale }),
          sinks: [deferredPublisher(services.events)],
        })
        // The caller has its answer; a failure of the run from here on is a background failure.
        turn.done.catch((error: unknown) => services.reportBackgroundError(`run ${turn.requestId}`, error))
        return { threadId: turn.threadId, requestId: turn.requestId, seq: turn.seq }
      }),
  }
}

async function guard<T>(body: () => T): Promise<T> {
  return mapStoreErrors(() => {
    try {
      return body()
    } catch (error) {
      if (error instanceof ThreadNotFoundError) throw new IpcFailure("NOT_FOUND", error.message)
      if (error instanceof ThreadBusyError) throw new IpcFailure("CONFLICT", error.message)
      throw error
    }
  })
}
