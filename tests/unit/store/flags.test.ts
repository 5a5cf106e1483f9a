import { describe, expect, it } from "vitest"
import { isTerminal } from "../../../src-shared/events/event"
import {
  FlagNotFoundError,
  FlagProfileNotFoundError,
  FlagRuleChangeNotFoundError,
  FlagRunNotFoundError,
  FlagsRepository,
  FlagStateError,
} from "../../../src-main/store/flags-repo"
import { seedBundledPack } from "../../../src-main/packs/bundled-seed"
import { RuleChanges } from "../../../src-main/packs/rule-changes"
import type { Store } from "../../../src-main/store/store"
import { hrCorePack } from "./core-pack"
import { TraceNotFoundError } from "../../../src-main/store/errors"
import { purgeOlderThan } from "../../../src-main/store/purge"
import { AS_OF, CLEAR_QUESTION, realService, VAGUE_QUESTION } from "./engine-fixtures"
import { openTestStore } from "./fixtures"

// Flagged answers on a real database file (issue 19): a report on a finished run, the review
// queue with each flag's age by the caller's clock, one final decision, the audit trail, and the
// trace itself untouched: it stays sealed and verifies after it was flagged and the flag decided.

/** A clock that moves only when told: flags get known creation times, the queue known ages. */
function steppedClock(start = "2026-03-02T09:00:00.000Z") {
  let now = Date.parse(start)
  return {
    clock: () => new Date(now),
    advance: (ms: number) => {
      now += ms
    },
  }
}

async function setup() {
  const time = steppedClock()
  const store = openTestStore(undefined, time.clock)
  const service = realService(store)
  service.clients.save({ id: "c1", name: "Obrt Horvat", context: {} })
  const run = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF, clientId: "c1" })
  return { store, service, time, flags: new FlagsRepository(store), runId: run.requestId }
}

const HOUR = 3_600_000

describe("flags", () => {
  it("are created open on a finished run, and the queue shows age, client, question, headline, outcome and confidence", async () => {
    const { store, service, time, flags, runId } = await setup()
    const flag = flags.create({ runId, kind: "wrong", note: "  Prag je 40.000 EUR, ne 60.000.  " })
    expect(flag).toEqual({
      id: expect.any(String),
      runId,
      kind: "wrong",
      note: "Prag je 40.000 EUR, ne 60.000.",
      createdAt: "2026-03-02T09:00:00.000Z",
      status: "open",
      decision: null,
      ruleChangeId: null,
      raisedBy: null,
    })
    time.advance(3 * HOUR)
    const [item, ...rest] = flags.list({}, store.clock())
    expect(rest).toEqual([])
    const trace = service.get(runId)?.trace
    expect(item).toEqual({
      flag,
      ageMs: 3 * HOUR,
      linkedChange: null,
      run: {
        question: CLEAR_QUESTION,
        clientId: "c1",
        clientName: "Obrt Horvat",
        headline: expect.any(String),
        outcome: trace?.outcome,
        confidence: trace?.confidence,
        createdAt: trace?.createdAt,
      },
    })
    // The headline is the terminal's own, read from the summary column (not from the events).
    const terminal = service.get(runId)?.events.find(isTerminal)
    expect(terminal !== undefined && "headline" in terminal.data ? terminal.data.headline : null).toBe(item?.run.headline)
    // The age is measured by whatever clock the caller passes.
    expect(flags.list({}, new Date(Date.parse(flag.createdAt) - 5000))[0]?.ageMs).toBe(0)
  })

  it("are decided once: confirmed or rejected with a note, and a second decision is refused", async () => {
    const { store, time, flags, runId } = await setup()
    const first = flags.create({ runId, kind: "wrong", note: "Krivi prag." })
    time.advance(1000)
    const second = flags.create({ runId, kind: "unclear", note: "Nije jasno za koju godinu." })
    expect(flags.list({}, store.clock()).map((i) => i.flag.id)).toEqual([first.id, second.id])

    time.advance(HOUR)
    const confirmed = flags.decide({ id: first.id, decision: "confirmed", note: "rule vat.registration.2025: threshold" })
    expect(confirmed).toMatchObject({
      status: "confirmed",
      decision: { decidedAt: "2026-03-02T10:00:01.000Z", note: "rule vat.registration.2025: threshold", decidedBy: null },
    })
    expect(() => flags.decide({ id: first.id, decision: "rejected", note: "ipak ne" })).toThrow(FlagStateError)
    expect(() => flags.decide({ id: first.id, decision: "confirmed", note: "opet" })).toThrow(/already confirmed/)
    expect(flags.get(first.id)).toEqual(confirmed)

    // The queue holds the open ones; "all" every one, decided ones with their decision.
    expect(flags.list({}, store.clock()).map((i) => i.flag.id)).toEqual([second.id])
    expect(flags.list({ status: "all" }, store.clock()).map((i) => i.flag.status)).toEqual(["confirmed", "open"])
    expect(flags.list({ status: "all", runId: "someone-else" }, store.clock())).toEqual([])
    const rejected = flags.decide({ id: second.id, decision: "rejected", note: "Odgovor navodi godinu." })
    expect(rejected.status).toBe("rejected")
    expect(flags.list({}, store.clock())).toEqual([])

    expect(flags.auditTrail(first.id)).toEqual([
      { action: "created", at: "2026-03-02T09:00:00.000Z", detail: { runId, kind: "wrong" } },
      { action: "confirmed", at: "2026-03-02T10:00:01.000Z", detail: { note: "rule vat.registration.2025: threshold" } },
    ])
  })

  it("refuse a run that is not stored, one without an answer, and an unknown flag, writing nothing", async () => {
    const { store, service, flags } = await setup()
    const count = () => store.sqlite.prepare("SELECT (SELECT count(*) FROM flags) + (SELECT count(*) FROM flag_audit)").pluck().get()
    const before = count()
    const missing = () => flags.create({ runId: "no-such-run", kind: "wrong", note: "x" })
    expect(missing).toThrow(FlagRunNotFoundError)
    expect(missing).toThrow(TraceNotFoundError)
    expect(missing).toThrow("no run no-such-run")
    const suspended = await service.ask({ question: VAGUE_QUESTION, asOfDate: AS_OF })
    expect(suspended.status).toBe("awaiting_input")
    expect(() => flags.create({ runId: suspended.requestId, kind: "unclear", note: "?" })).toThrow(FlagStateError)
    expect(() => flags.decide({ id: "no-such-flag", decision: "confirmed", note: "x" })).toThrow(FlagNotFoundError)
    expect(count()).toBe(before)
  })

  it("refuse bad input: empty, too long or broken notes, unknown kinds", async () => {
    const { flags, runId } = await setup()
    expect(() => flags.create({ runId, kind: "wrong", note: "   " })).toThrow(/note is empty/)
    expect(() => flags.create({ runId, kind: "wrong", note: "x".repeat(2001) })).toThrow(/note is too long/)
    expect(() => flags.create({ runId, kind: "wrong", note: "pola \uD800 znaka" })).toThrow(/broken character/)
    expect(() => flags.create({ runId, kind: "wrong" as "unclear" | "wrong", note: "x".repeat(2000) })).not.toThrow()
    expect(() => flags.create({ runId, kind: "bad" as "wrong", note: "x" })).toThrow()
  })

  it("leave the trace untouched: it stays sealed and verifies after it was flagged and the flag decided", async () => {
    const { store, service, flags, runId } = await setup()
    const traceRow = () => store.sqlite.prepare("SELECT * FROM traces WHERE request_id = ?").get(runId)
    const eventRows = () => store.sqlite.prepare("SELECT * FROM events WHERE request_id = ? ORDER BY id").all(runId)
    const before = { trace: traceRow(), events: eventRows() }
    const flag = flags.create({ runId, kind: "wrong", note: "Krivo." })
    flags.decide({ id: flag.id, decision: "confirmed", note: "rule x" })
    expect({ trace: traceRow(), events: eventRows() }).toEqual(before)
    expect(await service.verify(runId)).toEqual({ requestId: runId, ok: true, chainOk: true, replayOk: true })
  })

  it("are kept by the database: what was reported and a decision are final, the audit append-only, and a flagged run is not purged", async () => {
    const { store, time, flags, runId } = await setup()
    const flag = flags.create({ runId, kind: "wrong", note: "Krivo." })
    const sql = (statement: string) => () => store.sqlite.prepare(statement).run(flag.id)
    expect(sql("UPDATE flags SET note = 'drugo' WHERE id = ?")).toThrow(/UPDATE rejected/)
    expect(sql("DELETE FROM flags WHERE id = ?")).toThrow(/DELETE rejected/)
    expect(sql("UPDATE flag_audit SET action = 'x' WHERE flag_id = ?")).toThrow(/append-only/)
    expect(sql("DELETE FROM flag_audit WHERE flag_id = ?")).toThrow(/append-only/)
    expect(sql("UPDATE flags SET status = 'confirmed' WHERE id = ?")).toThrow(/CHECK constraint failed/)
    flags.decide({ id: flag.id, decision: "rejected", note: "Stoji." })
    expect(sql("UPDATE flags SET status = 'confirmed' WHERE id = ?")).toThrow(/decided flag is final/)

    time.advance(400 * 24 * HOUR)
    const purged = purgeOlderThan(store, store.clock().toISOString())
    expect(purged.keptCount).toBeGreaterThanOrEqual(1)
    expect(flags.list({ status: "all" }, store.clock()).map((i) => i.flag.runId)).toEqual([runId])
  })

  it("link a confirmed flag to the rule change that fixes it, in a column both sides read, final with the decision", async () => {
    const { store, flags, runId } = await setup()
    const changeId = proposedChange(store)
    const linked = flags.create({ runId, kind: "wrong", note: "Stopa 10 % ne vrijedi od 2026." })
    const plain = flags.create({ runId, kind: "unclear", note: "Nejasno." })
    const decided = flags.decide({ id: linked.id, decision: "confirmed", note: "Ispravak pravila.", ruleChangeId: changeId })
    expect(decided).toMatchObject({ status: "confirmed", ruleChangeId: changeId, decision: { note: "Ispravak pravila." } })
    flags.decide({ id: plain.id, decision: "confirmed", note: "Bez izmjene pravila." })
    expect(flags.require(plain.id).ruleChangeId).toBeNull()
    // The change's side: its flags, found by the column (not by reading notes).
    expect(flags.list({ status: "all", ruleChangeId: changeId }, store.clock()).map((i) => i.flag.id)).toEqual([linked.id])
    expect(flags.list({ status: "all", ruleChangeId: "nepoznata" }, store.clock())).toEqual([])
    expect(flags.auditTrail(linked.id).at(-1)).toMatchObject({ action: "confirmed", detail: { note: "Ispravak pravila.", ruleChangeId: changeId } })
    expect(() => store.sqlite.prepare("UPDATE flags SET rule_change_id = NULL WHERE id = ?").run(linked.id)).toThrow(/decided flag is final/)
  })

  it("record the local profile that raised a flag and the one that decided it, by name, and refuse a profile that is not stored", async () => {
    const { store, flags, runId } = await setup()
    seedBundledPack(store, hrCorePack())
    const rules = new RuleChanges(store)
    const ana = rules.createProfile("Ana Anić").id
    const ivo = rules.createProfile("Ivo Ivić").id
    const flag = flags.create({ runId, kind: "wrong", note: "Krivi prag.", profileId: ana })
    expect(flag.raisedBy).toEqual({ id: ana, name: "Ana Anić" })
    const decided = flags.decide({ id: flag.id, decision: "confirmed", note: "Prag je 40.000 EUR.", profileId: ivo })
    expect(decided).toMatchObject({ raisedBy: { id: ana, name: "Ana Anić" }, decision: { decidedBy: { id: ivo, name: "Ivo Ivić" } } })
    expect(flags.list({ status: "all" }, store.clock())[0]?.flag).toEqual(decided)
    expect(flags.auditTrail(flag.id).map((e) => e.detail)).toEqual([
      { runId, kind: "wrong", profileId: ana },
      { note: "Prag je 40.000 EUR.", profileId: ivo },
    ])

    const open = flags.create({ runId, kind: "unclear", note: "Nejasno." })
    const rows = () => ({ flags: store.sqlite.prepare("SELECT * FROM flags").all(), audit: store.sqlite.prepare("SELECT * FROM flag_audit").all() })
    const before = rows()
    expect(() => flags.create({ runId, kind: "wrong", note: "x", profileId: "nitko" })).toThrow(FlagProfileNotFoundError)
    expect(() => flags.decide({ id: open.id, decision: "rejected", note: "Ne.", profileId: "nitko" })).toThrow(FlagProfileNotFoundError)
    expect(rows()).toEqual(before)
    // The database holds the same line: who raised a flag never changes, and a decider comes only with a decision.
    expect(() => store.sqlite.prepare("UPDATE flags SET raised_by = ? WHERE id = ?").run(ivo, open.id)).toThrow(/keeps who raised it/)
    expect(() => store.sqlite.prepare("UPDATE flags SET decided_by = ? WHERE id = ?").run(ivo, open.id)).toThrow(/only with a decision/)
    expect(() =>
      store.sqlite
        .prepare("INSERT INTO flags (id, run_id, kind, note, created_at, decided_by) VALUES ('x', ?, 'wrong', 'n', '2026-01-01', ?)")
        .run(runId, ivo),
    ).toThrow(/not when it is reported/)
    expect(rows()).toEqual(before)
  })

  it("refuse a link on a rejection, to a change that is not stored, or at report time, and write nothing then", async () => {
    const { store, flags, runId } = await setup()
    const changeId = proposedChange(store)
    const flag = flags.create({ runId, kind: "wrong", note: "Krivo." })
    const rows = () => ({
      flags: store.sqlite.prepare("SELECT * FROM flags").all(),
      audit: store.sqlite.prepare("SELECT * FROM flag_audit").all(),
    })
    const before = rows()
    expect(() => flags.decide({ id: flag.id, decision: "rejected", note: "Ne.", ruleChangeId: changeId })).toThrow(/only a confirmed flag names a rule change/)
    expect(() => flags.decide({ id: flag.id, decision: "confirmed", note: "Da.", ruleChangeId: "nema-je" })).toThrow(FlagRuleChangeNotFoundError)
    expect(rows()).toEqual(before)
    // The database holds the same line for any other writer.
    expect(() => store.sqlite.prepare("UPDATE flags SET rule_change_id = ? WHERE id = ?").run(changeId, flag.id)).toThrow(/only a confirmed flag/)
    expect(() =>
      store.sqlite
        .prepare("INSERT INTO flags (id, run_id, kind, note, created_at, rule_change_id) VALUES ('x', ?, 'wrong', 'n', '2026-01-01', ?)")
        .run(runId, changeId),
    ).toThrow(/not when it is reported/)
    expect(() =>
      store.sqlite
        .prepare("UPDATE flags SET status = 'confirmed', decided_at = '2026-03-02', decision_note = 'n', rule_change_id = 'nema-je' WHERE id = ?")
        .run(flag.id),
    ).toThrow(/FOREIGN KEY/)
    expect(rows()).toEqual(before)
  })
})

/** A rule change in the store (a draft against the seeded pack): what a confirmed flag can name. */
function proposedChange(store: Store): string {
  const pack = hrCorePack()
  seedBundledPack(store, pack)
  const changes = new RuleChanges(store)
  const author = changes.createProfile("Ana Anić").id
  const rule = pack.pack.rules.find((r) => r.id === "dobit.stopa.10")
  if (rule === undefined) throw new Error("the pack has no dobit.stopa.10")
  return changes.propose({ author, kind: "edit", ruleId: rule.id, rule: { ...rule, effectiveUntil: "2025-12-31" }, note: "Do kraja 2025." }).id
}
