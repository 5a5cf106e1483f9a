import { z } from "zod"

// The browser host's wire protocol: the same channel table as Electron IPC, over one WebSocket
// on 127.0.0.1. The page is opened as http://127.0.0.1:PORT/?token=T#/ and connects to
// ws://127.0.0.1:PORT/ws?token=T; a connection without the per-start token is refused.

export const WsRequest = z.strictObject({
  id: z.number().int().nonnegative(),
  /** A channel's one name, "<domain>.<fn>" (e.g. "runs.ask", "traces.list"). */
  channel: z.string().max(64),
  input: z.unknown(),
})

export const WsResponse = z.object({ id: z.number().int(), result: z.unknown() })
/** Server -> page. `push` is a push's one name, "runs.event" or "exports.progress", with the
 *  event as `payload`. A request that cannot be parsed at all is
 *  answered with id -1. */
export const WsPush = z.object({ push: z.string(), payload: z.unknown() })

export type WsRequest = z.infer<typeof WsRequest>
export type WsResponse = z.infer<typeof WsResponse>
export type WsPush = z.infer<typeof WsPush>

export const WS_PATH = "/ws"
export const TOKEN_PARAM = "token"
