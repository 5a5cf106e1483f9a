import type { ConceptMatch, SourceSummary, SourcesPayload } from "../../../src-shared/events/payloads"
import { AUTHORITY_RANK } from "../../../src-shared/events/stages"
import { answersAttribute, type AskedAttribute } from "../../knowledge/focus-concepts"
import { ruleAttribute } from "../../knowledge/focus-index"
import type { Rule } from "../../knowledge/pack-schema"
import { buildRefusal } from "../refusal-policy"
import { proceed, stop, type Run, type SyncStage } from "../run"

// SOURCES (seed 001 stage 3, "true progressive"): the sources behind the matched concepts'
// published rules, one progress event per source as it is found in the local pack.

export const SOURCE_PROVIDER = "local-rule-pack"

export interface SourcesResult {
  rules: Rule[]
  sources: SourceSummary[]
}

/** Published rules of the matched concepts that answer the asked attribute, best concept first,
 *  each rule once: a rule about another attribute of the same subject is not a candidate. */
export function candidateRules(run: Run, concepts: readonly ConceptMatch[], asked: AskedAttribute = {}): Rule[] {
  const seen = new Set<string>()
  const rules: Rule[] = []
  for (const concept of concepts)
    for (const rule of run.index.rulesByConcept.get(concept.slug) ?? [])
      if (!seen.has(rule.id) && answersAttribute(asked, ruleAttribute(rule))) {
        seen.add(rule.id)
        rules.push(rule)
      }
  return rules
}

export function summarizeSources(run: Run, rules: readonly Rule[]): SourceSummary[] {
  const bySource = new Map<string, { evidence: Set<string>; latest: string }>()
  for (const rule of rules)
    for (const evidenceId of rule.evidenceIds) {
      const evidence = run.index.evidence.get(evidenceId)
      if (!evidence) continue
      const entry = bySource.get(evidence.sourceId) ?? { evidence: new Set<string>(), latest: "" }
      entry.evidence.add(evidenceId)
      if (evidence.fetchedAt > entry.latest) entry.latest = evidence.fetchedAt
      bySource.set(evidence.sourceId, entry)
    }
  const out: SourceSummary[] = []
  for (const [id, entry] of bySource) {
    const source = run.index.sources.get(id)
    if (!source) continue
    const summary: SourceSummary = {
      id,
      name: source.name,
      authority: source.authority,
      evidenceCount: entry.evidence.size,
      latestFetchedAt: entry.latest,
    }
    if (source.homeUrl) summary.url = source.homeUrl
    out.push(summary)
  }
  return out.sort(
    (a, b) =>
      AUTHORITY_RANK[a.authority] - AUTHORITY_RANK[b.authority] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}

export function* sourcesStage(
  run: Run,
  concepts: readonly ConceptMatch[],
  asked: AskedAttribute = {},
): SyncStage<SourcesResult> {
  const rules = candidateRules(run, concepts, asked)
  const sources = summarizeSources(run, rules)
  yield run.emit({
    stage: "SOURCES",
    status: "started",
    message: run.t("Pretražujem izvore u paketu propisa…", "Searching the sources in the rule pack…"),
    progress: { current: 0, total: sources.length },
    data: { provider: SOURCE_PROVIDER, total: sources.length },
  })
  for (let i = 0; i < sources.length; i++) {
    const source = sources[i]
    if (!source) continue
    yield run.emit({
      stage: "SOURCES",
      status: "progress",
      message: run.t(`Pronađeno: ${source.name}`, `Found: ${source.name}`),
      progress: { current: i + 1, total: sources.length },
      data: { source },
    })
  }
  const data: SourcesPayload = {
    summary: run.t(
      `Pronađeno izvora: ${sources.length}`,
      `Found ${sources.length} source${sources.length === 1 ? "" : "s"}`,
    ),
    provider: SOURCE_PROVIDER,
    sources,
  }
  yield run.emit({ stage: "SOURCES", status: "complete", message: data.summary, data })
  if (sources.length === 0) {
    const detail = run.t(
      "Za prepoznate pojmove paket ne sadrži objavljena pravila s izvorima.",
      "The pack holds no published rules with sources for the matched concepts.",
    )
    return stop({ outcome: "REFUSAL", ...buildRefusal("NO_CITABLE_RULES", run.locale, { detail }) })
  }
  return proceed({ rules, sources })
}
