import { describe, expect, test } from "vitest"
import type { FlagQueueItem } from "../../../../src-shared/flags"
import type { CliIo } from "../../../../src-main/cli/io"
import { main, processIo } from "../../../../src-main/cli/main"
import { seedBundledPack } from "../../../../src-main/packs/bundled-seed"
import { publishedPack } from "../../../../src-main/packs/published-pack"
import { RuleChanges } from "../../../../src-main/packs/rule-changes"
import { FlagsRepository } from "../../../../src-main/store/flags-repo"
import { openStore } from "../../../../src-main/store/store"
import { AS_OF, CLEAR_QUESTION, realService } from "../../store/engine-fixtures"
import { hrCorePack } from "../../store/core-pack"
import { tempDbPath } from "../../store/fixtures"

// `fiskai flags list|decide` through the CLI entry point, on a real database file holding a run
// of the shipped pack and flags on it; the clock is pinned, so the ages printed are known.

const FLAGGED_AT = "2026-03-02T09:00:00.000Z"
const NOW = new Date(Date.parse(FLAGGED_AT) + 2 * 86_400_000 + 3_600_000)

async function cli(...argv: string[]) {
  let out = ""
  let err = ""
  const io: CliIo = {
    ...processIo(),
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    stdin: { isTTY: false },
    clock: () => NOW,
  }
  const code = await main(argv, io)
  return { code, out, err }
}

async function flaggedDatabase() {
  const db = tempDbPath()
  const store = openStore({ path: db, clock: () => new Date(FLAGGED_AT) })
  const service = realService(store)
  service.clients.save({ id: "c1", name: "Obrt Horvat", context: {} })
  const run = await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF, clientId: "c1" })
  const flags = new FlagsRepository(store)
  const wrong = flags.create({ runId: run.requestId, kind: "wrong", note: "Prag je drugačiji." })
  const unclear = flags.create({ runId: run.requestId, kind: "unclear", note: "Za koju godinu?" })
  store.close()
  return { db, runId: run.requestId, wrong: wrong.id, unclear: unclear.id }
}

describe("fiskai flags", () => {
  test("list prints the open flags oldest first with age, client, question, headline and note; --json the queue", async () => {
    const { db, runId, wrong, unclear } = await flaggedDatabase()
    const text = await cli("flags", "list", "--db", db)
    expect(text).toMatchObject({ code: 0, err: "" })
    expect(text.out.split("\n")[0]).toBe("2 otvorene prijave")
    expect(text.out).toContain(`${wrong}  netočno  otvorena  čeka 2 dana`)
    expect(text.out).toContain("(Obrt Horvat)")
    expect(text.out).toContain(`    Pitanje: ${CLEAR_QUESTION}`)
    expect(text.out).toContain("    Bilješka: Prag je drugačiji.")
    expect(text.out).toContain(`    Izračun: ${runId}`)
    expect(text.out.indexOf(wrong)).toBeLessThan(text.out.indexOf(unclear))

    const english = await cli("flags", "list", "--locale", "en", "--db", db)
    expect(english.out).toContain(`${unclear}  unclear  open  waiting 2 days`)
    const json = await cli("flags", "list", "--json", "--db", db)
    const items = JSON.parse(json.out) as FlagQueueItem[]
    expect(items.map((i) => [i.flag.id, i.ageMs, i.run.clientName])).toEqual([
      [wrong, 2 * 86_400_000 + 3_600_000, "Obrt Horvat"],
      [unclear, 2 * 86_400_000 + 3_600_000, "Obrt Horvat"],
    ])
  })

  test("decide confirms or rejects once; list --all keeps the decided ones", async () => {
    const { db, wrong, unclear } = await flaggedDatabase()
    const confirmed = await cli("flags", "decide", wrong, "--confirm", "--note", "rule vat.threshold", "--db", db)
    expect(confirmed).toEqual({ code: 0, out: `Prijava ${wrong} potvrđena: odgovor je bio netočan.\n`, err: "" })
    const again = await cli("flags", "decide", wrong, "--reject", "--note", "ipak ne", "--db", db)
    expect(again.code).toBe(1)
    expect(again.err).toMatch(/already confirmed .*a decision is final/)
    const rejected = await cli("flags", "decide", unclear, "--reject", "--note", "Godina piše.", "--json", "--db", db)
    expect(JSON.parse(rejected.out)).toMatchObject({ id: unclear, status: "rejected", decision: { note: "Godina piše." } })

    expect((await cli("flags", "list", "--db", db)).out).toBe("0 otvorenih prijava\n")
    const all = await cli("flags", "list", "--all", "--db", db)
    expect(all.out.split("\n")[0]).toBe("2 prijave")
    expect(all.out).toContain("    Odluka (4. 3. 2026.): rule vat.threshold")
    expect(all.out).toContain(`${wrong}  netočno  potvrđena  ANSWER`)
    expect((await cli("flags", "decide", "no-such-flag", "--confirm", "--note", "x", "--db", db)).code).toBe(1)
  })

  test("decide --confirm --change links the flag to a stored rule change; an unknown one exits 1 in hr and en, writing nothing", async () => {
    const { db, wrong, unclear } = await flaggedDatabase()
    const store = openStore({ path: db })
    seedBundledPack(store, hrCorePack())
    const rules = new RuleChanges(store)
    const ana = rules.createProfile("Ana Anić").id
    const rule = publishedPack(store)?.pack.rules[0]
    if (rule === undefined) throw new Error("the shipped pack has no rule to change")
    const change = rules.propose({ author: ana, kind: "edit", ruleId: rule.id, rule: { ...rule, titleEn: `${rule.titleEn} (test)` }, note: "prag" })
    store.close()

    const unknown = await cli("flags", "decide", wrong, "--confirm", "--change", "no-such-change", "--note", "prag", "--db", db)
    expect(unknown).toMatchObject({ code: 1, out: "" })
    expect(unknown.err).toContain("nema promjene pravila no-such-change")
    expect(unknown.err).toContain("Ništa nije zapisano.")
    const english = await cli("flags", "decide", wrong, "--confirm", "--change", "no-such-change", "--note", "prag", "--locale", "en", "--db", db)
    expect(english.err).toContain("no rule change no-such-change: a confirmed report can only be linked to a stored rule change")
    expect((await cli("flags", "list", "--db", db)).out.split("\n")[0]).toBe("2 otvorene prijave")

    const linked = await cli("flags", "decide", wrong, "--confirm", "--change", change.id, "--note", "prag", "--db", db)
    expect(linked).toEqual({ code: 0, out: `Prijava ${wrong} potvrđena: odgovor je bio netočan. Povezana s promjenom pravila ${change.id}.\n`, err: "" })
    const items = JSON.parse((await cli("flags", "list", "--all", "--json", "--db", db)).out) as FlagQueueItem[]
    expect(items.find((i) => i.flag.id === wrong)?.linkedChange).toEqual({ id: change.id, ruleId: rule.id, status: "DRAFT" })
    // Only a confirmation carries a link.
    const rejecting = await cli("flags", "decide", unclear, "--reject", "--change", change.id, "--note", "x", "--db", db)
    expect(rejecting.code).toBe(2)
    expect(rejecting.err).toContain("only with --confirm")
  })

  test("decide --as records the deciding profile by id or name, list names who decided; an unknown profile exits 1 in hr and en, writing nothing", async () => {
    const { db, wrong, unclear } = await flaggedDatabase()
    const store = openStore({ path: db, clock: () => new Date(FLAGGED_AT) })
    seedBundledPack(store, hrCorePack())
    const ivo = new RuleChanges(store).createProfile("Ivo Ivić").id
    store.close()
    const unknown = await cli("flags", "decide", wrong, "--confirm", "--note", "rule vat.threshold", "--as", "Nitko", "--db", db)
    expect(unknown).toEqual({ code: 1, out: "", err: "fiskai flags: Nema profila Nitko.\n" })
    const english = await cli("flags", "decide", wrong, "--confirm", "--note", "x", "--as", "Nitko", "--locale", "en", "--db", db)
    expect(english.err).toBe("fiskai flags: No profile Nitko.\n")
    expect((await cli("flags", "list", "--db", db)).out.split("\n")[0]).toBe("2 otvorene prijave")

    const byName = await cli("flags", "decide", wrong, "--confirm", "--note", "rule vat.threshold", "--as", "ivo ivić", "--json", "--db", db)
    expect(JSON.parse(byName.out)).toMatchObject({ id: wrong, decision: { decidedBy: { id: ivo, name: "Ivo Ivić" } } })
    expect((await cli("flags", "decide", unclear, "--reject", "--note", "Godina piše.", "--as", ivo, "--db", db)).code).toBe(0)
    const all = await cli("flags", "list", "--all", "--db", db)
    expect(all.out).toMatch(/ {4}Odluka \(\d+\. \d+\. \d{4}\., Ivo Ivić\): rule vat\.threshold/)
    expect(all.out).toMatch(/ {4}Odluka \(\d+\. \d+\. \d{4}\., Ivo Ivić\): Godina piše\./)
    expect((await cli("flags", "list", "--as", "Ivo", "--db", db)).code).toBe(2)
  })

  test("bad usage exits 2 with the reason and the usage, before the database is opened", async () => {
    const missing = tempDbPath()
    for (const argv of [
      ["flags"],
      ["flags", "show"],
      ["flags", "list", "extra"],
      ["flags", "list", "--confirm"],
      ["flags", "decide", "--confirm", "--note", "x"],
      ["flags", "decide", "f1", "--note", "x"],
      ["flags", "decide", "f1", "--confirm", "--reject", "--note", "x"],
      ["flags", "decide", "f1", "--confirm"],
      ["flags", "decide", "f1", "--confirm", "--note", "   "],
      ["flags", "list", "--locale", "de"],
      ["flags", "list", "--change", "c1"],
      ["flags", "decide", "f1", "--reject", "--change", "c1", "--note", "x"],
    ]) {
      const run = await cli(...argv, "--db", missing)
      expect(run.code, argv.join(" ")).toBe(2)
      expect(run.err, argv.join(" ")).toContain("usage: fiskai flags list")
    }
    expect((await cli("flags", "decide", "f1", "--confirm", "--note", "   ", "--db", missing)).err).toContain("--note: note is empty")
    expect(await cli("flags", "list", "--db", missing)).toMatchObject({ code: 1, err: `fiskai flags: no trace database at ${missing}\n` })
    expect(await cli("flags", "--help")).toMatchObject({ code: 0, err: "" })
  })
})
