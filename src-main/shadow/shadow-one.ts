import { isTerminal, type ReasoningEvent } from "../../src-shared/events/event"
import type { ShadowEntry, ShadowSkipReason } from "../../src-shared/shadow"
import { buildAnswerWithReasoning } from "../engine/pipeline"
import { recordedInterpretations } from "../engine/interpretation-gate"
import type { EngineRequest, ProposedInterpretation } from "../engine/types"
import { ENGINE_VERSION, recordedEngineVersion } from "../engine/version"
import type { LoadedPack } from "../knowledge/loader"
import { StoredRequest } from "../store/stored-request"
import { recordedAnswers } from "../trace/replay"
import { systemClock } from "../util/clock"
import { parseJsonOrNull } from "../util/parse-json"
import { answerFacts, TerminalView, type RunResult } from "./answer-facts"
import { compareAnswers } from "./compare"
import { changedRuleIds } from "./pack-facts"
import type { StoredRun } from "./run-source"

// One stored run shadowed: its question asked again, with its frozen request (profile, client, the
// day it was asked and the date it asked about) and its recorded clarification answers, against
// the candidate pack; and compared with its recorded answer, read in the pack it ran with. When
// another engine version recorded it, or a baseline pack other than its own is given, the
// baseline is the same question re-run with that pack (the run's own pack when none is given), so
// that only the pack change shows, never the engine's.

export type RunVerdict =
  | { kind: "same" }
  | { kind: "changed"; entry: ShadowEntry }
  | { kind: "skipped"; reason: ShadowSkipReason }
  | { kind: "failed"; message: string }

export interface ShadowPacks {
  candidate: LoadedPack
  /** The pack to re-run the baseline with; null: each run's recorded answer. */
  baseline: LoadedPack | null
  /** A run's own pack snapshot, by hash. */
  snapshot(hash: string): LoadedPack
}

/** Terminal errors that depend on the machine or the user, not on the question: no answer to compare. */
const NO_ANSWER_CODES = new Set(["TIMEOUT", "CAPACITY", "CANCELLED"])

export async function shadowOne(run: StoredRun, packs: ShadowPacks): Promise<RunVerdict> {
  const parsed = StoredRequest.safeParse(parseJsonOrNull(run.requestJson))
  if (!parsed.success) return { kind: "failed", message: "its frozen request cannot be read" }
  const recorded = TerminalView.safeParse(run.terminal)
  if (!recorded.success) return { kind: "failed", message: "its terminal event cannot be read" }
  if (recorded.data.stage === "ERROR" && NO_ANSWER_CODES.has(recorded.data.data.code ?? "")) return { kind: "skipped", reason: "NO_ANSWER_RECORDED" }
  const request: EngineRequest = parsed.data
  const clarifications = recordedAnswers(run.gateEvents)
  // A reading a local model proposed and the user took is asked again as recorded (issue 24).
  const interpretations = recordedInterpretations(run.gateEvents)
  let basePack: LoadedPack
  let base: RunResult
  let baseline: ShadowEntry["baseline"]
  if (answersAsRecorded(run, request, packs)) {
    basePack = packs.snapshot(run.packHash)
    base = { terminal: recorded.data, retrievedRuleIds: run.retrievedRuleIds, eligibleRuleIds: run.eligibleRuleIds }
    baseline = "recorded"
  } else {
    basePack = packs.baseline ?? packs.snapshot(run.packHash)
    base = await askAgain(request, basePack, clarifications, interpretations)
    baseline = "rerun"
  }
  const after = await askAgain(request, packs.candidate, clarifications, interpretations)
  const change = compareAnswers(answerFacts(base, basePack), answerFacts(after, packs.candidate), changedRuleIds(basePack, packs.candidate))
  if (change === null) return { kind: "same" }
  const { requestId, question, asOfDate, clientId, createdAt } = run
  return { kind: "changed", entry: { requestId, question, asOfDate, clientId, createdAt, baseline, ...change } }
}

/**
 * Whether the run's recorded answer is its baseline: it was recorded by this engine version, and
 * with the baseline pack when one is given. The engine's run is fixed by the frozen request, the
 * pack and the recorded clarification answers (what verify-by-replay relies on), so asking again
 * on the run's own pack would only repeat it: half of a shadow's engine runs when the window
 * compares with the pack in force, under which most stored runs were answered.
 */
function answersAsRecorded(run: StoredRun, request: EngineRequest, packs: ShadowPacks): boolean {
  if (packs.baseline !== null && packs.baseline.hash !== run.packHash) return false
  return recordedEngineVersion(request.engineVersion, run.gateEvents) === ENGINE_VERSION
}

/** The question asked again with `pack`; a clarification beyond the recorded answers ends it (AWAITING_INPUT). */
async function askAgain(
  request: EngineRequest,
  pack: LoadedPack,
  clarifications: readonly string[],
  interpretations: readonly ProposedInterpretation[],
): Promise<RunResult> {
  const result: RunResult = { terminal: null, retrievedRuleIds: [], eligibleRuleIds: [] }
  let gates = 0
  const deps = { pack, clock: systemClock, deliberatePauseMs: 0, clarifications, ...(interpretations.length === 0 ? {} : { interpretations }) }
  for await (const event of buildAnswerWithReasoning(request, deps)) {
    if (event.status === "awaiting_input" && ++gates > clarifications.length) break
    readResult(event, result)
  }
  return result
}

function readResult(event: ReasoningEvent, into: RunResult): void {
  if (isTerminal(event)) into.terminal = event
  else if (event.status !== "complete") return
  else if (event.stage === "RETRIEVAL") into.retrievedRuleIds = event.data.ruleIds
  else if (event.stage === "APPLICABILITY") into.eligibleRuleIds = event.data.eligibleRuleIds
}
