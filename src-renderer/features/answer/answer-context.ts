import type { ReasoningEvent, TerminalEvent } from "../../../src-shared/events/event"
import { selectAsOfDates } from "../../reasoning/clarifications"
import { findEvent } from "../../reasoning/selectors"
import type { RunState } from "../../reasoning/run-reducer"
import { useClients } from "../../state/stores"

// Whom and which day an answer is for: the client the run was asked for (by name, from the client
// profiles; its id when the profile is gone) and the date the rules were applied on.

export interface AnswerContext {
  /** Null when the run was asked without a client. */
  client: { id: string; name: string } | null
  /** The as-of date (YYYY-MM-DD) the run was answered for; null when it never got that far. */
  asOfDate: string | null
}

export function answerContextOf(
  events: readonly ReasoningEvent[],
  terminal: TerminalEvent | undefined,
  run: RunState | undefined,
): { clientId: string | null; asOfDate: string | null } {
  const resolved = findEvent(events, "CONTEXT_RESOLUTION", "complete")?.data
  const clientId = resolved?.clientId ?? run?.stored?.clientId ?? null
  const answered = terminal && "asOfDate" in terminal.data ? terminal.data.asOfDate : undefined
  const asOfDate = answered ?? selectAsOfDates(events)?.used ?? run?.stored?.asOfDate ?? null
  return { clientId, asOfDate }
}

export function useAnswerContext(
  events: readonly ReasoningEvent[],
  terminal: TerminalEvent | undefined,
  run: RunState | undefined,
): AnswerContext {
  const { clients } = useClients()
  const { clientId, asOfDate } = answerContextOf(events, terminal, run)
  if (clientId === null) return { client: null, asOfDate }
  const name = clients.find((c) => c.id === clientId)?.name ?? clientId
  return { client: { id: clientId, name }, asOfDate }
}
