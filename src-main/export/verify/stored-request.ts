import { z } from "zod"
import { ProfileContext } from "../../../src-shared/context"
import { Locale } from "../../../src-shared/events/stages"

// The engine request a trace was run with, as the store froze it (traces.request_json) and as
// traces.jsonl carries it: what replay re-runs.

export const StoredRequest = z.strictObject({
  requestId: z.string().min(1),
  question: z.string(),
  asOfDate: z.string(),
  locale: Locale.optional(),
  profile: ProfileContext.optional(),
  clientId: z.string().optional(),
})

export type StoredRequest = z.infer<typeof StoredRequest>
