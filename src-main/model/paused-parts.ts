import type { ModelProposalRecord, ModelRecordData } from "../../src-shared/events/model-record"
import type { ArrivedText } from "./segment"

// The model's part of a run suspended at a clarification, kept until the run goes on (issue 24).
// A paused trace holds no model records (they are chained after the terminal, trace format 2), so
// what the model said before the pause, and its proposal for the clarification, wait here in
// memory; the resumed run's recording starts with them. After a restart they are gone, and the
// resumed recording says so (earlierPart "not_kept").

/** Runs kept at most: a paused run nobody resumes must not keep its part forever. */
export const MAX_PAUSED_PARTS = 64

export interface PausedProposal {
  /** Ends the request when the user answers first. */
  stop: AbortController
  done: Promise<ModelProposalRecord>
}

export interface PausedPart {
  records: { data: ModelRecordData; ts: string }[]
  thoughts: ArrivedText[]
  proposal?: PausedProposal
}

export class PausedParts {
  private readonly parts = new Map<string, PausedPart>()

  keep(requestId: string, part: PausedPart): void {
    this.parts.delete(requestId)
    this.parts.set(requestId, part)
    for (const [oldest, dropped] of this.parts) {
      if (this.parts.size <= MAX_PAUSED_PARTS) break
      dropped.proposal?.stop.abort()
      this.parts.delete(oldest)
    }
  }

  /** The part kept for a run, removed (a run resumes once from a given pause). */
  take(requestId: string): PausedPart | undefined {
    const part = this.parts.get(requestId)
    this.parts.delete(requestId)
    return part
  }
}
