import type { ConceptMatch, RetrievalPayload } from "../../../src-shared/events/payloads"
import type { Rule } from "../../knowledge/pack-schema"
import { buildRefusal } from "../refusal-policy"
import { proceed, stop, type Run, type SyncStage } from "../run"
import type { AnswerFocus } from "../state"

// RETRIEVAL (seed 001 stage 4): the concepts the question matched (with the keywords that matched
// them) and the published rules retrieved for them through the pack index.

export function* retrievalStage(
  run: Run,
  concepts: readonly ConceptMatch[],
  rules: readonly Rule[],
  focus?: AnswerFocus,
): SyncStage<Rule[]> {
  yield run.emit({
    stage: "RETRIEVAL",
    status: "started",
    message: run.t("Dohvaćam pravila…", "Retrieving rules…"),
  })
  const names = concepts.map((c) => (run.locale === "hr" ? c.nameHr : c.nameEn)).join(", ")
  const data: RetrievalPayload = {
    summary: run.t(
      `Dohvaćeno pravila: ${rules.length} (${names})`,
      `Retrieved ${rules.length} rule${rules.length === 1 ? "" : "s"} (${names})`,
    ),
    concepts: [...concepts],
    rulesRetrieved: rules.length,
    ruleIds: rules.map((r) => r.id),
  }
  if (focus) data.focus = focus
  yield run.emit({ stage: "RETRIEVAL", status: "complete", message: data.summary, data })
  if (rules.length === 0) return stop({ outcome: "REFUSAL", ...buildRefusal("NO_CITABLE_RULES", run.locale) })
  return proceed([...rules])
}
