import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { ProfileContext } from "../../../src-shared/context"
import { isTerminal, ReasoningEvent, type ReasoningEvent as Event } from "../../../src-shared/events/event"
import type { ClarificationPayload } from "../../../src-shared/events/payloads"
import { PIPELINE_STAGES } from "../../../src-shared/events/stages"
import { interpretQuestion } from "../../../src-main/engine/interpret"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import type { ClarificationAnswer } from "../../../src-main/engine/types"
import type { LoadedPack } from "../../../src-main/knowledge/loader"
import { realPack, syntheticPack } from "../../fixtures/packs"
import { drain } from "./helpers"

// Invariants over generated questions, profiles, dates and clarification answers (seed 001 §4, §8).

const subjects = [
  "prag za PDV",
  "stopa PDV-a",
  "PDV na jaja",
  "rok za PDV prijavu",
  "rok plaćanja doprinosa",
  "porez na dobit",
  "eRačun",
  "paušalni obrt",
  "prirez",
  "fiskalizacija",
  "OSS prodaja na daljinu",
  "mirovinsko osiguranje",
  "VAT threshold",
  "corporate income tax",
  "lozinka aplikacije",
  "vrijeme sutra",
]
const openers = ["Koji je", "Koliki je", "Moram li", "Kada", "What is the", "Do I need", "", "Molim vas"]
const tails = [
  "",
  "?",
  " ako mi je promet 65.000 eura?",
  " za d.o.o.?",
  " u 2024.?",
  " in Germany?",
  " kao paušalist?",
  " €15,000",
  " na dan 1.1.2026.",
  " na dan 31.02.2025.",
  " on 2025-02-30?",
]

const question = fc.oneof(
  fc
    .tuple(fc.constantFrom(...openers), fc.constantFrom(...subjects), fc.constantFrom(...tails))
    .map(([o, s, t]) => `${o} ${s}${t}`.trim()),
  fc.string({ minLength: 0, maxLength: 40 }),
)

const profile: fc.Arbitrary<ProfileContext | undefined> = fc.option(
  fc.record(
    {
      entity: fc.record(
        {
          type: fc.constantFrom("DOO", "JDOO", "OBRT", "UDRUGA", "OTHER" as const),
          obrtSubtype: fc.constantFrom("PAUSALNI", "DOHODAS", "DOBITAS" as const),
          vat: fc.record({ status: fc.constantFrom("IN_VAT", "OUTSIDE_VAT", "UNKNOWN" as const) }),
          location: fc.record({
            country: fc.constant("HR" as const),
            county: fc.constantFrom("Grad Zagreb", "Split"),
          }),
        },
        { requiredKeys: ["type", "vat", "location"] },
      ),
      counters: fc.record({ revenueYtd: fc.integer({ min: 0, max: 2_000_000 }) }),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
)

const asOf = fc.option(
  fc.constantFrom("2018-06-01", "2023-05-05", "2024-12-31", "2025-01-01", "2026-02-10", "2030-06-01"),
  { nil: undefined },
)
/** Which answer to give at each gate: an option by index, a cancel, or free text. */
const answers = fc.array(
  fc.oneof(fc.nat(5), fc.constant("cancel" as const), fc.constantFrom("da", "prag za pdv", "xyz")),
  { maxLength: 3 },
)
const pack = fc.constantFrom<() => LoadedPack>(syntheticPack, realPack)

function clarifier(choices: Array<number | string>) {
  let i = 0
  return async (q: ClarificationPayload): Promise<ClarificationAnswer> => {
    const choice = choices[i++] ?? "cancel"
    if (choice === "cancel") return { kind: "cancel" }
    if (typeof choice === "string") return { kind: "answer", value: choice }
    const options = q.options ?? []
    const option = options[choice % Math.max(1, options.length)]
    return option ? { kind: "answer", value: option.value } : { kind: "cancel" }
  }
}

async function runOnce(
  input: {
    q: string
    p: ProfileContext | undefined
    d: string | undefined
    a: Array<number | string>
    pk: () => LoadedPack
  },
  clockIso: string,
) {
  return drain(
    buildAnswerWithReasoning(
      {
        requestId: "req_prop",
        question: input.q,
        ...(input.p ? { profile: input.p } : {}),
        ...(input.d ? { asOfDate: input.d } : {}),
      },
      { pack: input.pk(), clock: () => new Date(clockIso), clarify: clarifier(input.a) },
    ),
  )
}

const inputs = fc.record({ q: question, p: profile, d: asOf, a: answers, pk: pack })
const ORDER: readonly string[] = PIPELINE_STAGES

function checkInvariants(events: Event[]): void {
  // Exactly one terminal, and it is last.
  expect(events.filter(isTerminal)).toHaveLength(1)
  expect(isTerminal(events[events.length - 1] as Event)).toBe(true)
  // Monotonic seq from 0 and ids derived from it; every event satisfies the contract.
  events.forEach((e, i) => {
    expect(e.seq).toBe(i)
    expect(e.id).toBe(`req_prop_${String(i).padStart(3, "0")}`)
    expect(ReasoningEvent.safeParse(e).success).toBe(true)
  })
  // Stage order, and started -> (progress|checkpoint)* -> complete within each stage. CLARIFICATION
  // may run once per gate (the topic, then a date that does not exist), each round closed first.
  let lastIndex = -1
  let open: string | undefined
  for (const e of events.slice(0, -1)) {
    const index = ORDER.indexOf(e.stage)
    expect(index).toBeGreaterThanOrEqual(lastIndex)
    const nextRound = e.stage === "CLARIFICATION" && e.status === "awaiting_input" && open === undefined
    if (index > lastIndex || nextRound) {
      expect(open).toBeUndefined()
      expect(e.status).toBe(e.stage === "CLARIFICATION" ? "awaiting_input" : "started")
      lastIndex = index
      open = e.stage
    } else {
      expect(open).toBe(e.stage)
      expect(["progress", "checkpoint", "complete"]).toContain(e.status)
    }
    if (e.status === "complete") open = undefined
  }
  expect(open).toBeUndefined()
  // No answer without complete citations, an as-of date and eligible rules.
  const terminal = events[events.length - 1]
  if (
    terminal &&
    (terminal.stage === "ANSWER" ||
      terminal.stage === "QUALIFIED_ANSWER" ||
      terminal.stage === "CONDITIONAL_ANSWER")
  ) {
    expect(terminal.data.citations.length).toBeGreaterThan(0)
    for (const c of terminal.data.citations)
      for (const field of [c.evidenceId, c.url, c.quote, c.fetchedAt]) expect(field.length).toBeGreaterThan(0)
    expect(terminal.data.asOfDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(terminal.data.eligibleRuleCount).toBeGreaterThan(0)
    expect(terminal.data.appliesWhenEvaluated).toBe(true)
  }
}

describe("engine invariants (property-based)", () => {
  it("one terminal, stage order, started..complete, monotonic seq, contract-valid events, cited answers", async () => {
    await fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        const { events, terminal } = await runOnce(input, "2025-06-01T10:00:00.000Z")
        checkInvariants(events)
        const last = events[events.length - 1]
        expect(terminal?.outcome).toBe(last?.stage)
        // A day that does not exist in the question is never replaced silently: without a request
        // date, an answer is for the day the user named in the clarification.
        if (input.d === undefined && interpretQuestion(input.q).impossibleDates.length > 0 && terminal && "asOfDate" in terminal) {
          const named = events.flatMap((e) => (e.stage === "CLARIFICATION" && e.status === "complete" && e.data.asOfDate ? [e.data.asOfDate] : []))
          expect(named).toEqual([terminal.asOfDate])
        }
      }),
      { numRuns: 300 },
    )
  })

  it("is deterministic: the same inputs give the same events apart from timestamps", async () => {
    await fc.assert(
      fc.asyncProperty(inputs, async (input) => {
        const withDate = { ...input, d: input.d ?? "2025-06-01" }
        const first = await runOnce(withDate, "2025-06-01T10:00:00.000Z")
        const second = await runOnce(withDate, "2025-06-01T23:59:59.999Z")
        const strip = (events: Event[]) => events.map(({ ts: _ts, ...rest }) => rest)
        expect(strip(second.events)).toEqual(strip(first.events))
        expect(second.terminal).toEqual(first.terminal)
      }),
      { numRuns: 150 },
    )
  })
})
