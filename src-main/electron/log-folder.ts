import { shell } from "electron"
import { mkdir } from "node:fs/promises"
import { IpcFailure } from "../../src-shared/ipc/channel"
import type { HandlerTable } from "../ipc/handler-table"
import type { AppLog } from "../logging/app-log"

// "Open log folder" (Settings and the Help menu): the log folder in the system's file manager.
// The shared handler table only shows the path (handlers/diagnostics.ts); here both are replaced.

export async function openLogFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  const problem = await shell.openPath(dir)
  if (problem !== "") throw new Error(problem)
}

export function logFolderHandlers(log: AppLog): Pick<HandlerTable, "diagnostics.logFolder" | "diagnostics.openLogFolder"> {
  return {
    "diagnostics.logFolder": async () => ({ path: log.dir, canOpen: true }),
    "diagnostics.openLogFolder": async () => {
      try {
        await openLogFolder(log.dir)
      } catch (error) {
        log.warn("log_folder.open_failed", {}, error)
        throw new IpcFailure("UNAVAILABLE", `the folder could not be opened: ${log.dir}`)
      }
      return { path: log.dir }
    },
  }
}
