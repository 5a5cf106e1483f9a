import { describe, expect, it } from "vitest"
import { ENGINE_VERSION, recordedEngineVersion, replayMismatch } from "../../../src-main/engine/version"

describe("the engine version a trace was recorded by", () => {
  const intake = (data: object) => ({ stage: "QUESTION_INTAKE", status: "complete", data })

  it("is 1 for traces from before it was recorded, unless their chained events show a later engine", () => {
    expect(recordedEngineVersion(undefined, [intake({ summary: "…" })])).toBe(1)
    expect(recordedEngineVersion(undefined, [intake({ summary: "…", focus: { subjects: [] } })])).toBe(2)
    expect(recordedEngineVersion(2, [])).toBe(2)
  })

  it("replays only the current engine's traces, and says why another's are not re-derived", () => {
    expect(replayMismatch(ENGINE_VERSION)).toBeUndefined()
    expect(replayMismatch(1)).toContain(`engine version ${ENGINE_VERSION}`)
    expect(replayMismatch(undefined)).toContain("recorded by engine version 1")
  })
})
