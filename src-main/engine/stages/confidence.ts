import type { ConfidencePayload } from "../../../src-shared/events/payloads"
import { AUTHORITY_RANK, type Authority } from "../../../src-shared/events/stages"
import { formatPercent } from "../../knowledge/format"
import type { Rule, Verification } from "../../knowledge/pack-schema"
import type { PackIndex } from "../../knowledge/pack-index"
import { citedVerification } from "../../knowledge/verification"
import { assumptionLabel } from "../../../src-shared/assumptions"
import { interactiveDrivers } from "../drivers"
import { proceed, type Run, type SyncStage } from "../run"
import type { ApplicabilityResult, ConflictResult, RetrievalState } from "../state"
import { sourceNames } from "./analysis"

// CONFIDENCE (seed 001 stage 7): a score from the authority of the rules the answer rests on,
// the number of independent sources, conflicts, assumptions and missing facts, with every
// driver stated in words and the facts the answer depended on as interactive toggles.

// A plain fact stated by a statute, a regulation or the tax authority is HIGH on its own (issue
// 17: the standard VAT rate from the tax authority was "56 % MEDIUM"); practice needs a second,
// independent source to reach HIGH, and a fact only one secondary source states stays MEDIUM.
const AUTHORITY_BASE: Record<Authority, number> = {
  LAW: 0.92,
  REGULATION: 0.9,
  GUIDANCE: 0.86,
  PRACTICE: 0.72,
}
// An official page confirming the fact says more than two secondary ones agreeing: never less.
const VERIFICATION_ADJUST: Record<Verification, number> = {
  CONFIRMED_OFFICIAL: 0.08,
  CONFIRMED_SECONDARY: 0.06,
  SINGLE_SECONDARY: -0.1,
}
const VERIFICATION_NAME: Record<Verification, { hr: string; en: string }> = {
  CONFIRMED_OFFICIAL: { hr: "potvrđeno službenim izvorom", en: "confirmed by an official source" },
  CONFIRMED_SECONDARY: { hr: "potvrđeno dvama neovisnim izvorima", en: "confirmed by two independent sources" },
  SINGLE_SECONDARY: { hr: "samo jedan sekundarni izvor", en: "a single secondary source only" },
}
const AUTHORITY_NAME: Record<Authority, { hr: string; en: string }> = {
  LAW: { hr: "zakon", en: "law" },
  REGULATION: { hr: "pravilnik/uredba", en: "regulation" },
  GUIDANCE: { hr: "službena uputa", en: "official guidance" },
  PRACTICE: { hr: "praksa", en: "practice" },
}

export function* confidenceStage(
  run: Run,
  state: RetrievalState,
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
): SyncStage<ConfidencePayload> {
  yield run.emit({
    stage: "CONFIDENCE",
    status: "started",
    message: run.t("Procjenjujem pouzdanost…", "Assessing confidence…"),
  })
  const basis = confidenceBasis(run, state, applicability, conflicts)
  const score = confidenceScore(basis, conflicts)
  const label = score >= 0.8 ? "HIGH" : score >= 0.55 ? "MEDIUM" : "LOW"
  const data: ConfidencePayload = {
    summary: run.t(
      `Pouzdanost: ${LABEL_HR[label]} (${formatPercent(Math.round(score * 100), "hr")})`,
      `Confidence: ${LABEL_EN[label]} (${formatPercent(Math.round(score * 100), "en")})`,
    ),
    score,
    label,
    drivers: confidenceDrivers(run, basis, state, applicability, conflicts),
    evidenceStrength: basis.sources.length >= 2 ? "MULTI_SOURCE" : "SINGLE_SOURCE",
    wouldBeLowerIf: wouldBeLowerIf(run, basis, state, conflicts),
    interactiveDrivers: interactiveDrivers(run.locale, state, applicability),
  }
  yield run.emit({ stage: "CONFIDENCE", status: "complete", message: data.summary, data })
  return proceed(data)
}

/** What the score and its drivers are computed from: the answer's rules, read once. */
interface ConfidenceBasis {
  /** The strongest authority among the rules the answer rests on. */
  authority: Authority
  /** The independent sources those rules cite, by name. */
  sources: string[]
  verification: Verification | undefined
  /** Conflicts the hierarchy resolved. */
  resolved: number
  /** Facts assumed by default. */
  assumed: number
  /** The answer depends on facts still missing (it has branches). */
  conditional: boolean
}

function confidenceBasis(
  run: Run,
  state: RetrievalState,
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
): ConfidenceBasis {
  const basis: Rule[] =
    conflicts.winners.length > 0 ? conflicts.winners : applicability.branches.flatMap((b) => b.rules)
  const authority =
    [...basis].sort((a, b) => AUTHORITY_RANK[a.authority] - AUTHORITY_RANK[b.authority])[0]?.authority ??
    "PRACTICE"
  return {
    authority,
    sources: sourceNames(run, basis),
    verification: weakestVerification(run.index, basis),
    resolved: conflicts.conflicts.length - conflicts.unresolved.length,
    assumed: state.assumedDefaults.length,
    conditional: applicability.branches.length > 0,
  }
}

/** The score, 0.05 to 0.99 in hundredths: the authority's base, then each adjustment in turn. */
function confidenceScore(basis: ConfidenceBasis, conflicts: ConflictResult): number {
  let score = AUTHORITY_BASE[basis.authority]
  if (basis.sources.length >= 2) score += 0.05
  if (basis.verification) score += VERIFICATION_ADJUST[basis.verification]
  score -= Math.min(0.1, 0.05 * basis.resolved)
  score -= Math.min(0.3, 0.15 * conflicts.unresolved.length)
  score -= Math.min(0.06, 0.02 * basis.assumed)
  if (basis.conditional) score -= 0.1
  return Math.round(Math.min(0.99, Math.max(0.05, score)) * 100) / 100
}

/** Every driver of the score in words, in the order the score applies them. */
function confidenceDrivers(
  run: Run,
  basis: ConfidenceBasis,
  state: RetrievalState,
  applicability: ApplicabilityResult,
  conflicts: ConflictResult,
): string[] {
  const { authority, sources, verification, resolved } = basis
  const drivers = [
    run.t(
      `Najviši autoritet: ${AUTHORITY_NAME[authority].hr}`,
      `Highest authority: ${AUTHORITY_NAME[authority].en}`,
    ),
    run.t(`Navedenih izvora: ${sources.length}`, `Sources cited: ${sources.length}`),
  ]
  if (verification)
    drivers.push(
      run.t(
        `Provjera podatka: ${VERIFICATION_NAME[verification].hr}`,
        `How the fact is verified: ${VERIFICATION_NAME[verification].en}`,
      ),
    )
  if (conflicts.conflicts.length > 0)
    drivers.push(
      run.t(
        `Sukobi izvora: riješeno ${resolved}, neriješeno ${conflicts.unresolved.length}`,
        `Source conflicts: ${resolved} resolved, ${conflicts.unresolved.length} unresolved`,
      ),
    )
  if (basis.assumed > 0)
    drivers.push(
      run.t(
        `Pretpostavke: ${state.assumedDefaults.map((code) => assumptionLabel(code, "hr")).join("; ")}`,
        `Assumptions: ${state.assumedDefaults.map((code) => assumptionLabel(code, "en")).join("; ")}`,
      ),
    )
  if (basis.conditional)
    drivers.push(
      run.t(
        `Nedostaju podaci: ${applicability.missingDimensions.join(", ")}`,
        `Missing facts: ${applicability.missingDimensions.join(", ")}`,
      ),
    )
  return drivers
}

/** What would have made the score lower: the strengths this answer actually has. */
function wouldBeLowerIf(
  run: Run,
  basis: ConfidenceBasis,
  state: RetrievalState,
  conflicts: ConflictResult,
): string[] {
  const lower: string[] = []
  if (basis.authority === "LAW" || basis.authority === "REGULATION")
    lower.push(
      run.t(
        "da se odgovor temelji samo na uputama ili praksi",
        "if the answer rested only on guidance or practice",
      ),
    )
  if (basis.sources.length >= 2)
    lower.push(run.t("da odgovor potvrđuje samo jedan izvor", "if only one source supported the answer"))
  if (conflicts.unresolved.length === 0)
    lower.push(run.t("da se izvori ne slažu", "if the sources disagreed"))
  if (Object.values(state.factSources).some((s) => s === "user_profile"))
    lower.push(run.t("da podaci iz profila klijenta nisu točni", "if the client profile facts were wrong"))
  return lower
}

const LABEL_HR = { HIGH: "visoka", MEDIUM: "srednja", LOW: "niska" } as const
const LABEL_EN = { HIGH: "high", MEDIUM: "medium", LOW: "low" } as const

/** The weakest verification among the rules the answer rests on (packs before 2.0 have none). */
function weakestVerification(index: PackIndex, rules: readonly Rule[]): Verification | undefined {
  const order: Verification[] = ["SINGLE_SECONDARY", "CONFIRMED_SECONDARY", "CONFIRMED_OFFICIAL"]
  const shown = rules.map((r) => citedVerification(index, r))
  return order.find((v) => shown.includes(v))
}
