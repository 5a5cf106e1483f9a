import WebSocket from "ws"
import { TOKEN_PARAM, WS_PATH } from "../../../../src-shared/ipc/ws-protocol"

// A bare WebSocket client for the browser host, able to send what a real page never would: raw
// text, binary frames, malformed requests. Answers are matched by id; pushes are collected.

export interface HostAddress {
  port: number
  token: string
}

export interface RawAnswer {
  id: number
  result: unknown
}

export class HostSocket {
  readonly pushes: Array<{ push: string; payload: unknown }> = []
  private readonly waiting = new Map<number, (answer: RawAnswer) => void>()
  private readonly unmatched: RawAnswer[] = []
  private closedWith: number | null = null

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString()) as Partial<RawAnswer> & { push?: string; payload?: unknown }
      if (typeof message.push === "string") return void this.pushes.push({ push: message.push, payload: message.payload })
      const answer = { id: Number(message.id), result: message.result }
      const resolve = this.waiting.get(answer.id)
      if (resolve) {
        this.waiting.delete(answer.id)
        resolve(answer)
      } else this.unmatched.push(answer)
    })
    socket.on("close", (code) => {
      this.closedWith = code
    })
  }

  static open(address: HostAddress, options: { origin?: string; token?: string; host?: string } = {}): Promise<HostSocket> {
    const token = options.token ?? address.token
    const url = `ws://127.0.0.1:${address.port}${WS_PATH}?${TOKEN_PARAM}=${encodeURIComponent(token)}`
    const headers: Record<string, string> = { Origin: options.origin ?? `http://127.0.0.1:${address.port}` }
    if (options.host !== undefined) headers["Host"] = options.host
    const socket = new WebSocket(url, { headers })
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new HostSocket(socket)))
      socket.once("unexpected-response", (_request, response) => reject(new Error(`refused with HTTP ${response.statusCode}`)))
      socket.once("error", reject)
    })
  }

  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN
  }

  get closeCode(): number | null {
    return this.closedWith
  }

  /** Sends raw data; resolves with the answer carrying `expectId` (-1 for an unparsable message). */
  sendRaw(data: string | Buffer, expectId: number, options: { binary?: boolean } = {}): Promise<RawAnswer> {
    const already = this.unmatched.findIndex((answer) => answer.id === expectId)
    if (already >= 0) this.unmatched.splice(already, 1)
    return new Promise((resolve, reject) => {
      this.waiting.set(expectId, resolve)
      this.socket.send(data, { binary: options.binary === true }, (error) => {
        if (error) reject(error)
      })
      this.socket.once("close", (code) => {
        if (this.waiting.delete(expectId)) reject(new Error(`connection closed (${code}) before answer ${expectId}`))
      })
    })
  }

  request(id: number, channel: string, input: unknown): Promise<RawAnswer> {
    return this.sendRaw(JSON.stringify({ id, channel, input }), id)
  }

  close(): void {
    this.socket.close()
  }
}
