import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { seedBundledPack } from "../../../../src-main/packs/bundled-seed"
import { RuleChanges } from "../../../../src-main/packs/rule-changes"
import { openStore } from "../../../../src-main/store/store"
import { cleanPackRaw } from "../../../fixtures/packs/clean-pack"
import { basePack, ruleOf } from "../../packs/fixtures"
import { tempDir } from "../../store/fixtures"
import { cli } from "./cli-harness"

// `fiskai pack list|show VERSION|diff|export|import` on real database files: head office
// publishes a change and exports the version signed; a desk imports it only with head office's
// key; a tampered file changes nothing. The bundled pack is the synthetic one ($FISKAI_PACK).

let dir: string

beforeEach(() => {
  dir = tempDir()
  const bundled = join(dir, "bundled.json")
  writeFileSync(bundled, JSON.stringify(cleanPackRaw()))
  vi.stubEnv("FISKAI_PACK", bundled)
})

afterEach(() => {
  vi.unstubAllEnvs()
})

/** Head office's database: the bundled 2.0.0 and 2.0.1, where Ivo published Ana's change. */
function headOfficeDb(): string {
  const path = join(dir, "office.sqlite")
  const store = openStore({ path })
  try {
    const base = basePack("2.0.0")
    seedBundledPack(store, base)
    const changes = new RuleChanges(store)
    const ana = changes.createProfile("Ana").id
    const ivo = changes.createProfile("Ivo").id
    const rule = ruleOf(base, "vat.return.deadline", { effectiveFrom: "2021-01-01" })
    const change = changes.propose({ author: ana, kind: "edit", ruleId: "vat.return.deadline", rule, note: "x" })
    changes.submit(change.id, ana)
    changes.approve(change.id, ivo)
    changes.publish({ actor: ivo, changeIds: [change.id] })
  } finally {
    store.close()
  }
  return path
}

const officeKeys = () => join(dir, "office-data")
const deskKeys = () => join(dir, "desk-data")

async function exportFile(db: string): Promise<string> {
  const out = join(dir, "lint-test-pack-2.0.1.fiskaipack")
  const result = await cli("pack", "export", "2.0.1", "--out", out, "--db", db, "--key-dir", officeKeys())
  expect(result.code).toBe(0)
  expect(result.out).toMatch(/^.*lint-test-pack-2\.0\.1\.fiskaipack: pack 2\.0\.1, signed by key [0-9a-f ]{79}\n$/)
  expect(result.err).toContain("created a new signing key")
  return out
}

describe("fiskai pack list, show VERSION, diff", () => {
  test("list: the versions newest first, with hash prefix, date, publisher and rule count", async () => {
    const db = headOfficeDb()
    const result = await cli("pack", "list", "--db", db)
    expect(result.code).toBe(0)
    const lines = result.out.trimEnd().split("\n")
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^lint-test-pack 2\.0\.1 {2}[0-9a-f]{12} {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}Ivo {2}4 rules$/)
    expect(lines[1]).toMatch(/^lint-test-pack 2\.0\.0 {2}[0-9a-f]{12} {2}.* {2}bundled \(bundled\) {2}4 rules$/)
    const json = JSON.parse((await cli("pack", "list", "--db", db, "--json")).out) as Array<{ version: string; rules: number }>
    expect(json.map((v) => [v.version, v.rules])).toEqual([
      ["2.0.1", 4],
      ["2.0.0", 4],
    ])
  })

  test("show VERSION: the pack's view, then who published it and its chain link", async () => {
    const db = headOfficeDb()
    const result = await cli("pack", "show", "2.0.1", "--db", db)
    expect(result.code).toBe(0)
    expect(result.out).toMatch(/^id: lint-test-pack\nversion: 2\.0\.1\npublishedAt: \d{4}-\d\d-\d\d\nhash: [0-9a-f]{64}\nrules: 4\n/)
    expect(result.out).toMatch(/\npublisher: Ivo \(local\)\nchain: [0-9a-f]{64} \(previous [0-9a-f]{12}\)\n$/)
    const missing = await cli("pack", "show", "9.9.9", "--db", db, "--json")
    expect(missing).toEqual({ code: 1, out: "", err: "fiskai pack show: Verzija 9.9.9 nije u bazi (popis verzija: fiskai pack list).\n" })
  })

  test("diff A B: the changed rule and what changed, as text or JSON", async () => {
    const db = headOfficeDb()
    const text = await cli("pack", "diff", "2.0.0", "2.0.1", "--db", db, "--locale", "en")
    expect(text.code).toBe(0)
    expect(text.out.split("\n").slice(1)).toEqual([
      "~ vat.return.deadline  changed: effective period",
      "    effective period: 2020-01-01 .. open -> 2021-01-01 .. open",
      "+0 -0 ~1",
      "",
    ])
    const json = JSON.parse((await cli("pack", "diff", "2.0.0", "2.0.1", "--db", db, "--json")).out) as { changed: Array<{ ruleId: string; aspects: string[] }> }
    expect(json.changed).toEqual([expect.objectContaining({ ruleId: "vat.return.deadline", aspects: ["effectivePeriod"] })])
    const file = await cli("pack", "diff", join(dir, "bundled.json"), "2.0.1", "--db", db, "--locale", "en")
    expect(file.out).toContain("~ vat.return.deadline  changed: effective period")
  })

  test("a database that is not there: one line, exit 1, and no file made", async () => {
    const db = join(dir, "nowhere.sqlite")
    expect(await cli("pack", "list", "--db", db)).toEqual({ code: 1, out: "", err: `fiskai pack list: no database at ${db}\n` })
    expect(existsSync(db)).toBe(false)
  })
})

describe("fiskai pack export and import", () => {
  test("a desk imports head office's version only with head office's key (exit 4 without it)", async () => {
    const file = await exportFile(headOfficeDb())
    const desk = join(dir, "desk.sqlite")
    const untrusted = await cli("pack", "import", file, "--db", desk, "--key-dir", deskKeys(), "--locale", "en")
    expect(untrusted.code).toBe(4)
    expect(untrusted.err).toMatch(/^fiskai pack import: The signature of .* is valid, but the signer \(key fingerprint [0-9a-f ]{79}\) is not trusted: nothing was imported\./)
    expect((await cli("pack", "list", "--db", desk)).out).toMatch(/^lint-test-pack 2\.0\.0 .*\n$/)
    const key = join(officeKeys(), "signing", "bundle-signing-key.pub.pem")
    const trusted = await cli("pack", "import", file, "--db", desk, "--key-dir", deskKeys(), "--trusted-key", key)
    expect(trusted.code).toBe(0)
    expect(trusted.out).toMatch(/^uvezen paket lint-test-pack 2\.0\.1 \([0-9a-f]{12}\), potpisao Ivo, ključ [0-9a-f ]{79}\n$/)
    const list = (await cli("pack", "list", "--db", desk)).out
    expect(list).toMatch(/^lint-test-pack 2\.0\.1 .* {2}Ivo \(imported\) {2}4 rules\n/)
    const again = await cli("pack", "import", file, "--db", desk, "--key-dir", deskKeys(), "--trusted-key", key, "--locale", "en")
    expect(again.out).toMatch(/is already in the store: nothing changed\n$/)
  })

  test("a tampered or truncated file is refused (exit 1) and the desk's store is unchanged", async () => {
    const file = await exportFile(headOfficeDb())
    const key = join(officeKeys(), "signing", "bundle-signing-key.pub.pem")
    const desk = join(dir, "desk.sqlite")
    await cli("pack", "import", join(dir, "none"), "--db", desk, "--trusted-key", key, "--key-dir", deskKeys())
    expect(existsSync(desk)).toBe(false)
    const text = readFileSync(file, "utf8")
    const tampered = join(dir, "tampered.fiskaipack")
    writeFileSync(tampered, text.replace('"effectiveFrom":"2021-01-01"', '"effectiveFrom":"2022-01-01"'))
    const truncated = join(dir, "truncated.fiskaipack")
    writeFileSync(truncated, text.slice(0, text.length - 40))
    const seed = await cli("pack", "import", file, "--db", desk, "--key-dir", deskKeys()) // creates the desk's store; untrusted
    expect(seed.code).toBe(4)
    const before = (await cli("pack", "list", "--db", desk, "--json")).out
    const bad = await cli("pack", "import", tampered, "--db", desk, "--key-dir", deskKeys(), "--trusted-key", key)
    expect(bad).toMatchObject({ code: 1, out: "" })
    expect(bad.err).toBe(
      `fiskai pack import: Sadržaj paketa u datoteci ${tampered} ne odgovara njegovu sažetku (izmijenjen je nakon potpisivanja): ništa nije uvezeno.\n`,
    )
    const cut = await cli("pack", "import", truncated, "--db", desk, "--key-dir", deskKeys(), "--trusted-key", key, "--locale", "en")
    expect(cut.code).toBe(1)
    expect(cut.err).toMatch(/is not a signed FiskAI rule pack file \(not JSON, or cut short: .*\): nothing was imported\.\n$/)
    expect((await cli("pack", "list", "--db", desk, "--json")).out).toBe(before)
  })

  test("export never overwrites a file without --force", async () => {
    const db = headOfficeDb()
    const out = join(dir, "exists.fiskaipack")
    writeFileSync(out, "keep")
    const result = await cli("pack", "export", "2.0.1", "--out", out, "--db", db, "--key-dir", officeKeys())
    expect(result).toEqual({ code: 1, out: "", err: `fiskai pack export: ${out} exists (--force replaces it)\n` })
    expect(readFileSync(out, "utf8")).toBe("keep")
    expect((await cli("pack", "export", "2.0.1", "--out", out, "--force", "--db", db, "--key-dir", officeKeys())).code).toBe(0)
  })

  test.each([
    [["export", "2.0.1"], "fiskai pack export: --out FILE is required"],
    [["import"], "fiskai pack import: expected FILE, got 0 argument(s)"],
    [["diff", "2.0.0"], "fiskai pack diff: expected A B (two versions or pack files), got 1 argument(s)"],
    [["list", "--out", "x"], "fiskai pack list: --out does not belong to pack list"],
    [["list", "extra"], 'fiskai pack list: unexpected argument "extra"'],
    [["import", "f", "--locale", "de"], '--locale: expected one of hr|en, got "de"'],
  ])("%j: exit 2 with the problem and the usage", async (args, message) => {
    const result = await cli("pack", ...args)
    expect(result.code).toBe(2)
    expect(result.err.startsWith(`${message}\n`)).toBe(true)
    expect(result.err).toContain("fiskai pack import FILE")
  })
})
