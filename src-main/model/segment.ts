import { STEPPER_STAGES, type ReasoningStage } from "../../src-shared/events/stages"
import { sanitiseStep, splitSentences } from "./sanitize"

// Segmenting the model's thinking into the engine's stages once it has finished (seed 004 §6):
// each sentence goes to the stage whose keywords it matches best; a stage keeps its 1–2
// best-scoring sentences as its thought (at most 200 characters, sanitised). A stage no keyword
// matched takes, as its contextual fallback, a sentence that arrived while that stage ran; when
// nothing matched at all, the whole thinking is the question's step (§6.3).

export type StepperStage = (typeof STEPPER_STAGES)[number]

/** A sentence of the thinking and the engine stage that was running when it arrived. */
export interface ArrivedText {
  text: string
  during: ReasoningStage | null
}

export interface SegmentedStep {
  stage: StepperStage
  thought: string
  /** True when keywords placed it; false for a contextual fallback. */
  matched: boolean
}

// Word stems per stage, Croatian and English, lower case without diacritics (matched as prefixes).
const KEYWORDS: Record<StepperStage, readonly string[]> = {
  QUESTION_INTAKE: ["pita", "pitanj", "korisnik", "zeli", "zanima", "trazi", "question", "user", "asks", "asking", "wants", "intent"],
  CONTEXT_RESOLUTION: ["klijent", "obrt", "pausal", "profil", "status", "datum", "godin", "client", "entity", "context", "profile", "date", "year"],
  SOURCES: ["izvor", "zakon", "pravilnik", "narodn", "sluzben", "source", "law", "act", "gazette", "official"],
  RETRIEVAL: ["pravil", "pronac", "potraz", "pretraz", "rule", "find", "look", "search", "retriev"],
  APPLICABILITY: ["primjenj", "vrijedi", "uvjet", "prag", "ispunjav", "applies", "apply", "applicab", "condition", "threshold", "eligib"],
  CONFLICTS: ["sukob", "proturjec", "iznimk", "razlik", "conflict", "contradict", "exception", "differ"],
  ANALYSIS: ["izracun", "iznos", "stop", "postot", "analiz", "racun", "compute", "calculat", "amount", "rate", "percent", "analys"],
  CONFIDENCE: ["sigur", "pouzdan", "nesigur", "vjerojatn", "confiden", "certain", "sure", "likely", "doubt"],
}

/** Lower case, diacritics folded (č→c, đ→d …), so stems match either spelling. */
export function foldWord(text: string): string {
  return text.toLowerCase().replace(/đ/gu, "d").normalize("NFD").replace(/\p{M}/gu, "")
}

function scoreOf(sentence: string, stage: StepperStage): number {
  const words = foldWord(sentence).match(/\p{L}+/gu) ?? []
  let score = 0
  for (const word of words) if (KEYWORDS[stage].some((stem) => word.startsWith(stem))) score += 1
  return score
}

/** Sentences with the stage that was running when each one's last character arrived. */
export function arrivedSentences(pieces: readonly ArrivedText[]): ArrivedText[] {
  const text = pieces.map((p) => p.text).join("")
  const ends: { end: number; during: ReasoningStage | null }[] = []
  let at = 0
  for (const piece of pieces) {
    at += piece.text.length
    ends.push({ end: at, during: piece.during })
  }
  const out: ArrivedText[] = []
  let offset = 0
  for (const sentence of splitSentences(text)) {
    const start = Math.max(offset, text.indexOf(sentence, offset))
    offset = start + sentence.length
    const lastChar = start + sentence.trimEnd().length
    const during = ends.find((e) => e.end >= lastChar)?.during ?? null
    out.push({ text: sentence.trim(), during })
  }
  return out
}

export function segmentThinking(pieces: readonly ArrivedText[]): SegmentedStep[] {
  const sentences = arrivedSentences(pieces).filter((s) => s.text !== "")
  if (sentences.length === 0) return []
  const byStage = new Map<StepperStage, { index: number; score: number }[]>()
  for (const [index, sentence] of sentences.entries()) {
    let best: { stage: StepperStage; score: number } | undefined
    for (const stage of STEPPER_STAGES) {
      const score = scoreOf(sentence.text, stage)
      if (score > 0 && (best === undefined || score > best.score)) best = { stage, score }
    }
    if (best !== undefined) byStage.set(best.stage, [...(byStage.get(best.stage) ?? []), { index, score: best.score }])
  }
  if (byStage.size === 0) {
    // §6.3: nothing matched; the whole thinking describes the question.
    return [step("QUESTION_INTAKE", sentences.map((s) => s.text).join(" "), false)]
  }
  const used = new Set([...byStage.values()].flat().map((s) => s.index))
  const steps: SegmentedStep[] = []
  for (const stage of STEPPER_STAGES) {
    const matched = byStage.get(stage)
    if (matched !== undefined) {
      const top = [...matched].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, 2).sort((a, b) => a.index - b.index)
      steps.push(step(stage, top.map((s) => sentences[s.index]?.text ?? "").join(" "), true))
      continue
    }
    const fallback = sentences.findIndex((s, index) => s.during === stage && !used.has(index))
    if (fallback >= 0) {
      used.add(fallback)
      steps.push(step(stage, sentences[fallback]?.text ?? "", false))
    }
  }
  return steps.filter((s) => s.thought !== "")
}

function step(stage: StepperStage, text: string, matched: boolean): SegmentedStep {
  return { stage, thought: sanitiseStep(text).text, matched }
}
