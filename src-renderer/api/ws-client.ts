import { buildChannelNamespaces, type FiskaiApi, type PushSubscribe } from "../../src-shared/ipc/api"
import type { IpcResult } from "../../src-shared/ipc/channel"
import { isPushKey, type ChannelKey, type PushKey, type PushPayload } from "../../src-shared/ipc/channels"
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

/** Requests waiting for their answer: sent once the socket is open, answered by id, failed together. */
function createPendingRequests() {
  const pending = new Map<number, Pending>()
  let nextId = 1
  return {
    add(channel: ChannelKey, input: unknown): Promise<IpcResult<unknown>> {
      return new Promise((resolve) => {
        const id = nextId++
        pending.set(id, { request: { id, channel, input }, resolve, sent: false })
      })
    },
    sendUnsent(send: (text: string) => void): void {
      for (const entry of pending.values()) {
        if (entry.sent) continue
        send(JSON.stringify(entry.request))
        entry.sent = true
      }
    },
    answer(id: number, result: IpcResult<unknown>): void {
      const entry = pending.get(id)
      if (!entry) return
      pending.delete(id)
      entry.resolve(result)
    },
    failAll(message: string): void {
      const entries = [...pending.values()]
      pending.clear()
      for (const entry of entries) entry.resolve(unavailable(message))
    },
  }
}

/** Subscriptions by the push's one name; `deliver` hands a pushed payload to that push's listeners. */
function createPushListeners(): { on: PushSubscribe; deliver(name: string, payload: unknown): void } {
  const listeners = new Map<PushKey, Set<(payload: unknown) => void>>()
  return {
    on<K extends PushKey>(push: K, listener: (payload: PushPayload<K>) => void): () => void {
      if (typeof push !== "string" || !isPushKey(push)) throw new Error(`unknown push: ${String(push).slice(0, 64)}`)
      const entry = listener as (payload: unknown) => void
      const forPush = listeners.get(push) ?? new Set()
      listeners.set(push, forPush.add(entry))
      return () => void forPush.delete(entry)
    },
    deliver(name, payload) {
      // Payloads are validated by their subscribers, the renderer's boundary: the run store for
      // "runs.event", the export feature (features/export) for "exports.progress".
      if (isPushKey(name)) for (const listener of [...(listeners.get(name) ?? [])]) listener(payload)
    },
  }
}

/** A message from the host: a push, an answer to a request, or nothing this client understands. */
function parseMessage(data: unknown): { push: WsPush } | { response: WsResponse } | null {
  if (typeof data !== "string") return null
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return null
  }
  const push = WsPush.safeParse(json)
  if (push.success) return { push: push.data }
  const response = WsResponse.safeParse(json)
  return response.success ? { response: response.data } : null
}

export function createWsApi(options: WsClientOptions): WsApi {
  const Impl = options.WebSocketImpl ?? WebSocket
  const backoff = options.backoffMs ?? defaultBackoff
  const requests = createPendingRequests()
  const pushes = createPushListeners()
  const stateListeners = new Set<(state: ConnectionState) => void>()
  let socket: WebSocket | null = null
  let state: ConnectionState = "connecting"
  let attempt = 0
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null

  function setState(next: ConnectionState): void {
    if (next === state) return
    state = next
    for (const listener of stateListeners) listener(next)
  }

  function sendPending(): void {
    const open = socket
    if (!open || open.readyState !== Impl.OPEN) return
    requests.sendUnsent((text) => open.send(text))
  }

  function onMessage(data: unknown): void {
    const message = parseMessage(data)
    if (message === null) return
    if ("push" in message) pushes.deliver(message.push.push, message.push.payload)
    else requests.answer(message.response.id, message.response.result as IpcResult<unknown>)
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
      requests.failAll("the connection to the FiskAI host was lost before it answered")
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
    const answered = requests.add(key, input)
    sendPending()
    return answered
  }

  const api: WsApi = {
    ...buildChannelNamespaces((name) => (input) => request(name, input)),
    on: pushes.on,
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
      requests.failAll("the connection to the FiskAI host is closed")
    },
  }
  connect()
  return api
}
