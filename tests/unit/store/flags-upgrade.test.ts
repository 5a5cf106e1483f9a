import Database from "better-sqlite3"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { seedBundledPack } from "../../../src-main/packs/bundled-seed"
import { RuleChanges } from "../../../src-main/packs/rule-changes"
import {
  FlagRuleChangeNotFoundError,
  FlagsRepository,
  FlagStateError,
} from "../../../src-main/store/flags-repo"
import {
  appliedMigrations,
  defaultMigrationsDir,
  loadMigrations,
  migrate,
} from "../../../src-main/store/migrator"
import { openStore, type Store } from "../../../src-main/store/store"
import { basePack } from "../packs/fixtures"
import { tempDir } from "./fixtures"

// Issue 19: a desk's database made before flags could name a rule change (at migration 0013,
// with flags open and decided) opens in this app: every later migration applies, the flags are
// as they were (naming nobody as raiser or decider), and an open one can then be confirmed by a
// profile with a link to a rule change, which the queue shows, while a decided flag stays final
// and a rejected one can carry no link.

const shipped = loadMigrations(defaultMigrationsDir())
const AT = "0013_firm_sync"
const NOW = new Date("2026-03-05T09:00:00.000Z")

const opened: Store[] = []
afterEach(() => {
  for (const store of opened.splice(0)) if (store.sqlite.open) store.close()
})

/** A database file migrated up to 0013 only, holding two runs and three flags (open, confirmed, rejected) as that version wrote them. */
function databaseAt0013(): string {
  const upTo = shipped.findIndex((m) => m.tag === AT)
  expect(upTo).toBeGreaterThan(0)
  const path = join(tempDir(), "fiskai.sqlite")
  const raw = new Database(path)
  try {
    migrate(raw, shipped.slice(0, upTo + 1), () => new Date("2026-01-10T08:00:00.000Z"))
    const pack = basePack("2.0.0")
    raw
      .prepare(
        "INSERT INTO rule_pack_snapshots (hash, pack_id, version, canonical_json, created_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(pack.hash, pack.id, pack.version, pack.canonicalJson, "2026-01-10T08:00:00.000Z")
    const trace = raw.prepare(
      `INSERT INTO traces (id, request_id, created_at, updated_at, question, as_of_date, request_json, pack_id, pack_version, pack_hash, status, outcome)
       VALUES (?, ?, ?, ?, ?, '2026-01-10', '{}', ?, ?, ?, 'complete', ?)`,
    )
    trace.run(
      1,
      "run-answer",
      "2026-01-10T08:01:00.000Z",
      "2026-01-10T08:01:01.000Z",
      "Koja je stopa PDV-a?",
      pack.id,
      pack.version,
      pack.hash,
      "ANSWER",
    )
    trace.run(
      2,
      "run-refusal",
      "2026-01-10T08:02:00.000Z",
      "2026-01-10T08:02:01.000Z",
      "Koji je porez u Njemačkoj?",
      pack.id,
      pack.version,
      pack.hash,
      "REFUSAL",
    )
    const flag = raw.prepare(
      "INSERT INTO flags (id, run_id, kind, note, created_at, status, decided_at, decision_note) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    const audit = raw.prepare("INSERT INTO flag_audit (flag_id, action, at, detail_json) VALUES (?, ?, ?, ?)")
    flag.run(
      "flag-open",
      "run-answer",
      "unclear",
      "Za koju godinu?",
      "2026-01-11T09:00:00.000Z",
      "open",
      null,
      null,
    )
    audit.run("flag-open", "created", "2026-01-11T09:00:00.000Z", '{"kind":"unclear","runId":"run-answer"}')
    flag.run(
      "flag-confirmed",
      "run-answer",
      "wrong",
      "Stopa je drugačija.",
      "2026-01-11T10:00:00.000Z",
      "confirmed",
      "2026-01-12T10:00:00.000Z",
      "pravilo pdv.stopa",
    )
    flag.run(
      "flag-rejected",
      "run-refusal",
      "wrong",
      "Trebalo je odgovoriti.",
      "2026-01-11T11:00:00.000Z",
      "rejected",
      "2026-01-12T11:00:00.000Z",
      "izvan hrvatskog prava",
    )
    expect(appliedMigrations(raw).at(-1)?.tag).toBe(AT)
    expect(raw.prepare("PRAGMA table_info(flags)").all()).not.toContainEqual(
      expect.objectContaining({ name: "rule_change_id" }),
    )
  } finally {
    raw.close()
  }
  return path
}

function upgraded(path: string): Store {
  const store = openStore({ path, clock: () => NOW })
  opened.push(store)
  return store
}

describe("a database at migration 0013 holding flags", () => {
  it("upgrades to the latest migrations with every flag as it was", () => {
    const store = upgraded(databaseAt0013())
    expect(appliedMigrations(store.sqlite).map((m) => m.tag)).toEqual(shipped.map((m) => m.tag))
    const flags = new FlagsRepository(store)
    const all = flags.list({ status: "all" }, NOW)
    expect(
      all.map((i) => [
        i.flag.id,
        i.flag.kind,
        i.flag.status,
        i.flag.note,
        i.flag.decision?.note ?? null,
        i.flag.ruleChangeId,
        i.linkedChange,
      ]),
    ).toEqual([
      ["flag-open", "unclear", "open", "Za koju godinu?", null, null, null],
      ["flag-confirmed", "wrong", "confirmed", "Stopa je drugačija.", "pravilo pdv.stopa", null, null],
      ["flag-rejected", "wrong", "rejected", "Trebalo je odgovoriti.", "izvan hrvatskog prava", null, null],
    ])
    expect(all.map((i) => i.run.question)).toEqual([
      "Koja je stopa PDV-a?",
      "Koja je stopa PDV-a?",
      "Koji je porez u Njemačkoj?",
    ])
    expect(flags.list({ status: "open" }, NOW).map((i) => i.flag.id)).toEqual(["flag-open"])
    // Flags from before profiles were recorded (migration 0017) name nobody.
    expect(all.map((i) => [i.flag.raisedBy, i.flag.decision?.decidedBy ?? null])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ])
  })

  it("links an open flag to a rule change once upgraded; decided flags stay final and a rejection carries no link", () => {
    const store = upgraded(databaseAt0013())
    const pack = basePack("2.0.0")
    seedBundledPack(store, pack)
    const rules = new RuleChanges(store)
    const ana = rules.createProfile("Ana Anić").id
    const rule = pack.pack.rules.find((r) => r.id === "vat.return.deadline")
    const change = rules.propose({
      author: ana,
      kind: "edit",
      ruleId: "vat.return.deadline",
      rule: { ...rule, effectiveFrom: "2021-01-01" },
      note: "rok",
    })
    const flags = new FlagsRepository(store)

    expect(() =>
      flags.decide({ id: "flag-open", decision: "confirmed", note: "rok", ruleChangeId: "no-such-change" }),
    ).toThrow(FlagRuleChangeNotFoundError)
    const linked = flags.decide({
      id: "flag-open",
      decision: "confirmed",
      note: "rok",
      ruleChangeId: change.id,
      profileId: ana,
    })
    expect(linked).toMatchObject({ status: "confirmed", ruleChangeId: change.id, raisedBy: null })
    expect(linked.decision?.decidedBy).toEqual({ id: ana, name: "Ana Anić" })
    expect(
      flags.list({ status: "all", ruleChangeId: change.id }, NOW).map((i) => [i.flag.id, i.linkedChange]),
    ).toEqual([["flag-open", { id: change.id, ruleId: "vat.return.deadline", status: "DRAFT" }]])
    expect(flags.auditTrail("flag-open").map((e) => e.action)).toEqual(["created", "confirmed"])

    expect(() =>
      flags.decide({ id: "flag-confirmed", decision: "confirmed", note: "x", ruleChangeId: change.id }),
    ).toThrow(FlagStateError)
    const setLink = (id: string) =>
      store.sqlite.prepare("UPDATE flags SET rule_change_id = ? WHERE id = ?").run(change.id, id)
    expect(() => setLink("flag-rejected")).toThrow()
    expect(() => setLink("flag-confirmed")).toThrow()
    expect(flags.get("flag-confirmed")?.ruleChangeId).toBeNull()
    expect(flags.get("flag-rejected")?.ruleChangeId).toBeNull()
  })
})
