import { ipcMain } from "electron"
import { channels, type ChannelKey } from "../../src-shared/ipc/channels"
import type { Dispatch } from "../ipc/dispatcher"

// Electron's side of the one IPC wrapper: every channel is registered under its one name
// "<domain>.<fn>" (which is its wire name) and goes through the shared dispatcher with the calling
// frame's URL for the sender check.

export function setupIpcHandlers(dispatch: Dispatch): () => void {
  const names = Object.keys(channels) as ChannelKey[]
  for (const name of names) {
    ipcMain.handle(name, (event, input: unknown) =>
      dispatch(name, input, { transport: "electron", url: event.senderFrame?.url ?? null }),
    )
  }
  return () => {
    for (const name of names) ipcMain.removeHandler(name)
  }
}
