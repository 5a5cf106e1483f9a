import type { ReasoningEvent } from "../../src-shared/events/event"
import type { ExportProgress } from "../../src-shared/export"
import type { FiskaiApi, FiskaiSubscriptions } from "../../src-shared/ipc/api"
import type { IpcResult } from "../../src-shared/ipc/channel"
import { channels, pushChannels, type ChannelKey } from "../../src-shared/ipc/channels"
import { TOKEN_PARAM, WS_PATH, WsPush, WsResponse, type WsRequest } from "../../src-shared/ipc/ws-protocol"

// FiskaiApi over the browser host's WebSocket (src-shared/ipc/ws-protocol.ts), for when the page
// runs in a plain Chromium instead of Electron. Requests made while the first connection opens wait
// for it; requests waiting or in flight when the socket drops, and requests made while it is
// reconnecting, are answered UNAVAILABLE at once, never left hanging.

export type ConnectionState = "connecting" | "open" | "reconnecting" | "closed"

export interface WsApi extends FiskaiApi {
  readonly connection: ConnectionState
  onConnectionChange(listener: (state: ConnectionState) => void): () => void
  /** Stops reconnecting and answers every waiting request UNAVAILABLE. */
  close(): void
}

export interface WsClientOptions {
  url: string
  /** The WebSocket constructor; the browser's by default. */
  WebSocketImpl?: typeof WebSocket
  /** Delay before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number
}

/** 250 ms, 500 ms, 1 s, 2 s, then every 4 s. */
export function defaultBackoff(attempt: number): number {
  return Math.min(4000, 250 * 2 ** attempt)
}

/** ws://host/ws?token=T for the page's own origin and token. */
export function hostSocketUrl(location: { protocol: string; host: string; search: string }): string | null {
  const token = new URLSearchParams(location.search).get(TOKEN_PARAM)
  if (!token) return null
  const scheme = location.protocol === "https:" ? "wss" : "ws"
  return `${scheme}://${location.host}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`
}

function unavailable(message: string): IpcResult<never> {
  return { ok: false, error: { code: "UNAVAILABLE", message } }
}

interface Pending {
  request: WsRequest
  resolve: (result: IpcResult<unknown>) => void
  sent: boolean
}

export function createWsApi(options: WsClientOptions): WsApi {
  const Impl = options.WebSocketImpl ?? WebSocket
  const backoff = options.backoffMs ?? defaultBackoff
  const pending = new Map<number, Pending>()
  const eventListeners = new Set<(event: ReasoningEvent) => void>()
  const progressListeners = new Set<(progress: ExportProgress) => void>()
  const stateListeners = new Set<(state: ConnectionState) => void>()
  let socket: WebSocket | null = null
  let state: ConnectionState = "connecting"
  let attempt = 0
  let nextId = 1
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null

  function setState(next: ConnectionState): void {
    if (next === state) return
    state = next
    for (const listener of stateListeners) listener(next)
  }

  function sendPending(): void {
    if (!socket || socket.readyState !== Impl.OPEN) return
    for (const entry of pending.values()) {
      if (entry.sent) continue
      socket.send(JSON.stringify(entry.request))
      entry.sent = true
    }
  }

  function failAll(message: string): void {
    const entries = [...pending.values()]
    pending.clear()
    for (const entry of entries) entry.resolve(unavailable(message))
  }

  function onMessage(data: unknown): void {
    if (typeof data !== "string") return
    let json: unknown
    try {
      json = JSON.parse(data)
    } catch {
      return
    }
    const push = WsPush.safeParse(json)
    if (push.success) {
      if (push.data.push === pushChannels.reasoningEvent.name) {
        // Validated by the run store, which is the renderer's boundary for events.
        for (const listener of eventListeners) listener(push.data.payload as ReasoningEvent)
      } else if (push.data.push === pushChannels.exportProgress.name) {
        // Validated by the export feature (features/export), the renderer's boundary for progress.
        for (const listener of progressListeners) listener(push.data.payload as ExportProgress)
      }
      return
    }
    const response = WsResponse.safeParse(json)
    if (!response.success) return
    const entry = pending.get(response.data.id)
    if (!entry) return
    pending.delete(response.data.id)
    entry.resolve(response.data.result as IpcResult<unknown>)
  }

  function connect(): void {
    const ws = new Impl(options.url)
    socket = ws
    ws.onopen = () => {
      attempt = 0
      setState("open")
      sendPending()
    }
    ws.onmessage = (message) => onMessage(message.data)
    ws.onclose = () => {
      if (socket !== ws) return
      socket = null
      failAll("the connection to the FiskAI host was lost before it answered")
      if (state === "closed") return
      setState("reconnecting")
      reconnectTimer = setTimeout(connect, backoff(attempt))
      attempt += 1
    }
  }

  function request(key: ChannelKey, input: unknown): Promise<IpcResult<unknown>> {
    if (state === "closed") return Promise.resolve(unavailable("the connection to the FiskAI host is closed"))
    if (state === "reconnecting")
      return Promise.resolve(unavailable("not connected to the FiskAI host; reconnecting"))
    return new Promise((resolve) => {
      const id = nextId++
      pending.set(id, { request: { id, channel: key, input }, resolve, sent: false })
      sendPending()
    })
  }

  const functions: Record<string, (input: unknown) => Promise<IpcResult<unknown>>> = {}
  for (const key of Object.keys(channels) as ChannelKey[]) functions[key] = (input) => request(key, input)

  const api: WsApi = {
    // Every channel key was assigned above with a request over the socket.
    ...(functions as unknown as Omit<FiskaiApi, FiskaiSubscriptions>),
    onReasoningEvent(listener: (event: ReasoningEvent) => void): () => void {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    },
    onExportProgress(listener: (progress: ExportProgress) => void): () => void {
      progressListeners.add(listener)
      return () => progressListeners.delete(listener)
    },
    get connection(): ConnectionState {
      return state
    },
    onConnectionChange(listener: (next: ConnectionState) => void): () => void {
      stateListeners.add(listener)
      return () => stateListeners.delete(listener)
    },
    close(): void {
      setState("closed")
      if (reconnectTimer !== null) clearTimeout(reconnectTimer)
      const ws = socket
      socket = null
      ws?.close()
      failAll("the connection to the FiskAI host is closed")
    },
  }
  connect()
  return api
}
