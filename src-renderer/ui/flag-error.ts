import { ApiError } from "../api/client"
import type { MessageKey } from "../i18n/catalog"

// Why a report or a decision was not taken, in the window's own words: the main process answers
// in English, and its message may name ids. Each call knows what NOT_FOUND and CONFLICT mean for
// it (a missing run or flag; a run without an answer, a flag already decided).

export type FlagCall = "create" | "decide" | "list"

const NOTE_PROBLEMS: ReadonlyArray<[RegExp, MessageKey]> = [
  [/is empty/, "flag.error.noteEmpty"],
  [/is too long/, "flag.error.noteTooLong"],
  [/broken character/, "flag.error.noteBroken"],
]

export function flagErrorKey(error: unknown, call: FlagCall): MessageKey {
  if (!(error instanceof ApiError)) return "flag.error.internal"
  switch (error.code) {
    case "BAD_INPUT": {
      const problem = error.issues[0]?.message ?? ""
      return NOTE_PROBLEMS.find(([pattern]) => pattern.test(problem))?.[1] ?? "flag.error.badInput"
    }
    case "NOT_FOUND":
      return call === "decide" ? "flag.error.flagNotFound" : "flag.error.runNotFound"
    case "CONFLICT":
      return call === "decide" ? "flag.error.alreadyDecided" : "flag.error.notReportable"
    case "UNAVAILABLE":
      return "flag.error.unavailable"
    default:
      return call === "list" ? "flag.error.load" : "flag.error.internal"
  }
}
