import { z } from "zod"
import { MentionChoice, PendingMention } from "./thread-mentions"
import { AskInThreadInput, ThreadId, ThreadTurnRef } from "./threads"

// The window's way of asking in a thread (issue 22): the question with the documents the user
// picked for its @-mentions; the answer is either the turn's run, or the pause that waits for the
// user to choose what an unclear mention means (then threads.resume, or threads.dismiss).

export const AskInThreadWithDocuments = AskInThreadInput.extend({
  /** Mentions the user resolved in the completion list. */
  documents: z.array(MentionChoice).max(20).optional(),
})

export const ThreadPaused = z.object({ threadId: ThreadId, paused: PendingMention })

/** A run started (its id, follow it on runs.event) or a pause for the user's choice. */
export const ThreadAskResult = z.union([ThreadTurnRef, ThreadPaused])

export const ResumeThreadInput = z.strictObject({
  id: ThreadId,
  /** One choice per unresolved mention of the pause, each among its candidates. */
  choices: z.array(MentionChoice).min(1).max(20),
})

export type AskInThreadWithDocuments = z.infer<typeof AskInThreadWithDocuments>
export type ThreadPaused = z.infer<typeof ThreadPaused>
export type ThreadAskResult = z.infer<typeof ThreadAskResult>
export type ResumeThreadInput = z.infer<typeof ResumeThreadInput>

export function isPaused(result: ThreadAskResult): result is ThreadPaused {
  return "paused" in result
}
