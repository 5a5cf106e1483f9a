import { IpcFailure } from "../../src-shared/ipc/channel"
import type { HandlerTable } from "../ipc/handler-table"
import { logDirFor } from "../logging/app-log"
import type { Services } from "../composition/services"

// Where the log folder is. Opening it in the file manager needs the desktop shell: here (the
// browser host, tests) the path is shown and `diagnostics.openLogFolder` answers UNAVAILABLE; Electron
// replaces both (src-main/electron/log-folder.ts).

export function diagnosticsHandlers(
  services: Pick<Services, "dataDir">,
): Pick<HandlerTable, "diagnostics.logFolder" | "diagnostics.openLogFolder"> {
  const dir = logDirFor(services.dataDir)
  return {
    "diagnostics.logFolder": async () => ({ path: dir, canOpen: false }),
    "diagnostics.openLogFolder": async () => {
      throw new IpcFailure(
        "UNAVAILABLE",
        "only the desktop app can open a folder; the log folder is shown in Settings",
      )
    },
  }
}
