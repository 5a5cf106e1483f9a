import { readFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, test } from "vitest"
import type { ProfileContext } from "../../../src-shared/context"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { checkInterpretation, recordedInterpretations } from "../../../src-main/engine/interpretation-gate"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import type { EngineDeps, InterpretationAsk, ProposedInterpretation } from "../../../src-main/engine/types"
import { EngineThread } from "../../../src-main/engine-thread/engine-thread"
import { checkReading } from "../../../src-main/model/interpretation"
import { systemClock } from "../../../src-main/util/clock"
import { realPack } from "../../fixtures/packs"
import { withoutTs } from "../store/engine-fixtures"

// The engine's side of the model's reading (src-main/engine/interpretation-gate.ts), without HTTP:
// where the gate opens (only where the run would refuse a readable question for finding no concept),
// that the engine checks a proposal itself whatever the proposer says, and that a replay told the
// recorded reading makes the same events without any proposer.

interface Case {
  question: string
  asOf?: string
  profile?: ProfileContext
  clarify?: string[]
}

const GOLDEN = ["questions", "vat", "income", "business"].flatMap((name) => JSON.parse(readFileSync(join(__dirname, "..", "..", "golden", `${name}.json`), "utf8")) as Case[])
const MORE: Case[] = [
  { question: "Koliko košta ručak za radnike a da ne plaćam porez?" },
  { question: "Koliko dobivam za put po Hrvatskoj bez poreza?" },
  { question: "Koliko dana godišnjeg odmora ima radnik?" },
  { question: "Treba li mi fiskalna blagajna?" },
  { question: "Što je s kavom?" },
  { question: "Kako promijeniti lozinku u aplikaciji?" },
  { question: "blabla porez" },
  { question: "Koliki je PDV na pelene?" },
  { question: "How much do I get for a trip around Croatia without tax?" },
]
const CLOCK = () => new Date("2025-06-01T10:00:00.000Z")

async function run(c: Case, extra: Partial<EngineDeps> = {}): Promise<ReasoningEvent[]> {
  const generator = buildAnswerWithReasoning(
    { requestId: "gate", question: c.question, asOfDate: c.asOf ?? "2025-06-01", ...(c.profile ? { profile: c.profile } : {}) },
    { pack: realPack(), clock: CLOCK, ...(c.clarify ? { clarifications: c.clarify } : {}), ...extra },
  )
  const events: ReasoningEvent[] = []
  for await (const event of generator) {
    events.push(event)
    if (event.status === "awaiting_input" && extra.clarifications === undefined && !c.clarify) break
  }
  return events
}

describe("where the gate opens", () => {
  test("only where the run without a model refuses a readable question for finding no concept; a none changes nothing", async () => {
    const opened: string[] = []
    for (const c of [...GOLDEN, ...MORE]) {
      const asks: InterpretationAsk[] = []
      const withProposer = await run(c, { proposeInterpretation: async (ask) => (asks.push(ask), null) })
      const without = await run(c)
      // A proposer that proposes nothing leaves every run exactly as it was.
      expect(withProposer).toEqual(without)
      if (asks.length === 0) continue
      opened.push(c.question)
      const last = without.at(-1)
      expect(last?.stage, c.question).toBe("REFUSAL")
      if (last?.stage === "REFUSAL") expect(["OUT_OF_SCOPE", "NO_CITABLE_RULES", "UNSUPPORTED_DOMAIN"], c.question).toContain(last.data.reason)
      // Before anything was researched, and asked for the seq the clarification would take.
      expect(without.some((e) => e.stage === "SOURCES" || e.stage === "CLARIFICATION"), c.question).toBe(false)
      expect(asks[0]?.forSeq).toBe(2)
    }
    expect(opened).toEqual(
      expect.arrayContaining([
        "Koliko košta ručak za radnike a da ne plaćam porez?",
        "Koliko dobivam za put po Hrvatskoj bez poreza?",
        "Koliko dana godišnjeg odmora ima radnik?",
        "Kako promijeniti lozinku u aplikaciji?",
      ]),
    )
    // A thing the pack has no subject for, a subject it lacks the attribute of, nonsense, another country: never.
    for (const never of ["Koliki je PDV na pelene?", "Plaća li se PDV na kolače?", "asdfgh qwrtz xcvbnm", "Koliki je PDV u Sloveniji?"])
      expect(opened).not.toContain(never)
  }, 60_000)
})

describe("the engine checks the proposal itself", () => {
  const question = { question: "Koliko košta ručak za radnike a da ne plaćam porez?" }

  test("whatever the proposer returns, only a concept of the pack with a rule answering the asked attribute is offered", async () => {
    const plain = await run(question)
    for (const proposal of [
      { concept: "porez-na-srecu", attribute: "amount" },
      { concept: "neop-naknada-prehrana", attribute: "deadline" },
      // The question asks "koliko" (an amount): a deadline does not answer it.
      { concept: "pdv-rok-placanja", attribute: "deadline" },
    ] as ProposedInterpretation[])
      expect(await run(question, { proposeInterpretation: async () => proposal })).toEqual(plain)
    // A proposer that fails is none.
    expect(await run(question, { proposeInterpretation: () => Promise.reject(new Error("down")) })).toEqual(plain)
  })

  test("a tampered recording is not offered either", async () => {
    expect(await run(question, { interpretations: [{ concept: "pdv-stope", attribute: "deadline" } as ProposedInterpretation] })).toEqual(await run(question))
  })

  test("the model's side and the engine's side give the same verdict", () => {
    const pack = realPack()
    const asked = { attribute: "amount" as const, vagueAmount: true, sinceWhen: false }
    const ask = { asked, forSeq: 2, locale: "hr" as const }
    for (const [concept, attribute] of [["neop-naknada-prehrana", "amount"], ["neop-naknada-prehrana", "deadline"], ["pdv-rok-placanja", "deadline"], ["pdv-stope", "rate"], ["x", "rate"]] as const) {
      const engine = checkInterpretation(pack, asked, { concept, attribute })
      const model = checkReading(JSON.stringify({ concept, attribute }), pack, ask)
      expect(model.outcome === "offered", `${concept} ${attribute}`).toBe(engine.ok)
    }
  })
})

describe("replay reads the recording", () => {
  test("told the recorded reading and answer, the engine makes the live run's events without a proposer", async () => {
    const question = { question: "Koliko dobivam za put po Hrvatskoj bez poreza?" }
    const accept = "concept:neop-dnevnica-tuzemna;attribute=amount"
    const live = await run(question, { proposeInterpretation: async () => ({ concept: "neop-dnevnica-tuzemna", attribute: "amount" }), clarifications: [accept] })
    expect(live.at(-1)?.stage).toMatch(/ANSWER$/)
    const interpretations = recordedInterpretations(live)
    expect(interpretations).toEqual([{ concept: "neop-dnevnica-tuzemna", attribute: "amount" }])
    expect(await run(question, { interpretations, clarifications: [accept] })).toEqual(live)
    // The answer rests on the proposed concept's rules and the asked attribute only.
    const retrieval = live.find((e) => e.stage === "RETRIEVAL" && e.status === "complete")
    expect(retrieval?.data).toMatchObject({ concepts: [{ slug: "neop-dnevnica-tuzemna" }], focus: { attribute: "amount", subjects: expect.any(Array) } })
  })

  const threads: EngineThread[] = []
  afterEach(async () => {
    for (const thread of threads.splice(0)) await thread.close()
  })

  test("the recorded reading crosses to the engine thread (verify in the app), and so does a live proposer's", async () => {
    const thread = new EngineThread()
    threads.push(thread)
    const request = { requestId: "gate-thread", question: "Koliko dobivam za put po Hrvatskoj bez poreza?", asOfDate: "2025-06-01", askedOn: "2025-06-01" }
    const accept = "concept:neop-dnevnica-tuzemna;attribute=amount"
    const recorded: EngineDeps = { pack: realPack(), clock: systemClock, deliberatePauseMs: 0, clarifications: [accept], interpretations: [{ concept: "neop-dnevnica-tuzemna", attribute: "amount" }] }
    const collect = async (events: AsyncIterable<ReasoningEvent>) => {
      const out: ReasoningEvent[] = []
      for await (const event of events) out.push(event)
      return out
    }
    const onThread = thread.engine(request, recorded)
    // Computed on the thread: it can tell whether its next event is at hand.
    expect(onThread.nextEventReady).toBeDefined()
    const threaded = await collect(onThread)
    expect(withoutTs(threaded)).toEqual(withoutTs(await collect(buildAnswerWithReasoning(request, recorded))))
    expect(threaded.some((e) => e.stage === "CLARIFICATION" && e.status === "awaiting_input" && e.data.reason === "interpretation")).toBe(true)
    // The thread asks the proposer here (functions cannot cross) and the engine waits for its reply there.
    const asks: InterpretationAsk[] = []
    const proposeInterpretation = async (ask: InterpretationAsk) => (asks.push(ask), { concept: "neop-dnevnica-tuzemna", attribute: "amount" as const })
    const live = thread.engine(request, { ...recorded, interpretations: undefined, proposeInterpretation })
    expect(live.nextEventReady).toBeDefined()
    expect(withoutTs(await collect(live))).toEqual(withoutTs(threaded))
    expect(asks).toEqual([{ question: request.question, locale: "hr", forSeq: 2, asked: expect.objectContaining({ attribute: "amount" }) }])
  })
})
