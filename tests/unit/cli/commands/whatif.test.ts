import { describe, expect, test } from "vitest"
import { main, processIo } from "../../../../src-main/cli/main"
import type { CliIo } from "../../../../src-main/cli/io"
import { hrCorePack } from "../../store/core-pack"
import { tempDbPath } from "../../store/fixtures"
import { dooProfile, whatIfFixture } from "../../whatif/fixtures"

// `fiskai whatif` and `fiskai scenarios` end to end through the CLI entry point, on a real
// database file holding a run of the shipped pack.

async function cli(...argv: string[]) {
  let out = ""
  let err = ""
  const io: CliIo = {
    ...processIo(),
    stdout: { write: (t: string) => (out += t) },
    stderr: { write: (t: string) => (err += t) },
    stdin: { isTTY: false },
  }
  const code = await main(argv, io)
  return { code, out, err }
}

async function storedRun(): Promise<{ db: string; base: string }> {
  const db = tempDbPath()
  const f = whatIfFixture(hrCorePack(), db)
  // The client's prior-year turnover is known and below the threshold, so this year's decides.
  const base = await f.ask({
    question: "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?",
    asOfDate: "2025-06-01",
    profile: dooProfile(undefined, 30000),
  })
  f.store.close()
  return { db, base }
}

const lines = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter((l) => l !== "")

describe("fiskai whatif", () => {
  test("--json prints only the counterfactual's events, each marked hypothetical, and exits 0", async () => {
    const { db, base } = await storedRun()
    const run = await cli("whatif", base, "--set", "counters.revenueYtd=30000", "--json", "--db", db)
    expect(run.code).toBe(0)
    const events = lines(run.out).map(
      (l) => JSON.parse(l) as { stage: string; status: string; counterfactualOf?: string },
    )
    expect(events[0]).toMatchObject({ stage: "APPLICABILITY", status: "started", counterfactualOf: base })
    expect(events.at(-1)).toMatchObject({ stage: "ANSWER", status: "complete" })
    expect(events.every((e) => e.counterfactualOf === base)).toBe(true)
    expect(run.err).toContain("HIPOTETSKI")
  })

  test("--diff prints one JSON object, the diff against the base; --flip and --set combine in order", async () => {
    const { db, base } = await storedRun()
    const run = await cli(
      "whatif",
      base,
      "--flip",
      "fact:counters.revenueYtd:lte:60000",
      "--set",
      "asOf=2025-03-01",
      "--diff",
      "--db",
      db,
    )
    expect(run.code).toBe(0)
    expect(lines(run.out)).toHaveLength(1)
    const diff = JSON.parse(run.out) as {
      facts: Array<{ path: string; after: unknown }>
      sentence: { en: string }
      rules: { left: Array<{ ruleId: string }> }
    }
    expect(diff.facts.map((f) => [f.path, f.after])).toEqual([
      ["asOf", "2025-03-01"],
      ["counters.revenueYtd", 60000],
    ])
    expect(diff.rules.left.map((r) => r.ruleId)).toEqual(["pdv.registracija.2025.iznad"])
    expect(diff.sentence.en).toContain(
      "excluded rule “Turnover above the VAT threshold (EUR 60,000.00)”: EUR 60,000.00 ≤ EUR 60,000.00",
    )
  })

  test("--save stores the result as a scenario that `scenarios` lists, shows and compares", async () => {
    const { db, base } = await storedRun()
    const first = await cli(
      "whatif",
      base,
      "--set",
      "counters.revenueYtd=30000",
      "--save",
      "Ispod praga",
      "--notes",
      "za klijenta",
      "--db",
      db,
    )
    expect(first.code).toBe(0)
    expect(first.out).toContain("Da je promet 30.000,00 EUR umjesto 65.000,00 EUR")
    const id = /Spremljeno kao scenarij (\S+)/.exec(first.out)?.[1] ?? ""
    expect(
      (
        await cli(
          "whatif",
          base,
          "--set",
          "counters.revenueYtd=90000",
          "--save",
          "Iznad praga",
          "--json",
          "--db",
          db,
        )
      ).code,
    ).toBe(0)

    const listed = await cli("scenarios", "list", "--json", "--db", db)
    const scenarios = JSON.parse(listed.out) as Array<{ id: string; name: string; notes: string }>
    expect(scenarios.map((s) => s.name).sort()).toEqual(["Ispod praga", "Iznad praga"])
    expect((await cli("scenarios", "list", "--search", "ispod", "--db", db)).out).toContain(`${id}`)

    const shown = await cli("scenarios", "show", id, "--json", "--db", db)
    const detail = JSON.parse(shown.out) as {
      scenario: { notes: string }
      diff: { sentence: { hr: string } }
      result: { trace: { counterfactualOf: string } }
    }
    expect(detail.scenario.notes).toBe("za klijenta")
    expect(detail.result.trace.counterfactualOf).toBe(base)
    expect((await cli("scenarios", "show", id, "--db", db)).out).toContain(detail.diff.sentence.hr)

    const other = scenarios.find((s) => s.id !== id)?.id ?? ""
    const compared = await cli("scenarios", "compare", id, other, "--json", "--db", db)
    const comparison = JSON.parse(compared.out) as {
      diff: { facts: Array<{ before: number; after: number }> }
    }
    expect(comparison.diff.facts).toMatchObject([{ before: 30000, after: 90000 }])
  })

  test("a change the original retrieval cannot answer is refused with exit 1 and the re-run suggestion; --rerun runs it", async () => {
    const { db, base } = await storedRun()
    const refused = await cli("whatif", base, "--set", "asOf=2019-05-01", "--db", db)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain("nije na snazi na dan 1. 5. 2019.")
    expect(refused.err).toContain("--rerun")
    const rerun = await cli("whatif", base, "--set", "asOf=2019-05-01", "--rerun", "--json", "--db", db)
    expect(rerun.code).toBe(0)
    const events = lines(rerun.out).map((l) => JSON.parse(l) as { stage: string; counterfactualOf?: string })
    expect(events[0]).toMatchObject({ stage: "QUESTION_INTAKE", counterfactualOf: base })
  })

  test("bad usage exits 2 with the problem named", async () => {
    const { db, base } = await storedRun()
    expect((await cli("whatif", base, "--db", db)).err).toContain("give at least one --set or --flip")
    const badNumber = await cli("whatif", base, "--set", "counters.revenueYtd=lots", "--db", db)
    expect(badNumber).toMatchObject({ code: 2 })
    expect(badNumber.err).toContain("expected a number")
    const badPath = await cli("whatif", base, "--set", "counters.nothing=1", "--db", db)
    expect(badPath.code).toBe(2)
    expect(badPath.err).toContain("counters.nothing")
    expect((await cli("whatif", base, "--flip", "nope", "--db", db)).code).toBe(2)
    expect((await cli("whatif", "no-such-run", "--set", "asOf=2025-01-01", "--db", db)).code).toBe(1)
    expect((await cli("scenarios", "compare", "one", "--db", db)).code).toBe(2)
    expect((await cli("scenarios", "show", "missing", "--db", db)).code).toBe(1)
  })

  test("--drivers lists the run's drivers with their flip ids", async () => {
    const { db, base } = await storedRun()
    const listed = await cli("whatif", base, "--drivers", "--locale", "en", "--db", db)
    expect(listed.code).toBe(0)
    expect(listed.out).toContain("Turnover (counters.revenueYtd) = EUR 65,000.00")
    expect(listed.out).toContain("--flip fact:counters.revenueYtd:lte:60000")
  })
})
