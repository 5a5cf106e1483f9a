import { openCliSession } from "../composition/cli-session"
import type { LoadedPack } from "../knowledge/loader"
import type { PersistedRunner } from "./io"

// The run service a command asks through (the composition root's, as the app's): over the
// database at dbPath, or one held in memory for --no-db.

export async function openRunStore(dbPath: string, pack: LoadedPack, clock?: () => Date): Promise<PersistedRunner> {
  const session = openCliSession({ dbPath, pack, ...(clock === undefined ? {} : { clock }) })
  return {
    ask: (request, options) => session.service.ask(request, options),
    continueRun: (requestId, answer, options) =>
      answer === null ? session.service.cancel(requestId, options) : session.service.resume(requestId, answer, options),
    close: () => session.close(),
  }
}
