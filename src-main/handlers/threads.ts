import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { deferredPublisher } from "../runs/deferred-publisher"
import type { Locale } from "../../src-shared/events/stages"
import { MentionNotFoundError } from "../runs/mention-resolver"
import { ThreadBusyError, ThreadPauseError, ThreadService, type StartedTurn } from "../runs/thread-service"
import { ThreadNotFoundError } from "../store/threads-repo"
import { DocumentError } from "../store/documents-repo"
import { mapStoreErrors } from "./store-errors"

// Threads (issue 22): conversations whose turns are runs. threads.ask starts the turn's run through
// the thread service (the one run path) and answers with its id; the window follows the run on
// runs.event like any run, and continues a turn suspended at a clarification with runs.answer.
// An unknown thread or client answers NOT_FOUND; a thread still answering its last question,
// CONFLICT. Nothing is written then. A question whose @-mention names no document clearly does
// not run: threads.ask answers with the pause (kept in the thread's checkpoint), and the window
// goes on with threads.resume once the user has chosen, or threads.dismiss.

type ThreadKeys =
  | "threads.create"
  | "threads.list"
  | "threads.get"
  | "threads.rename"
  | "threads.delete"
  | "threads.ask"
  | "threads.search"
  | "threads.resume"
  | "threads.dismiss"

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
    "threads.ask": ({ threadId, question, dropped, locale, documents }) =>
      guard(
        () => {
          const begun = threads.begin(threadId, question, {
            ...(dropped === undefined ? {} : { dropped }),
            ...(locale === undefined ? {} : { locale }),
            ...(documents === undefined ? {} : { documents }),
            sinks: [deferredPublisher(services.events)],
          })
          return "paused" in begun ? begun : followed(begun)
        },
        locale ?? services.settings.get().locale,
      ),
    "threads.resume": ({ id, choices }) =>
      guard(() => followed(threads.resume(id, choices, { sinks: [deferredPublisher(services.events)] })), services.settings.get().locale),
    "threads.dismiss": ({ id }) =>
      guard(() => {
        threads.dismiss(id)
        return { id }
      }),
  }

  function followed(turn: StartedTurn) {
    // The caller has its answer; a failure of the run from here on is a background failure.
    turn.done.catch((error: unknown) => services.reportBackgroundError(`run ${turn.requestId}`, error))
    return { threadId: turn.threadId, requestId: turn.requestId, seq: turn.seq }
  }
}

async function guard<T>(body: () => T, locale: Locale = "en"): Promise<T> {
  return mapStoreErrors(() => {
    try {
      return body()
    } catch (error) {
      if (error instanceof ThreadNotFoundError) throw new IpcFailure("NOT_FOUND", error.message)
      if (error instanceof ThreadBusyError) throw new IpcFailure("CONFLICT", error.message)
      if (error instanceof MentionNotFoundError) throw new IpcFailure("BAD_INPUT", error.text(locale))
      if (error instanceof ThreadPauseError)
        throw new IpcFailure(error.reason === "nothing-paused" ? "CONFLICT" : "BAD_INPUT", error.message)
      // A mentioned document deleted (or its file gone) since it was chosen: nothing runs.
      if (error instanceof DocumentError)
        throw new IpcFailure(error.code === "content-missing" ? "UNAVAILABLE" : "NOT_FOUND", error.text(locale))
      throw error
    }
  })
}
