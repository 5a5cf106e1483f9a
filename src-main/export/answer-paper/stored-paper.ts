import type { AnswerPaper } from "../../../src-shared/answer-paper"
import type { TraceDetail } from "../../../src-shared/traces"
import { renderAnswerPaper } from "./answer-paper"
import { PaperUnavailableError, type PaperClient } from "./paper-view"

// The paper of a stored run, for every host (the app's and the browser host's handler, the CLI):
// the trace as stored, its client as its profile is now (name and OIB), and the firm's name.

export interface PaperSources {
  trace(requestId: string): TraceDetail | null
  client(clientId: string): PaperClient | null
  firmName(): string
}

export function storedAnswerPaper(sources: PaperSources, requestId: string): Omit<AnswerPaper, "canSavePdf"> {
  const detail = sources.trace(requestId)
  if (detail === null) throw new PaperUnavailableError(`no trace ${requestId}`, "not-found")
  const clientId = detail.trace.clientId
  const client = clientId === null ? null : sources.client(clientId)
  return renderAnswerPaper({ detail, client, firmName: sources.firmName() })
}

/** The sources over the run service's reads (RunService: traces, client profiles, settings). */
export function runServiceSources(service: {
  get(requestId: string): TraceDetail | null
  clients: { get(id: string): { name: string; oib: string | null } | null }
  settings: { get(): { firmName: string } }
}): PaperSources {
  return {
    trace: (requestId) => service.get(requestId),
    client: (clientId) => {
      const profile = service.clients.get(clientId)
      return profile === null ? null : { name: profile.name, oib: profile.oib }
    },
    firmName: () => service.settings.get().firmName,
  }
}
