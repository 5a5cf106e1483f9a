import type { Locale } from "../../src-shared/events/stages"

// Why the run service refused to continue or stop a run; the hosts map these to their answers.

export class TraceStateError extends Error {}

/**
 * Stop asked of a run that has already ended (or that is not running and not waiting for a
 * clarification): nothing to stop. The message is in the user's language; `code` lets a window
 * show its own text.
 */
export class RunAlreadyEndedError extends TraceStateError {
  readonly code = "RUN_ALREADY_ENDED"
  constructor(
    readonly requestId: string,
    locale: Locale,
  ) {
    super(
      locale === "hr"
        ? `Obrada ${requestId} je već završena, nema se što zaustaviti.`
        : `Run ${requestId} has already finished; there is nothing to stop.`,
    )
  }
}
