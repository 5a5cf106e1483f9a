import { loadPack, type LoadedPack } from "../../../src-main/knowledge/loader"

// A small, obviously fictional pack for the what-if tests (no regulatory content): a registration
// threshold that moves on 2025-01-01 (50,000 then 60,000), an obligation above it, a rule only for
// crafts (obrt), and two equal-authority rules that disagree above 100,000 (an unresolved conflict
// disclosed with a warning). Keywords follow the shipped pack so the real interpreter matches it.

export const CRAFTED_QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"

const evidence = (id: string) => ({
  id,
  sourceId: "src-fiction",
  url: `https://example.test/${id}`,
  title: `Fictional evidence ${id}`,
  quote: "Fictional quote for tests.",
  fetchedAt: "2025-01-01",
  language: "en" as const,
})

const rule = (id: string, extra: Record<string, unknown>) => ({
  id,
  conceptSlug: "fiction-registration",
  valueKey: "over-threshold",
  titleHr: `Izmišljeno pravilo ${id}`,
  titleEn: `Fictional rule ${id}`,
  authority: "LAW",
  effectiveUntil: null,
  value: { type: "boolean", value: true },
  statement: { hr: `Izmišljena izjava ${id}.`, en: `Fictional statement ${id}.` },
  kind: "obligation",
  dimensions: ["date", "turnover"],
  evidenceIds: [`ev-${id}`],
  status: "PUBLISHED",
  ...extra,
})

/**
 * `belowSaysNo`: the rules below the threshold answer the same question as those above, with "no"
 * (same value key, value false, no obligations), as the shipped pack's VAT registration rules do.
 */
export function craftedPack(version = "1.0.0", thresholdFrom2025 = 60000, belowSaysNo = false): LoadedPack {
  const below = belowSaysNo ? { valueKey: "over-threshold", value: { type: "boolean", value: false } } : {}
  const rules = [
    rule("fx.above.2024", {
      effectiveFrom: "2024-01-01",
      effectiveUntil: "2024-12-31",
      appliesWhen: { gt: ["counters.revenueYtd", 50000] },
      obligations: [{ hr: "Izmišljena registracija", en: "Fictional registration" }],
    }),
    rule("fx.below.2024", {
      effectiveFrom: "2024-01-01",
      effectiveUntil: "2024-12-31",
      valueKey: "under-threshold",
      appliesWhen: { lte: ["counters.revenueYtd", 50000] },
      ...below,
    }),
    rule("fx.above.2025", {
      effectiveFrom: "2025-01-01",
      appliesWhen: { gt: ["counters.revenueYtd", thresholdFrom2025] },
      obligations: [{ hr: "Izmišljena registracija", en: "Fictional registration" }],
    }),
    rule("fx.below.2025", {
      effectiveFrom: "2025-01-01",
      valueKey: "under-threshold",
      appliesWhen: { lte: ["counters.revenueYtd", thresholdFrom2025] },
      ...below,
    }),
    rule("fx.craft.2025", {
      effectiveFrom: "2025-01-01",
      valueKey: "craft-book",
      appliesWhen: { eq: ["entity.type", "OBRT"] },
      dimensions: ["date", "entityType"],
      obligations: [{ hr: "Izmišljena knjiga obrta", en: "Fictional craft ledger" }],
    }),
    rule("fx.big.guidance", {
      effectiveFrom: "2025-01-01",
      authority: "GUIDANCE",
      valueKey: "big-rate",
      value: { type: "percentage", value: 10 },
      kind: "rate",
      appliesWhen: { gt: ["counters.revenueYtd", 100000] },
    }),
    rule("fx.big.other", {
      effectiveFrom: "2025-01-01",
      authority: "GUIDANCE",
      valueKey: "big-rate",
      value: { type: "percentage", value: 12 },
      kind: "rate",
      appliesWhen: { gt: ["counters.revenueYtd", 100000] },
    }),
  ]
  return loadPack({
    id: "fiction-pack",
    version,
    jurisdiction: "HR",
    publishedAt: "2025-01-01",
    sources: [{ id: "src-fiction", name: "Fictional Gazette", authority: "LAW" }],
    evidence: rules.map((r) => evidence(`ev-${r.id}`)),
    topics: [
      {
        id: "fiction-topic",
        nameHr: "Izmišljena tema",
        nameEn: "Fictional topic",
        riskTier: "T1",
        dimensions: [
          { dimension: "date", factPath: "asOf", required: true, label: { hr: "Datum", en: "Date" } },
          {
            dimension: "turnover",
            factPath: "counters.revenueYtd",
            required: true,
            label: { hr: "Promet", en: "Turnover" },
          },
          {
            dimension: "entityType",
            factPath: "entity.type",
            required: false,
            label: { hr: "Vrsta subjekta", en: "Entity type" },
          },
        ],
      },
    ],
    concepts: [
      {
        slug: "fiction-registration",
        nameHr: "Izmišljena obveza ulaska u sustav",
        nameEn: "Fictional registration obligation",
        topic: "fiction-topic",
        keywords: ["registracija", "moram", "mora", "register", "registration", "must", "promet", "turnover"],
        aliases: ["moram li u sustav pdv-a", "ući u sustav pdv-a", "must register for vat"],
        subjects: ["fiction-registration"],
      },
    ],
    subjects: [
      {
        id: "fiction-registration",
        kind: "topic",
        nameHr: "izmišljeni ulazak u sustav",
        nameEn: "fictional registration",
        terms: ["u sustav pdv-a", "sustav pdv-a", "register for vat"],
      },
    ],
    rules,
    conflicts: [
      {
        id: "fx-big-conflict",
        ruleIds: ["fx.big.guidance", "fx.big.other"],
        description: { hr: "Izmišljeni izvori se ne slažu.", en: "The fictional sources disagree." },
        canProceedWithWarning: true,
      },
    ],
  })
}
