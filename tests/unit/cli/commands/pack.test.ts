import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { loadPackFile } from "../../../../src-main/knowledge/loader"
import { SYNTHETIC_PACK_PATH } from "../../../fixtures/packs"
import { cleanPackRaw } from "../../../fixtures/packs/clean-pack"
import { cli } from "./cli-harness"

// `fiskai pack check|show` through the CLI entry point, on pack files in a temporary folder.

let dir: string
const write = (name: string, content: unknown) => {
  const path = join(dir, name)
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content))
  return path
}
const golden = (name: string, cases: unknown[]) => {
  mkdirSync(join(dir, "golden"), { recursive: true })
  write(join("golden", name), cases)
  return join(dir, "golden")
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fiskai-pack-cli-"))
})

afterEach(() => {
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})

describe("fiskai pack check", () => {
  test("a clean pack: one summary line, exit 0", async () => {
    const pack = write("clean.json", cleanPackRaw())
    const result = await cli("pack", "check", pack, "--no-golden")
    expect(result).toEqual({ code: 0, out: "pack lint-test-pack 2.0.0: 4 rules, 2 concepts, no findings\n", err: "" })
  })

  test("findings: one CODE where: message line each on stdout, exit 1", async () => {
    const raw = cleanPackRaw()
    raw.rules[0].value = { type: "currency", value: 45000, currency: "EUR" }
    raw.evidence[1].title = "Notes row V5"
    const result = await cli("pack", "check", write("bad.json", raw), "--no-golden")
    expect(result.code).toBe(1)
    expect(result.out).toBe(
      [
        "QUOTE_VALUE rule vat.threshold.old: primary quote (e-prag-old) does not contain EUR 45000",
        "INTERNAL_REF evidence e-prag-new: title mentions a notes row",
        "INTERNAL_REF evidence e-prag-new: title mentions the row id V5",
        "",
      ].join("\n"),
    )
    expect(result.err).toBe("pack lint-test-pack 2.0.0: 3 findings\n")
  })

  test("--golden DIR: every concept must be expected by a golden question in the folder", async () => {
    const pack = write("clean.json", cleanPackRaw())
    const folder = golden("a.json", [
      { name: "x", question: "?", expect: { outcome: "ANSWER", primaryConcept: "vat-threshold" } },
      { name: "y", question: "?", expect: { outcome: "NOT_ANSWER" } },
    ])
    const partial = await cli("pack", "check", pack, "--golden", folder)
    expect(partial.code).toBe(1)
    expect(partial.out).toBe("NO_GOLDEN concept vat-return-deadline: no golden question expects it (expect.primaryConcept or expect.concepts)\n")
    golden("b.json", [{ name: "z", question: "?", expect: { outcome: "ANSWER", concepts: ["vat-return-deadline"] } }])
    expect((await cli("pack", "check", pack, "--golden", folder)).code).toBe(0)
  })

  test("an unreadable golden folder or file: one line, exit 1", async () => {
    const pack = write("clean.json", cleanPackRaw())
    const missing = await cli("pack", "check", pack, "--golden", join(dir, "nowhere"))
    expect(missing.code).toBe(1)
    expect(missing.err).toMatch(/^fiskai pack check: cannot read golden questions in .*nowhere: .*\n$/)
    const folder = golden("broken.json", [])
    write(join("golden", "broken.json"), "{ not json")
    const broken = await cli("pack", "check", pack, "--golden", folder)
    expect(broken.code).toBe(1)
    expect(broken.err).toMatch(/^fiskai pack check: cannot read golden questions .*broken\.json: /)
  })

  test("a pack that does not load: one line on stderr, exit 1", async () => {
    const schema = await cli("pack", "check", write("schema.json", { ...cleanPackRaw(), version: "two" }), "--no-golden")
    expect(schema.code).toBe(1)
    expect(schema.out).toBe("")
    expect(schema.err).toBe("fiskai pack check: invalid rule pack at version: Invalid string: must match pattern /^\\d+\\.\\d+\\.\\d+$/\n")
    const raw = cleanPackRaw()
    raw.rules[0].evidenceIds = ["e-nowhere"]
    const reference = await cli("pack", "check", write("reference.json", raw), "--no-golden")
    expect(reference).toEqual({ code: 1, out: "", err: "fiskai pack check: rule vat.threshold.old cites unknown evidence e-nowhere\n" })
    const missing = await cli("pack", "check", join(dir, "missing.json"))
    expect(missing.code).toBe(1)
    expect(missing.err.split("\n")).toHaveLength(2)
    expect(missing.err).toMatch(/^fiskai pack check: cannot read rule pack .*missing\.json/)
  })

  test("a 1.x pack (the synthetic fixture) reports the missing 2.0 fields", async () => {
    const result = await cli("pack", "check", SYNTHETIC_PACK_PATH, "--no-golden")
    expect(result.code).toBe(1)
    expect(result.out).toMatch(/^NO_LEGAL_BASIS rule \S+: has no legalBasis$/m)
    for (const line of result.out.trimEnd().split("\n")) expect(line).toMatch(/^[A-Z_]+ [a-z]+ \S+: .+$/)
  })

  test("without FILE: $FISKAI_PACK, as the app resolves it", async () => {
    vi.stubEnv("FISKAI_PACK", write("env.json", cleanPackRaw()))
    expect((await cli("pack", "check", "--no-golden")).out).toBe("pack lint-test-pack 2.0.0: 4 rules, 2 concepts, no findings\n")
  })
})

describe("fiskai pack show", () => {
  test("identity, hash, counts and rules by authority", async () => {
    const path = write("clean.json", cleanPackRaw())
    const result = await cli("pack", "show", path)
    expect(result.code).toBe(0)
    expect(result.out).toBe(
      [
        "id: lint-test-pack",
        "version: 2.0.0",
        "publishedAt: 2026-01-01",
        `hash: ${loadPackFile(path).hash}`,
        "rules: 4",
        "concepts: 2",
        "evidence: 4",
        "sources: 2",
        "subjects: 2",
        "rules by authority: LAW 2, REGULATION 0, GUIDANCE 2, PRACTICE 0",
        "LAW+REGULATION+GUIDANCE: 100.0 %",
        "official first where an official quote states the value: 4 of 4 (100.0 %)",
        "PRACTICE first, official quote further down: 0 stating the value, 0 not checkable, 0 not stating it",
        "",
      ].join("\n"),
    )
  })

  test("a rule leading with practice while an official quote further down states its value: counted by show, a finding of check", async () => {
    const raw = cleanPackRaw()
    raw.sources.push({ id: "s-firm", name: "Synthetic Firm", authority: "PRACTICE" })
    raw.evidence.push({ ...raw.evidence[0], id: "e-firm", sourceId: "s-firm", quote: "SYNTHETIC: prag je 60.000,00 eura." })
    const rule = raw.rules[1]
    rule.authority = "PRACTICE"
    rule.evidenceIds = ["e-firm", "e-prag-new"]
    const path = write("practice.json", raw)
    const shown = await cli("pack", "show", path)
    expect(shown.out).toContain("rules by authority: LAW 1, REGULATION 0, GUIDANCE 2, PRACTICE 1\n")
    expect(shown.out).toContain("official first where an official quote states the value: 3 of 4 (75.0 %)\n")
    expect(shown.out).toContain("PRACTICE first, official quote further down: 1 stating the value, 0 not checkable, 0 not stating it\n")
    const checked = await cli("pack", "check", path, "--no-golden")
    expect(checked.code).toBe(1)
    expect(checked.out).toBe(
      "OFFICIAL_NOT_FIRST rule vat.threshold.new: cites practice first, but an official quote further down states its value: cite that one first\n",
    )
  })

  test("without FILE and $FISKAI_PACK: the app's pack", async () => {
    vi.stubEnv("FISKAI_PACK", "")
    const result = await cli("pack", "show")
    expect(result.code).toBe(0)
    expect(result.out).toMatch(/^id: hr-core\nversion: \d+\.\d+\.\d+\n/)
  })
})

describe("fiskai pack usage", () => {
  test("--help prints the usage, exit 0", async () => {
    const result = await cli("pack", "--help")
    expect(result.code).toBe(0)
    expect(result.out).toContain("usage: fiskai pack check [FILE] [--golden DIR | --no-golden]")
  })

  test.each([
    [[], "fiskai pack: missing the subcommand (check, show)"],
    [["lint"], 'fiskai pack: unknown subcommand "lint" (check, show)'],
    [["check", "a.json", "b.json"], "fiskai pack check: one pack file at most, got 2"],
    [["check", "--golden", "x", "--no-golden"], "fiskai pack check: give --golden DIR or --no-golden, not both"],
    [["show", "--no-golden"], "fiskai pack show: --golden and --no-golden belong to pack check"],
    [["check", "--strict"], "fiskai pack: Unknown option '--strict'"],
  ])("%j: exit 2 with the problem and the usage on stderr", async (args, message) => {
    const result = await cli("pack", ...args)
    expect(result.code).toBe(2)
    expect(result.out).toBe("")
    expect(result.err.startsWith(`${message}`)).toBe(true)
    expect(result.err).toContain("usage: fiskai pack check")
  })
})
