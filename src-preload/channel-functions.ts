import type { FiskaiApi, FiskaiSubscriptions } from "../src-shared/ipc/api"
import type { IpcResult } from "../src-shared/ipc/channel"
import { channels, type ChannelKey } from "../src-shared/ipc/channels"

// One named function per channel, built from the contract's channel table. A transport failure
// (no handler registered yet, main process gone) is returned as UNAVAILABLE, never thrown.

export type ChannelFunctions = Omit<FiskaiApi, FiskaiSubscriptions>
export type Invoke = (wireName: string, input: unknown) => Promise<unknown>

export function buildChannelFunctions(invoke: Invoke): ChannelFunctions {
  const functions: Record<string, (input: unknown) => Promise<IpcResult<unknown>>> = {}
  for (const key of Object.keys(channels) as ChannelKey[]) {
    const wireName = channels[key].name
    functions[key] = async (input) => {
      try {
        return (await invoke(wireName, input)) as IpcResult<unknown>
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        return { ok: false, error: { code: "UNAVAILABLE", message: `the application did not answer: ${message}` } }
      }
    }
  }
  // Every key of `channels` was assigned above with the wire call of that channel.
  return functions as unknown as ChannelFunctions
}
