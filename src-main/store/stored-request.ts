import { z } from "zod"
import { IsoDate, ProfileContext } from "../../src-shared/context"
import { Locale } from "../../src-shared/events/stages"
import { InheritedPart } from "../../src-shared/events/payloads"
import type { EngineRequest } from "../engine/types"
import { DocumentAction, RunDocuments } from "../../src-shared/run-documents"

/**
 * The frozen engine request of a trace, as stored in traces.request_json (canonical JSON).
 * Traces recorded before `askedOn` existed always carry `asOfDate` (the store filled in the day
 * they were asked); newer ones carry `askedOn` and `asOfDate` only when the user set a date.
 */
export const StoredRequest = z.strictObject({
  requestId: z.string().min(1),
  question: z.string(),
  asOfDate: IsoDate.optional(),
  askedOn: IsoDate.optional(),
  locale: Locale.optional(),
  profile: ProfileContext.optional(),
  clientId: z.string().optional(),
  previousTurn: z
    .strictObject({ requestId: z.string().min(1), question: z.string(), dropped: z.array(InheritedPart).optional() })
    .optional(),
  /** Absent in traces recorded before it was: engine version 1. */
  engineVersion: z.number().int().positive().optional(),
  /** Addition (issue 22): the client documents the question names; absent when it names none. */
  documents: RunDocuments.optional(),
  /** Addition (issue 22): the document action the run is (audit, compare, summarize) on `documents`; absent for a question. */
  action: DocumentAction.optional(),
})

export type StoredRequest = z.infer<typeof StoredRequest>

export function parseStoredRequest(json: string): EngineRequest {
  return StoredRequest.parse(JSON.parse(json))
}
