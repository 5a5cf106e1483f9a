import { IpcFailure } from "../../src-shared/ipc/channel"
import type { HandlerTable } from "../ipc/handler-table"
import { logDirFor } from "../logging/app-log"
import type { Services } from "../services"

// Where the log folder is. Opening it in the file manager needs the desktop shell: here (the
// browser host, tests) the path is shown and `openLogFolder` answers UNAVAILABLE; Electron
// replaces both (src-main/electron/log-folder.ts).

export function diagnosticsHandlers(
  services: Pick<Services, "dataDir">,
): Pick<HandlerTable, "logFolder" | "openLogFolder"> {
  const dir = logDirFor(services.dataDir)
  return {
    logFolder: async () => ({ path: dir, canOpen: false }),
    openLogFolder: async () => {
      throw new IpcFailure(
        "UNAVAILABLE",
        "only the desktop app can open a folder; the log folder is shown in Settings",
      )
    },
  }
}
