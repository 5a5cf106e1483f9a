import Database from "better-sqlite3"
import { describe, expect, test } from "vitest"
import { tempDbPath } from "../../store/fixtures"
import { cli } from "./cli-harness"

// The trace commands end to end through the CLI entry point, on a real database file.

const AS_OF = "2025-06-01"

describe("fiskai traces", () => {
  test("list, show, stats, with filters and JSON", async () => {
    const db = tempDbPath()
    expect((await cli("ask", "Kolika je opća stopa PDV-a?", "--db", db, "--as-of", AS_OF, "--request-id", "vat-rate")).code).toBe(0)
    expect((await cli("ask", "asdf qwer zxcv", "--db", db, "--as-of", AS_OF, "--request-id", "gibberish")).code).toBe(0)

    const listed = await cli("traces", "list", "--db", db)
    expect(listed.code).toBe(0)
    expect(listed.out).toContain("vat-rate")
    expect(listed.out).toContain("gibberish")
    const refusals = JSON.parse((await cli("traces", "list", "--outcome", "REFUSAL", "--json", "--db", db)).out) as { items: { requestId: string }[] }
    expect(refusals.items.map((t) => t.requestId)).toEqual(["gibberish"])
    const searched = JSON.parse((await cli("traces", "list", "--search", "opca stopa", "--json", "--db", db)).out) as { items: { requestId: string }[] }
    expect(searched.items.map((t) => t.requestId)).toEqual(["vat-rate"])
    const since = JSON.parse((await cli("traces", "list", "--since", "2999-01-01", "--json", "--db", db)).out) as { items: unknown[] }
    expect(since.items).toEqual([])

    const shown = await cli("traces", "show", "vat-rate", "--db", db)
    expect(shown.code).toBe(0)
    expect(shown.out).toContain("Kolika je opća stopa PDV-a?")
    const detail = JSON.parse((await cli("traces", "show", "vat-rate", "--json", "--db", db)).out) as { trace: { eventCount: number }; events: unknown[] }
    expect(detail.events).toHaveLength(detail.trace.eventCount)

    const stats = JSON.parse((await cli("traces", "stats", "--json", "--db", db)).out) as { total: number; refusalReasons: { count: number }[] }
    expect(stats.total).toBe(2)
    expect(stats.refusalReasons.reduce((s, r) => s + r.count, 0)).toBe(1)
    expect((await cli("traces", "stats", "--db", db)).out).toContain("traces: 2")
  })

  test("verify --all exits 1 with the first problem on stderr when a trace was tampered with", async () => {
    const db = tempDbPath()
    await cli("ask", "Kolika je opća stopa PDV-a?", "--db", db, "--as-of", AS_OF, "--request-id", "one")
    await cli("ask", "Kolika je opća stopa PDV-a?", "--db", db, "--as-of", AS_OF, "--request-id", "two")
    expect((await cli("traces", "verify", "--all", "--db", db)).code).toBe(0)
    const raw = new Database(db)
    raw.exec("DROP TRIGGER events_no_update")
    raw.prepare(`UPDATE events SET event_json = replace(event_json, '"v":1', '"v":2') WHERE request_id = 'two' AND seq = 1`).run()
    raw.close()
    const result = await cli("traces", "verify", "--all", "--db", db)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/^fiskai traces verify: two at seq 1: event seq 1 was changed/)
    expect(result.out).toContain("ok   one")
  })

  test("bad usage exits 2; a missing trace or database exits 1", async () => {
    const db = tempDbPath()
    await cli("ask", "asdf qwer", "--db", db, "--request-id", "x")
    expect((await cli("traces")).code).toBe(2)
    expect((await cli("traces", "frobnicate", "--db", db)).code).toBe(2)
    expect((await cli("traces", "list", "--outcome", "MAYBE", "--db", db)).code).toBe(2)
    expect((await cli("traces", "list", "--since", "yesterday", "--db", db)).code).toBe(2)
    expect((await cli("traces", "list", "--cursor", "garbage", "--db", db)).code).toBe(2)
    expect((await cli("traces", "show", "--db", db)).code).toBe(2)
    expect((await cli("traces", "verify", "--db", db)).code).toBe(2)
    expect((await cli("traces", "show", "nope", "--db", db)).code).toBe(1)
    expect((await cli("traces", "list", "--db", `${db}.missing`)).code).toBe(1)
  })

  test("without --db the database is the app's (FISKAI_DB in tests)", async () => {
    const db = tempDbPath()
    await cli("ask", "asdf qwer", "--db", db, "--request-id", "env-run")
    const previous = process.env.FISKAI_DB
    process.env.FISKAI_DB = db
    try {
      expect((await cli("traces", "show", "env-run")).code).toBe(0)
    } finally {
      if (previous === undefined) delete process.env.FISKAI_DB
      else process.env.FISKAI_DB = previous
    }
  })
})
