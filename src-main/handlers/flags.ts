import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { FlagNotFoundError, FlagProfileNotFoundError, FlagRuleChangeNotFoundError, FlagStateError } from "../store/flags-repo"
import { mapStoreErrors } from "./store-errors"

// Flagged answers and the review queue (issue 19). A run that is not stored answers NOT_FOUND
// (FlagRunNotFoundError is a TraceNotFoundError, which mapStoreErrors maps); a run without an
// answer, or a flag already decided, answers CONFLICT; a confirmation naming a rule change that is
// not stored, or a profile that is not, answers NOT_FOUND; nothing is written then. The queue's ages
// are measured with the store's clock, the one that stamped the flags.

type FlagKeys = "flags.create" | "flags.list" | "flags.decide"

export function flagHandlers(services: Services): Pick<HandlerTable, FlagKeys> {
  const { flags, store } = services
  return {
    "flags.create": (input) => guard(() => flags.create(input)),
    "flags.list": (filter) => guard(() => flags.list(filter, store.clock())),
    "flags.decide": (input) => guard(() => flags.decide(input)),
  }
}

async function guard<T>(body: () => T): Promise<T> {
  return mapStoreErrors(() => {
    try {
      return body()
    } catch (error) {
      if (
        error instanceof FlagNotFoundError ||
        error instanceof FlagRuleChangeNotFoundError ||
        error instanceof FlagProfileNotFoundError
      )
        throw new IpcFailure("NOT_FOUND", error.message)
      if (error instanceof FlagStateError) throw new IpcFailure("CONFLICT", error.message)
      throw error
    }
  })
}
