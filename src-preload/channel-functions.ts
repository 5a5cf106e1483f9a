import { buildChannelNamespaces, type ChannelNamespaces } from "../src-shared/ipc/api"
import type { IpcResult } from "../src-shared/ipc/channel"

// The channel functions, built from the contract's channel table: `<domain>.<fn>(input)` invokes
// the wire channel "<domain>.<fn>". A transport failure (no handler registered yet, main process
// gone) is returned as UNAVAILABLE, never thrown.

export type Invoke = (wireName: string, input: unknown) => Promise<unknown>

export function buildChannelFunctions(invoke: Invoke): ChannelNamespaces {
  return buildChannelNamespaces((name) => async (input) => {
    try {
      return (await invoke(name, input)) as IpcResult<unknown>
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return { ok: false, error: { code: "UNAVAILABLE", message: `the application did not answer: ${message}` } }
    }
  })
}
