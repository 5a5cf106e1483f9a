import type { DocumentAction, DocumentActionRequest, RunDocument } from "../../src-shared/run-documents"
import type { EngineRequest } from "../engine/types"
import { ENGINE_VERSION } from "../engine/version"
import type { ClientsRepository } from "../store/clients-repo"
import { TraceNotFoundError } from "../store/errors"
import { StoredRequest } from "../store/stored-request"
import type { Store } from "../store/store"
import { frozenAction } from "./run-documents"

// The request a run is stored with and replayed from (run-service.ts): what the engine would
// otherwise take from the clock or the client list is filled in, then the whole is frozen.

export type AskRequest = Omit<EngineRequest, "requestId"> & {
  /** The client documents the question names (runs/run-documents.ts), frozen into the request. */
  documents?: readonly RunDocument[]
  /** A document action (audit, compare, summarize): its documents are frozen by runs/run-documents.ts. */
  action?: DocumentActionRequest
}

export function freezeRequest(store: Store, clients: ClientsRepository, request: AskRequest, requestId: string): EngineRequest {
  let profile = request.profile
  if (profile === undefined && request.clientId !== undefined) {
    const client = clients.get(request.clientId)
    if (client === null) throw new TraceNotFoundError(`no client ${request.clientId}`)
    profile = client.context
  }
  // The as-of date stays the user's (absent: the question's date, else the day asked); the day
  // asked is frozen so that a replay later defaults to it, not to the day of the replay.
  const acting = request.action === undefined ? null : frozenAction(store, request.action)
  const frozen: EngineRequest & { documents?: RunDocument[]; action?: DocumentAction } = {
    requestId,
    question: request.question,
    engineVersion: ENGINE_VERSION,
    askedOn: request.askedOn ?? store.clock().toISOString().slice(0, 10),
    ...(request.asOfDate === undefined ? {} : { asOfDate: request.asOfDate }),
    ...(request.locale === undefined ? {} : { locale: request.locale }),
    ...(profile === undefined ? {} : { profile: structuredClone(profile) }),
    ...(request.clientId === undefined ? {} : { clientId: request.clientId }),
    // A turn of a thread names the one before it (thread-service.ts); stored, so replay reads it.
    ...(request.previousTurn === undefined ? {} : { previousTurn: structuredClone(request.previousTurn) }),
    // Absent when the question names no document: such a request (and its trace) is as before.
    ...(request.documents === undefined || request.documents.length === 0 ? {} : { documents: structuredClone([...request.documents]) }),
    // Absent for a question: its request hashes as before.
    ...(acting === null ? {} : acting),
  }
  return StoredRequest.parse(frozen)
}
