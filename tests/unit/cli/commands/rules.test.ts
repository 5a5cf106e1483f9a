import { writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { describe, expect, test } from "vitest"
import { resolvePackPath } from "../../../../src-main/composition/runtime"
import { loadPackFile } from "../../../../src-main/knowledge/loader"
import { openStore } from "../../../../src-main/store/store"
import { PackVersionsRepository } from "../../../../src-main/store/pack-versions-repo"
import { tempDbPath } from "../../store/fixtures"
import { cli } from "./cli-harness"

// `fiskai profile` and `fiskai rule` through the CLI entry point on a real database file: a
// change proposed by one profile is refused to its author for review and publication (four eyes,
// said in hr and en, exit 1) and published by another as the next pack version.

const shipped = loadPackFile(resolvePackPath(undefined, process.env))

function ruleFile(db: string, change: Record<string, unknown>): string {
  const rule = shipped.pack.rules.find((r) => r.id === "dobit.stopa.10")
  const path = join(dirname(db), "rule.json")
  writeFileSync(path, JSON.stringify({ ...rule, ...change }))
  return path
}

async function changeIdOf(db: string): Promise<string> {
  const listed = await cli("rule", "list", "--db", db, "--json")
  const [first] = JSON.parse(listed.out) as { id: string }[]
  if (first === undefined) throw new Error("no change listed")
  return first.id
}

describe("fiskai profile and fiskai rule", () => {
  test("four eyes: the author is refused in hr and en, another profile approves and publishes", async () => {
    const db = tempDbPath()
    expect((await cli("profile", "add", "Ana", "Anić", "--db", db)).out).toMatch(/^Profil „Ana Anić” dodan: /)
    expect((await cli("profile", "add", "Ivo", "--db", db, "--locale", "en")).out).toMatch(
      /^Profile "Ivo" added: /,
    )
    expect((await cli("profile", "list", "--db", db)).out.split("\n").filter(Boolean)).toHaveLength(2)

    const proposed = await cli(
      "rule",
      "propose",
      "dobit.stopa.10",
      "--as",
      "ana anić",
      "--rule",
      ruleFile(db, { effectiveUntil: "2025-12-31" }),
      "--note",
      "vrijedi do 2025.",
      "--db",
      db,
    )
    expect(proposed).toMatchObject({ code: 0, err: "" })
    expect(proposed.out).toMatch(/\(izmjena pravila dobit.stopa.10\): nacrt\.$/m)
    const id = await changeIdOf(db)

    expect(await cli("rule", "submit", id, "--as", "Ivo", "--db", db)).toMatchObject({
      code: 1,
      err: `fiskai rule submit: Samo autor (Ana Anić) može mijenjati ili poslati na pregled promjenu ${id}.\n`,
    })
    expect((await cli("rule", "submit", id, "--as", "Ana Anić", "--db", db)).code).toBe(0)
    expect(await cli("rule", "approve", id, "--as", "Ana Anić", "--db", db, "--locale", "en")).toMatchObject({
      code: 1,
      err: `fiskai rule approve: Four eyes: the author (Ana Anić) cannot review or publish their own change ${id}.\n`,
    })
    expect((await cli("rule", "publish", id, "--as", "Ivo", "--db", db)).err).toMatch(/još nije odobrena/)
    expect((await cli("rule", "approve", id, "--as", "Ivo", "--db", db)).out).toMatch(/na pregledu ✓\.$/m)
    const published = await cli("rule", "publish", id, "--as", "Ivo", "--db", db, "--json")
    expect(published.code).toBe(0)
    const next = shipped.version.replace(/\d+$/, (patch) => String(Number(patch) + 1))
    expect(JSON.parse(published.out)).toMatchObject({ version: next, origin: "local", publisherName: "Ivo" })

    const store = openStore({ path: db })
    const latest = new PackVersionsRepository(store).latestVersion(shipped.id)
    store.close()
    expect(latest?.version).toBe(next)
    const shown = await cli("rule", "show", id, "--db", db, "--locale", "en")
    expect(shown.out).toMatch(/published {2}rule edit dobit.stopa.10 {2}author Ana Anić, approved by Ivo/)
    expect(
      shown.out.match(/^ {4}\S+ \S+ {2}(\S+) {2}(.+)$/gm)?.map((l) => l.trim().split(/ {2}/).slice(1)),
    ).toEqual([
      ["created", "Ana Anić"],
      ["submit", "Ana Anić"],
      ["approve", "Ivo"],
      ["published", "Ivo"],
    ])
  }, 30_000)

  test("a rule the pack check refuses, an unknown profile and bad usage write nothing", async () => {
    const db = tempDbPath()
    await cli("profile", "add", "Ana", "--db", db)
    const refused = await cli(
      "rule",
      "propose",
      "dobit.stopa.10",
      "--as",
      "Ana",
      "--rule",
      ruleFile(db, { value: { type: "percentage", value: 12 } }),
      "--note",
      "x",
      "--db",
      db,
      "--locale",
      "en",
    )
    expect(refused.code).toBe(1)
    expect(refused.err).toMatch(
      /^fiskai rule propose: The pack check \(fiskai pack check\) reports new findings: QUOTE_VALUE rule dobit.stopa.10/,
    )
    expect(
      await cli("rule", "retire", "dobit.stopa.10", "--as", "Nobody", "--note", "x", "--db", db),
    ).toMatchObject({ code: 1, err: "fiskai rule retire: Nema profila Nobody.\n" })
    const usage = await cli("rule", "propose", "dobit.stopa.10", "--as", "Ana", "--db", db)
    expect(usage.code).toBe(2)
    expect(usage.err).toMatch(/^fiskai rule propose: --rule is required/)
    expect((await cli("rule", "approve", "x", "--as", "Ana", "--note", "n", "--db", db)).err).toMatch(
      /--note does not belong to rule approve/,
    )
    expect((await cli("rule", "list", "--db", db)).out).toBe("Nema promjena pravila.\n")
  }, 30_000)
})
