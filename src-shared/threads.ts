import { z } from "zod"
import { IsoDate } from "./context"
import { InheritedPart, QuestionFocus } from "./events/payloads"
import { Locale, TerminalOutcome } from "./events/stages"
import { plural, type PluralForms } from "./format/plural"
import { typedText } from "./text"
import { PendingMention } from "./thread-mentions"
import { TraceStatus } from "./traces"

// Threads (issue 22, seed 002): a conversation, for one client or none, whose every turn is a run
// with its own trace. A follow-up turn names the previous one (EngineRequest.previousTurn), so "A
// za 2023?" inherits what the last question was about. The thread's checkpoint (what the next turn
// builds on) is saved with each turn, so a thread goes on after a restart where it stopped.

/** The longest title a thread may have; a title taken from the first question is cut shorter. */
export const THREAD_TITLE_MAX_LENGTH = 200
/** A title made from the first question keeps this many characters (an ellipsis marks the cut). */
export const THREAD_TITLE_FROM_QUESTION_LENGTH = 80

export const ThreadId = z.string().min(1).max(64)
export const ThreadTitle = typedText("title", THREAD_TITLE_MAX_LENGTH)

/**
 * What a thread carries from turn to turn (seed 002's checkpointed state), written in the same
 * transaction as each turn's link. `lastQuestion` and `lastFocus` are filled once the last turn's
 * question has been read (they stay null while it runs, or if it ended before the intake).
 */
export const ThreadState = z.object({
  lastRequestId: z.string().nullable(),
  /** The last turn's question as the engine read it (a follow-up's effective question). */
  lastQuestion: z.string().nullable(),
  lastFocus: QuestionFocus.nullable(),
  /** seed 002's conversation_docs: document name -> document id (empty until documents exist). */
  conversationDocs: z.record(z.string(), z.string()),
  clientId: z.string().nullable(),
  asOfDate: IsoDate.nullable(),
  /** The parts the user cleared on the last turn (removed chips). */
  dropped: z.array(InheritedPart),
  /** A question paused until the user says which documents its @-mentions mean (thread-mentions.ts). */
  pendingMention: PendingMention.nullable().optional(),
})

export const Thread = z.object({
  id: ThreadId,
  title: z.string(),
  clientId: z.string().nullable(),
  asOfDate: IsoDate.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  turnCount: z.number().int().nonnegative(),
})

export const InheritedChip = z.object({ part: InheritedPart, text: z.string() })

/** One turn as a thread shows it: the question, how the engine read it, and how it ended. */
export const ThreadTurn = z.object({
  seq: z.number().int().positive(),
  requestId: z.string(),
  createdAt: z.string(),
  question: z.string(),
  /** The question the engine read, when it read it as a follow-up. */
  effectiveQuestion: z.string().nullable(),
  inherited: z.array(InheritedChip),
  dropped: z.array(InheritedPart),
  status: TraceStatus,
  outcome: TerminalOutcome.nullable(),
  /** The first line of the run's terminal text. */
  headline: z.string().nullable(),
})

export const ThreadDetail = z.object({ thread: Thread, state: ThreadState, turns: z.array(ThreadTurn) })

export const NewThreadInput = z.strictObject({
  title: ThreadTitle.optional(),
  clientId: z.string().max(64).optional(),
  asOfDate: IsoDate.optional(),
})

export const ThreadRef = z.strictObject({ id: ThreadId })
export const RenameThreadInput = z.strictObject({ id: ThreadId, title: ThreadTitle })
export const ThreadFilter = z.strictObject({ search: z.string().max(200).optional() })

export const AskInThreadInput = z.strictObject({
  threadId: ThreadId,
  question: typedText("question", 20_000),
  /** Parts of the previous turn the user cleared: not inherited by this turn. */
  dropped: z.array(InheritedPart).max(InheritedPart.options.length).optional(),
  locale: Locale.optional(),
})

export const ThreadSearchInput = z.strictObject({ text: z.string().trim().min(1, "search is empty").max(200) })

/** A turn just asked: its run (follow its events on runs.event) and its place in the thread. */
export const ThreadTurnRef = z.object({
  threadId: ThreadId,
  requestId: z.string(),
  /** Null only while a run whose first write was delayed is not linked yet. */
  seq: z.number().int().positive().nullable(),
})

/**
 * What deleting a thread did: its turn links are gone; the runs themselves stay in the history.
 * A trace is an append-only audit record that only a dated purge removes, and the store keeps no
 * record of which runs were exported, so no run of a deleted thread is removed with it.
 */
export const ThreadDeleteResult = z.object({
  id: ThreadId,
  turnCount: z.number().int().nonnegative(),
  /** Runs of the thread that stay in the history (every one of them). */
  keptTraceCount: z.number().int().nonnegative(),
  /** Of those, the runs someone flagged (a flag keeps its run in any case). */
  flaggedTraceCount: z.number().int().nonnegative(),
})

export type ThreadState = z.infer<typeof ThreadState>
export type Thread = z.infer<typeof Thread>
export type InheritedChip = z.infer<typeof InheritedChip>
export type ThreadTurn = z.infer<typeof ThreadTurn>
export type ThreadDetail = z.infer<typeof ThreadDetail>
export type NewThreadInput = z.infer<typeof NewThreadInput>
export type RenameThreadInput = z.infer<typeof RenameThreadInput>
export type ThreadFilter = z.infer<typeof ThreadFilter>
export type AskInThreadInput = z.infer<typeof AskInThreadInput>
export type ThreadTurnRef = z.infer<typeof ThreadTurnRef>
export type ThreadSearchInput = z.infer<typeof ThreadSearchInput>
export type ThreadDeleteResult = z.infer<typeof ThreadDeleteResult>

const FLAGGED: PluralForms = {
  hr: { one: "je prijavljena", few: "su prijavljene", other: "je prijavljeno" },
  en: { one: "is flagged", other: "are flagged" },
}

/** What a deleted thread's result says, in the user's language. */
export function threadDeletedText(result: ThreadDeleteResult, locale: Locale): string {
  const { keptTraceCount: kept, flaggedTraceCount: flagged } = result
  const flaggedClause = flagged === 0 ? "" : `; ${flagged} ${locale === "hr" ? "od njih" : "of them"} ${plural(flagged, locale, FLAGGED)}`
  if (locale === "hr")
    return (
      `Razgovor je obrisan. Njegove obrade (${kept}) ostaju u povijesti: zapis obrade briše se samo ` +
      `čišćenjem po datumu, a baza ne bilježi koje su obrade izvezene${flaggedClause}.`
    )
  return (
    `Thread deleted. Its runs (${kept}) stay in the history: a run's record is removed only by a dated ` +
    `purge, and the store does not record which runs were exported${flaggedClause}.`
  )
}
