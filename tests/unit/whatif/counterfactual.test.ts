import { describe, expect, it } from "vitest"
import { CounterfactualRequest } from "../../../src-shared/whatif"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { WhatIfInputError } from "../../../src-main/whatif/fact-info"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { replayPlan } from "../../../src-main/engine/replay-run"
import { replayDifference } from "../../../src-main/trace/verify"
import { hrCorePack } from "../store/core-pack"
import { dooProfile, whatIfFixture } from "./fixtures"

// runCounterfactual re-runs APPLICABILITY..terminal on the changed context, reusing the base's
// SOURCES, RETRIEVAL and pack snapshot; its events are marked hypothetical and stored as a trace
// linked to the base, replayable; a change the retrieval cannot answer is refused with a re-run offer.

const traceCount = (f: ReturnType<typeof whatIfFixture>) => f.traces.allRequestIds().length

describe("a counterfactual run", () => {
  it("re-runs only the stages after RETRIEVAL, every event marked as a hypothetical of the base", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const streamed: ReasoningEvent[] = []
    const { run } = await f.whatif.run(
      base,
      [{ kind: "flip", driverId: "fact:counters.revenueYtd:lte:60000" }],
      {
        sinks: [{ mode: "nonBlocking", write: (e) => void streamed.push(e) }],
      },
    )
    if (!run) throw new Error("expected a counterfactual run")
    const stages = run.events.map((e) => `${e.stage}:${e.status}`)
    expect(stages[0]).toBe("APPLICABILITY:started")
    expect(stages).not.toContain("SOURCES:started")
    expect(stages).not.toContain("RETRIEVAL:started")
    expect(stages).not.toContain("CONTEXT_RESOLUTION:started")
    expect(stages.filter((s) => s.endsWith(":started")).map((s) => s.split(":")[0])).toEqual([
      "APPLICABILITY",
      "CONFLICTS",
      "ANALYSIS",
      "CONFIDENCE",
    ])
    expect(run.terminal.stage).toBe("ANSWER")
    expect(run.events.every((e) => e.counterfactualOf === base && e.requestId === run.requestId)).toBe(true)
    expect(run.events.map((e) => e.seq)).toEqual(run.events.map((_, i) => i))
    // The sinks saw the events as they were emitted, the same ones the store kept.
    expect(streamed).toEqual(run.events)
    expect(f.traces.get(run.requestId)?.events).toEqual(run.events)
  })

  it("is stored as a trace linked to its base, on the base's pack snapshot, with the request it ran", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const { run } = await f.whatif.run(base, [{ kind: "set", path: "counters.revenueYtd", value: 30000 }])
    const stored = f.traces.get(run?.requestId ?? "")?.trace
    const original = f.traces.get(base)?.trace
    expect(stored).toMatchObject({
      status: "complete",
      counterfactualOf: base,
      outcome: "ANSWER",
      packHash: original?.packHash,
      question: original?.question,
    })
    const row = f.traces.reader.row(run?.requestId ?? "")
    const request = CounterfactualRequest.parse(JSON.parse(row?.requestJson ?? "{}"))
    expect(request.context.counters?.revenueYtd).toBe(30000)
    expect(request.applied).toMatchObject([
      { path: "counters.revenueYtd", from: 65000, to: 30000, via: "set" },
    ])
    // History hides hypotheticals unless asked for them.
    expect(f.traces.list().items.map((t) => t.requestId)).toEqual([base])
    expect(f.traces.list({ includeHypothetical: true }).items).toHaveLength(2)
  })

  it("replays from its base: verify holds, and a changed context is caught", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const { run } = await f.whatif.run(base, [{ kind: "set", path: "counters.revenueYtd", value: 150000 }])
    const id = run?.requestId ?? ""
    expect(await f.whatif.verify(id)).toEqual({ requestId: id, ok: true, chainOk: true, replayOk: true })

    const row = f.traces.reader.row(id)
    const request = CounterfactualRequest.parse(JSON.parse(row?.requestJson ?? "{}"))
    const stored = f.traces.reader.events(id)
    const baseEvents = f.traces.reader.events(base)
    const replay = (asked: CounterfactualRequest) =>
      replayDifference(
        replayPlan({ kind: "counterfactual", request: asked, base: { events: baseEvents, engineVersion: undefined } }, buildAnswerWithReasoning, stored),
        { pack: f.pack },
        f.pack.hash,
        stored,
        true,
      )
    const forged = { ...request, context: { ...request.context, counters: { revenueYtd: 30000 } } }
    expect((await replay(forged))?.reason).toMatch(/event seq 1 \(APPLICABILITY complete\) differs/)
    expect(await replay(request)).toBeNull()
  })

  it("of a hypothetical trace is a counterfactual of its base with both sets of changes", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const first = await f.whatif.run(base, [{ kind: "set", path: "counters.revenueYtd", value: 30000 }])
    const second = await f.whatif.run(first.run?.requestId ?? "", [
      { kind: "set", path: "entity.type", value: "OBRT" },
    ])
    expect(second.run?.events[0]?.counterfactualOf).toBe(base)
    expect(second.run?.request.changes).toEqual([
      { kind: "set", path: "counters.revenueYtd", value: 30000 },
      { kind: "set", path: "entity.type", value: "OBRT" },
    ])
    expect(second.run?.request.context).toMatchObject({
      counters: { revenueYtd: 30000 },
      entity: { type: "OBRT" },
    })
  })

  it("refuses invalid changes with the field named, and writes nothing", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const before = traceCount(f)
    await expect(f.whatif.run(base, [{ kind: "set", path: "entity.type", value: "FOO" }])).rejects.toThrow(
      /entity\.type/,
    )
    await expect(f.whatif.run(base, [{ kind: "set", path: "counters.turnover", value: 1 }])).rejects.toThrow(
      WhatIfInputError,
    )
    await expect(
      f.whatif.run(base, [{ kind: "set", path: "counters.revenueYtd", value: "much" }]),
    ).rejects.toThrow(/counters\.revenueYtd/)
    await expect(f.whatif.run(base, [{ kind: "flip", driverId: "fact:nothing:eq:1" }])).rejects.toThrow(
      /no driver fact:nothing:eq:1 in this run \(drivers: fact:counters/,
    )
    await expect(f.whatif.run(base, [{ kind: "set", path: "asOf", value: null }])).rejects.toThrow(
      /asOf cannot be removed/,
    )
    expect(traceCount(f)).toBe(before)
  })
})

describe("a change the original retrieval cannot answer", () => {
  it("says so for a date outside every retrieved rule's validity, offers a full re-run, and writes nothing", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const before = traceCount(f)
    const { prepared, run } = await f.whatif.run(base, [{ kind: "set", path: "asOf", value: "2019-06-01" }])
    expect(run).toBeNull()
    if (prepared.status !== "needs_rerun") throw new Error("expected a re-run offer")
    const offer = prepared.result.rerun
    expect(offer.reasons.map((r) => r.code)).toEqual(["DATE_OUTSIDE_RETRIEVAL"])
    expect(offer.reasons[0]?.message.en).toContain(
      "None of the 7 rules retrieved for this question is in force on 1 June 2019",
    )
    expect(offer).toMatchObject({
      asOfDate: "2019-06-01",
      question: f.traces.get(base)?.trace.question,
      profile: dooProfile(),
      notCarried: [],
    })
    expect(traceCount(f)).toBe(before)
  })

  it("says so for a fact no retrieved rule reads, naming the pack's rules that read it but were not retrieved", async () => {
    const f = whatIfFixture(hrCorePack())
    const base = await f.ask({ profile: dooProfile() })
    const { prepared } = await f.whatif.run(base, [{ kind: "set", path: "entity.type", value: "OBRT" }])
    if (prepared.status !== "needs_rerun") throw new Error("expected a re-run offer")
    const reason = prepared.result.rerun.reasons[0]
    expect(reason?.code).toBe("RULES_NOT_RETRIEVED")
    expect(reason?.message.en).toMatch(
      /None of the 6 retrieved rules reads "Entity type".*other rules of the pack depend on it but were not retrieved/,
    )
    // The new entity type goes into the profile of the offered full run.
    expect(prepared.result.rerun.profile?.entity?.type).toBe("OBRT")

    // No rule of the pack reads the question's year (the pension-base bands read its amount since 2.0.17).
    const { prepared: unread } = await f.whatif.run(base, [{ kind: "set", path: "query.year", value: 2024 }])
    if (unread.status !== "needs_rerun") throw new Error("expected a re-run offer")
    expect(unread.result.rerun.reasons[0]?.code).toBe("FACT_NOT_READ")
    expect(unread.result.rerun.notCarried).toEqual(["query.year"])
  })

  it("runs the offered full re-run as a new hypothetical trace that re-discovers its sources", async () => {
    const f = whatIfFixture()
    const base = await f.ask({ profile: dooProfile() })
    const started = f.whatif.rerun(base, [{ kind: "set", path: "asOf", value: "2019-06-01" }])
    const result = await started.done
    const events = f.traces.get(result.requestId)?.events ?? []
    expect(events[0]?.stage).toBe("QUESTION_INTAKE")
    expect(events.some((e) => e.stage === "SOURCES")).toBe(true)
    expect(events.every((e) => e.counterfactualOf === base)).toBe(true)
    expect(f.traces.get(result.requestId)?.trace).toMatchObject({
      counterfactualOf: base,
      asOfDate: "2019-06-01",
    })
    expect(await f.traces.verify(result.requestId)).toMatchObject({ ok: true })
  })
})
