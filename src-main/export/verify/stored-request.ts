import { StoredRequest as StoredRequestSchema, type StoredRequestValue } from "../../store/stored-request"

// The engine request a trace was run with, as the store froze it (traces.request_json) and as
// traces.jsonl carries it: what replay re-runs. One schema for both sides (store/stored-request.ts).

export const StoredRequest = StoredRequestSchema
export type StoredRequest = StoredRequestValue
