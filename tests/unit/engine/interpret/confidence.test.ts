import { describe, expect, it } from "vitest"
import {
  CONFIDENCE_THRESHOLD_CLARIFY,
  CONFIDENCE_THRESHOLD_STRICT,
  interpretationConfidence,
  MAX_INTERPRETATION_CONFIDENCE,
  NONSENSE_RATIO_THRESHOLD,
  type ConfidenceInputs,
} from "../../../../src-main/engine/interpret/confidence"

const clear: ConfidenceInputs = {
  topic: "REGULATORY",
  hasSubject: true,
  hasAspect: true,
  contextFacts: 0,
  isQuestionForm: true,
  tokenCount: 6,
  refersBack: false,
  gibberishRatio: 0,
}
const score = (over: Partial<ConfidenceInputs>): number => interpretationConfidence({ ...clear, ...over }).confidence

describe("interpretationConfidence", () => {
  it("exports seed 003's thresholds", () => {
    expect([CONFIDENCE_THRESHOLD_CLARIFY, CONFIDENCE_THRESHOLD_STRICT, NONSENSE_RATIO_THRESHOLD, MAX_INTERPRETATION_CONFIDENCE]).toEqual([0.6, 0.75, 0.6, 0.95])
  })
  it("passes the strict threshold for a clear regulatory question", () => {
    expect(score({})).toBeGreaterThanOrEqual(CONFIDENCE_THRESHOLD_STRICT)
  })
  it("rises with context facts but never above 0.95", () => {
    expect(score({ contextFacts: 1 })).toBeGreaterThan(score({}))
    expect(score({ contextFacts: 6 })).toBe(MAX_INTERPRETATION_CONFIDENCE)
  })
  it("asks for clarification when the subject or the aspect is missing from a short question", () => {
    expect(score({ hasAspect: false, tokenCount: 1 })).toBeLessThan(CONFIDENCE_THRESHOLD_CLARIFY)
    expect(score({ hasSubject: false, tokenCount: 4, refersBack: true })).toBeLessThan(CONFIDENCE_THRESHOLD_CLARIFY)
  })
  it("is lower for off-topic text and falls with gibberish", () => {
    expect(score({ topic: "OFFTOPIC" })).toBeLessThan(score({}))
    expect(score({ gibberishRatio: 1 })).toBeLessThan(CONFIDENCE_THRESHOLD_CLARIFY)
  })
  it("never goes below 0", () => {
    expect(score({ topic: "OFFTOPIC", hasSubject: false, hasAspect: false, isQuestionForm: false, tokenCount: 1, refersBack: true, gibberishRatio: 1 })).toBe(0)
  })
})
