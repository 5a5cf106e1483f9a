import { performance } from "node:perf_hooks"
import { parseAskArgs } from "../../src-main/cli/commands/ask"
import { buildAnswerWithReasoning } from "../../src-main/engine/pipeline"
import type { EngineRequest } from "../../src-main/engine/types"
import { loadPack, loadPackFile, type LoadedPack } from "../../src-main/knowledge/loader"
import { packIndex } from "../../src-main/knowledge/pack-index"
import { PACK_WARM_STEPS } from "../../src-main/knowledge/pack-warm"
import { validatedPack } from "../../src-main/packs/validated-pack"
import type { BenchRow } from "./types"

// Engine figures (issue 2): run latency p50/p99 and time to the first useful stage (the first
// SOURCES progress event) over a corpus of questions on the real pack, and the same on a
// generated pack of 10,000 rules (retrieval goes through the index, never a scan of the rules).
// Also the way in: `fiskai ask` reading a question typed as 170,000 shell words.

const REAL_PACK = new URL("../../resources/packs/hr-core.json", import.meta.url).pathname
const AS_OF = "2025-06-01"

interface Case {
  question: string
  clarifications?: string[]
}

const REAL_CORPUS: Case[] = [
  { question: "Koji je prag za ulazak u sustav PDV-a?" },
  { question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?" },
  { question: "What is the VAT registration threshold in Croatia?" },
  { question: "Koliki je limit za paušalni obrt?" },
  { question: "Koji je rok za podnošenje PDV prijave?" },
  { question: "Koja je stopa poreza na dobit?" },
  { question: "Koja je stopa poreza na dobit za d.o.o. s prihodom od 500.000 eura?" },
  { question: "Koliki je OSS prag za prodaju na daljinu?" },
  { question: "Koliki je doprinos za mirovinsko osiguranje?" },
  { question: "Kada moram izdavati eRačune?", clarifications: ["confirm"] },
  { question: "Koja je stopa PDV-a?" },
  { question: "Koliki je PDV na jaja?" },
  { question: "Koliki je osobni odbitak?" },
  {
    question: "Do kada moram platiti doprinose kao paušalist?",
    clarifications: ["concept:doprinosi-rok-placanja"],
  },
  { question: "Koliki je PDV u Sloveniji?" },
  { question: "Kako promijeniti lozinku u aplikaciji?" },
]

/** A pack of `concepts` × `rulesPerConcept` rules: invented test content, example.org urls. */
export function generatedPack(concepts = 1000, rulesPerConcept = 10): LoadedPack {
  const evidence = Array.from({ length: 50 }, (_, i) => ({
    id: `ev-${i}`,
    sourceId: `src-${i % 5}`,
    url: `https://example.org/bench/${i}`,
    title: `SYNTHETIC BENCH EVIDENCE ${i}`,
    quote: `SYNTHETIC BENCH QUOTE ${i}`,
    fetchedAt: "2025-01-01",
    language: "hr" as const,
  }))
  const rules = []
  for (let c = 0; c < concepts; c++)
    for (let r = 0; r < rulesPerConcept; r++) {
      const year = 2016 + Math.floor(r / 2)
      rules.push({
        id: `bench.${c}.${r}`,
        conceptSlug: `pojam-${c}`,
        valueKey: `v${r % 2}`,
        titleHr: `Sintetsko pravilo ${c}/${r}`,
        titleEn: `Synthetic rule ${c}/${r}`,
        authority: (["LAW", "REGULATION", "GUIDANCE", "PRACTICE"] as const)[r % 4],
        effectiveFrom: `${year}-01-01`,
        effectiveUntil: r >= rulesPerConcept - 2 ? null : `${year}-12-31`,
        appliesWhen:
          r % 2 === 0
            ? { lte: ["counters.revenueYtd", 1000 * (c + 1)] }
            : { gt: ["counters.revenueYtd", 1000 * (c + 1)] },
        value: { type: "percentage" as const, value: r },
        statement: { hr: `SINTETSKO ${c}/${r}.`, en: `SYNTHETIC ${c}/${r}.` },
        kind: "rate" as const,
        evidenceIds: [`ev-${(c + r) % 50}`, `ev-${(c + r + 7) % 50}`],
        status: "PUBLISHED" as const,
      })
    }
  return loadPack({
    id: "bench-generated",
    version: "0.0.1",
    jurisdiction: "HR",
    publishedAt: "2025-01-01",
    sources: Array.from({ length: 5 }, (_, i) => ({
      id: `src-${i}`,
      name: `Synthetic source ${i}`,
      authority: (["LAW", "REGULATION", "GUIDANCE", "PRACTICE", "PRACTICE"] as const)[i],
    })),
    evidence,
    topics: Array.from({ length: 20 }, (_, t) => ({
      id: `tema-${t}`,
      nameHr: `Tema ${t}`,
      nameEn: `Topic ${t}`,
      dimensions: [],
    })),
    concepts: Array.from({ length: concepts }, (_, c) => ({
      slug: `pojam-${c}`,
      nameHr: `Pojam ${c}`,
      nameEn: `Concept ${c}`,
      keywords: [`pojam${c}`, "porez", "stopa"],
      aliases: [`porez pojam${c}`],
      topic: `tema-${c % 20}`,
    })),
    rules,
  })
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN
}

async function measure(
  pack: LoadedPack,
  corpus: Case[],
  passes: number,
): Promise<{ runs: number[]; ttfus: number[] }> {
  const runs: number[] = []
  const ttfus: number[] = []
  for (let pass = 0; pass < passes; pass++)
    for (const [i, item] of corpus.entries()) {
      const request: EngineRequest = {
        requestId: `bench_${pass}_${i}`,
        question: item.question,
        asOfDate: AS_OF,
        profile: { counters: { revenueYtd: 50_000 } },
      }
      const started = performance.now()
      let firstSource: number | undefined
      for await (const event of buildAnswerWithReasoning(request, {
        pack,
        clock: () => new Date(),
        ...(item.clarifications ? { clarifications: item.clarifications } : {}),
      })) {
        if (firstSource === undefined && event.stage === "SOURCES" && event.status === "progress")
          firstSource = performance.now() - started
        // A corpus question that stops for a clarification would wait forever: fail loudly.
        if (event.status === "awaiting_input" && !item.clarifications)
          throw new Error(`bench question awaits input: ${item.question}`)
      }
      runs.push(performance.now() - started)
      if (firstSource !== undefined) ttfus.push(firstSource)
    }
  return { runs, ttfus }
}

function rows(label: string, result: { runs: number[]; ttfus: number[] }, goalMs: number): BenchRow[] {
  const p50 = percentile(result.runs, 0.5)
  return [
    { name: `engine run p50 (${label})`, value: p50, unit: "ms", goal: `< ${goalMs} ms`, pass: p50 < goalMs },
    { name: `engine run p99 (${label})`, value: percentile(result.runs, 0.99), unit: "ms" },
    { name: `time to first useful stage p50 (${label})`, value: percentile(result.ttfus, 0.5), unit: "ms" },
    { name: `time to first useful stage p99 (${label})`, value: percentile(result.ttfus, 0.99), unit: "ms" },
  ]
}

/** Best of 5: parseAskArgs on a question of `count` words with options around it. */
function askParseMs(count: number): number {
  const argv = ["--json", ...Array.from({ length: count }, (_, i) => `rijec${i}`), "--no-db", "--as-of", AS_OF]
  let best = Number.POSITIVE_INFINITY
  for (let pass = 0; pass < 5; pass++) {
    const started = performance.now()
    parseAskArgs(argv)
    best = Math.min(best, performance.now() - started)
  }
  return best
}

/**
 * The first question on a pack just handed to a thread (a publication, the app's start), p50 over
 * `passes` fresh copies: with its indexes built by the run itself, and after PACK_WARM_STEPS (what
 * the engine thread does before new questions switch to the pack).
 */
async function firstQuestionMs(real: LoadedPack, passes: number): Promise<{ cold: number; warmed: number }> {
  const question: Case[] = [{ question: "Kolika je opća stopa PDV-a?" }]
  const cold: number[] = []
  const warmed: number[] = []
  for (let pass = 0; pass < passes; pass++) {
    cold.push(...(await measure(validatedPack(real.canonicalJson, real.hash), question, 1)).runs)
    const fresh = validatedPack(real.canonicalJson, real.hash)
    for (const step of PACK_WARM_STEPS) step(fresh)
    warmed.push(...(await measure(fresh, question, 1)).runs)
  }
  return { cold: percentile(cold, 0.5), warmed: percentile(warmed, 0.5) }
}

export async function runEngineBench(): Promise<BenchRow[]> {
  const real = loadPackFile(REAL_PACK)
  await measure(real, REAL_CORPUS, 20) // warm-up: JIT, pack index
  const realResult = await measure(real, REAL_CORPUS, 100)

  const big = generatedPack()
  const indexStarted = performance.now()
  packIndex(big)
  const indexMs = performance.now() - indexStarted
  const bigCorpus: Case[] = Array.from({ length: 16 }, (_, i) => ({
    question: `Kolika je stopa za porez pojam${(i * 61) % 1000} u Hrvatskoj?`,
  }))
  await measure(big, bigCorpus, 10)
  const bigResult = await measure(big, bigCorpus, 60)
  const parseMs = askParseMs(170_000)
  const first = await firstQuestionMs(real, 15)

  return [
    ...rows(`real pack, ${real.pack.rules.length} rules, ${REAL_CORPUS.length} questions`, realResult, 0.5),
    ...rows(`generated pack, ${big.pack.rules.length} rules`, bigResult, 1),
    { name: "pack index build, 10,000 rules (once per pack)", value: indexMs, unit: "ms" },
    { name: "fiskai ask: read a question of 170,000 words", value: parseMs, unit: "ms", goal: "< 250 ms", pass: parseMs < 250 },
    { name: "first question on a newly loaded pack, indexes built by the run (p50)", value: first.cold, unit: "ms" },
    { name: "first question on a newly loaded pack, warmed as the engine thread does (p50)", value: first.warmed, unit: "ms" },
  ]
}
