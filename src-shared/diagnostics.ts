import { z } from "zod"

// Where the app's log and crash reports are, for the Settings screen's "Open log folder". The log
// holds no question text and no client data (only request ids), so a user can send the folder.

export const LogFolder = z.object({
  /** The folder: <data folder>/logs (crash reports in its crash-dumps/ under Electron). */
  path: z.string(),
  /** Only the desktop app can open a folder in the file manager; the browser host shows the path. */
  canOpen: z.boolean(),
})

export const OpenedFolder = z.object({ path: z.string() })

export type LogFolder = z.infer<typeof LogFolder>
export type OpenedFolder = z.infer<typeof OpenedFolder>
