import { z } from "zod"
import { ProfileContext } from "../../src-shared/context"
import { Locale } from "../../src-shared/events/stages"
import type { EngineRequest } from "../engine/types"

/** The frozen engine request of a trace, as stored in traces.request_json (canonical JSON). */
export const StoredRequest = z.strictObject({
  requestId: z.string(),
  question: z.string(),
  asOfDate: z.string(),
  locale: Locale.optional(),
  profile: ProfileContext.optional(),
  clientId: z.string().optional(),
})

export function parseStoredRequest(json: string): EngineRequest {
  return StoredRequest.parse(JSON.parse(json))
}
