import { API_GLOBAL, buildChannelNamespaces, channelFunction, type FiskaiApi } from "../../src-shared/ipc/api"
import type { IpcErrorCode, IpcResult } from "../../src-shared/ipc/channel"
import type { ChannelInput, ChannelKey, ChannelOutput } from "../../src-shared/ipc/channels"
import { createWsApi, hostSocketUrl, type ConnectionState, type WsApi } from "./ws-client"

// The renderer's one way to the main process: window.fiskai under Electron (the preload), a
// WebSocket client with the same shape in the browser host. `call("<domain>.<fn>", input)` calls
// the channel of that one name, unwraps IpcResult and throws ApiError, so screens handle one kind
// of failure.

declare global {
  interface Window {
    [API_GLOBAL]?: FiskaiApi
  }
}

export class ApiError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly issues: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(message)
    this.name = "ApiError"
  }
}

let api: FiskaiApi | null = null
let wsApi: WsApi | null = null

/** A stand-in when neither the preload nor a host token is present: every call says so. */
function unavailableApi(reason: string): FiskaiApi {
  return {
    ...buildChannelNamespaces(() => async () => ({ ok: false, error: { code: "UNAVAILABLE", message: reason } })),
    on: () => () => undefined,
  }
}

export function getApi(): FiskaiApi {
  if (api) return api
  const fromPreload = typeof window !== "undefined" ? window[API_GLOBAL] : undefined
  if (fromPreload) {
    api = fromPreload
    return api
  }
  const url = typeof window !== "undefined" ? hostSocketUrl(window.location) : null
  if (!url) {
    api = unavailableApi("no host: open the address printed by `npm run serve` (it carries the access token)")
    return api
  }
  wsApi = createWsApi({ url })
  api = wsApi
  return api
}

/** Connection state of the browser host's socket; always "open" under Electron. */
export function getConnection(): {
  state: () => ConnectionState
  subscribe: (fn: (s: ConnectionState) => void) => () => void
} {
  getApi()
  const socket = wsApi
  if (!socket) return { state: () => "open", subscribe: () => () => undefined }
  return { state: () => socket.connection, subscribe: (fn) => socket.onConnectionChange(fn) }
}

/** For tests and stories: use this API instead of discovering one. */
export function setApi(next: FiskaiApi | null): void {
  api = next
  wsApi = null
}

export async function call<K extends ChannelKey>(
  key: K,
  input: ChannelInput<K>,
  through: FiskaiApi = getApi(),
): Promise<ChannelOutput<K>> {
  let result: IpcResult<ChannelOutput<K>>
  try {
    const send = channelFunction(through, key)
    if (send === undefined) throw new Error(`no function for ${key}`)
    result = await send(input)
  } catch (error) {
    throw new ApiError("UNAVAILABLE", error instanceof Error ? error.message : String(error))
  }
  if (result.ok) return result.value
  throw new ApiError(result.error.code, result.error.message, result.error.issues ?? [])
}
