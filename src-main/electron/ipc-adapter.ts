import { ipcMain } from "electron"
import { channels, type ChannelKey } from "../../src-shared/ipc/channels"
import type { Dispatch } from "../ipc/dispatcher"

// Electron's side of the one IPC wrapper: every key of `channels` is registered under its wire
// name and goes through the shared dispatcher with the calling frame's URL for the sender check.

export function setupIpcHandlers(dispatch: Dispatch): () => void {
  const keys = Object.keys(channels) as ChannelKey[]
  for (const key of keys) {
    ipcMain.handle(channels[key].name, (event, input: unknown) =>
      dispatch(key, input, { transport: "electron", url: event.senderFrame?.url ?? null }),
    )
  }
  return () => {
    for (const key of keys) ipcMain.removeHandler(channels[key].name)
  }
}
