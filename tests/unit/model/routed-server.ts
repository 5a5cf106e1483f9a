import { createServer, request as httpRequest, type Server } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { startScriptedServer, type Script, type ScriptedServer } from "../../support/scripted-openai-server"

// Three scripted OpenAI-compatible servers behind one address: the model's proposal requests (at a
// topic clarification or for a question the pack cannot place, told by their system prompt), a resumed run's thinking (its prompt says what the user answered)
// and every other request (the first thinking, a draft). A run reaches its clarification in
// milliseconds, sometimes before its thinking request has reached the server, so they cannot
// share one queue of scripts in request order.

export interface RoutedServer {
  url: string
  proposals: ScriptedServer
  resumed: ScriptedServer
  others: ScriptedServer
  close(): Promise<void>
}

/** The words that mark a proposal request (the system prompts of src-main/model/proposal.ts and interpretation.ts). */
const PROPOSAL_MARKS = ["could not tell which topic", "found nothing in its rule pack"]
/** The words that mark a resumed run's thinking (src-main/model/prompts.ts). */
const RESUMED_MARK = "The user answered: "

export async function startRoutedServer(proposals: readonly Script[], others: readonly Script[], resumed: readonly Script[] = []): Promise<RoutedServer> {
  const toProposals = await startScriptedServer(proposals)
  const toResumed = await startScriptedServer(resumed)
  const toOthers = await startScriptedServer(others)
  const routeOf = (body: string) => (PROPOSAL_MARKS.some((mark) => body.includes(mark)) ? toProposals : body.includes(RESUMED_MARK) ? toResumed : toOthers)
  const sockets = new Set<Socket>()
  const front: Server = createServer((incoming, outgoing) => {
    const parts: Buffer[] = []
    incoming.on("data", (part: Buffer) => parts.push(part))
    incoming.on("end", () => {
      const body = Buffer.concat(parts)
      const target = new URL(routeOf(body.toString("utf8")).url)
      const forwarded = httpRequest(
        { host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers },
        (response) => {
          outgoing.writeHead(response.statusCode ?? 502, response.headers)
          response.pipe(outgoing)
          response.on("error", () => outgoing.destroy())
        },
      )
      forwarded.on("error", () => outgoing.destroy())
      // The client gave up (an aborted stream): the scripted server's side ends too.
      outgoing.on("close", () => forwarded.destroy())
      forwarded.end(body)
    })
  })
  front.on("connection", (socket) => {
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve))
  const { port } = front.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    proposals: toProposals,
    resumed: toResumed,
    others: toOthers,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => front.close(() => resolve()))
      await toProposals.close()
      await toResumed.close()
      await toOthers.close()
    },
  }
}
