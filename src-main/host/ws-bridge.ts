import type { WebSocket } from "ws"
import type { IpcResult } from "../../src-shared/ipc/channel"
import { WsRequest, type WsPush, type WsResponse } from "../../src-shared/ipc/ws-protocol"
import type { Dispatch } from "../ipc/dispatcher"
import { forwardPushes, type PushSources } from "../ipc/pushes"

// One browser-host connection: requests go through the same dispatcher as Electron IPC, and every
// push (live reasoning events, export progress) is forwarded to the page, as in Electron.

const UNPARSABLE_ID = -1

function badMessage(message: string): IpcResult<never> {
  return { ok: false, error: { code: "BAD_INPUT", message } }
}

function parseRequest(data: string): WsRequest | { id: number; error: IpcResult<never> } {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return { id: UNPARSABLE_ID, error: badMessage("message is not JSON") }
  }
  const parsed = WsRequest.safeParse(json)
  if (parsed.success) return parsed.data
  const id = typeof json === "object" && json !== null && "id" in json && Number.isInteger(json.id) ? Number(json.id) : UNPARSABLE_ID
  return { id, error: badMessage("message is not a request: expected { id, channel, input }") }
}

export function attachWsBridge(
  socket: WebSocket,
  dispatch: Dispatch,
  pushes: PushSources,
  origin: string | null,
): void {
  const send = (message: WsResponse | WsPush) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  const unsubscribe = forwardPushes(pushes, (push, payload) => send({ push, payload }))
  socket.on("close", unsubscribe)
  socket.on("error", unsubscribe)
  socket.on("message", (data, isBinary) => {
    if (isBinary) return send({ id: UNPARSABLE_ID, result: badMessage("binary messages are not accepted") })
    const request = parseRequest(data.toString())
    if ("error" in request) return send({ id: request.id, result: request.error })
    void dispatch(request.channel, request.input, { transport: "websocket", url: origin }).then((result) =>
      send({ id: request.id, result }),
    )
  })
}
