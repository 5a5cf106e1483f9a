import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it, vi } from "vitest"
import type { VerifyResult } from "../../../src-shared/traces"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { RunService } from "../../../src-main/runs/run-service"
import { openStore } from "../../../src-main/store/store"
import { cli } from "../cli/commands/cli-harness"
import {
  middleLeafPage,
  overwritePage,
  present,
  sha256OfFile,
  tracesWithEventsOn,
  unreadableTraces,
} from "../store/damaged-file"
import { runCliInProcess, runCliProcess, STACK_FRAME, type CliOutcome } from "./support/cli-run"
import { shippedPack } from "./support/run-checks"

// Issue 20, item 4: a database file damaged in the middle (one page of the events table
// overwritten, as a bad sector or a torn copy leaves it), an empty one, and one that is not a
// database, met from the command line. Before: opening noticed nothing, `traces verify --all`
// stopped at the first bad page with a stack trace, `ask` wrote into the damaged file, and a
// 0-byte file was silently rebuilt. Every file lives in this test's temporary folder.

const dir = mkdtempSync(join(tmpdir(), "fiskai-db-damage-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"

interface DamagedDatabase {
  path: string
  /** Every run, in the order it was recorded. */
  requestIds: string[]
  /** Runs with events on the overwritten page. */
  onDamagedPage: string[]
  /** Runs SQLite can no longer read (asked directly): those and a neighbour whose read reaches the page. */
  unreadable: string[]
}

/** Six real runs written through the store, then one events page in the middle overwritten. */
async function damagedDatabase(name: string): Promise<DamagedDatabase> {
  mkdirSync(join(dir, name))
  const path = join(dir, name, "fiskai.sqlite")
  const store = openStore({ path })
  const service = new RunService({ store, engine: buildAnswerWithReasoning, pack: shippedPack() })
  const requestIds: string[] = []
  try {
    for (let i = 0; i < 6; i += 1)
      requestIds.push((await service.ask({ question: QUESTION, asOfDate: "2025-06-01" })).requestId)
  } finally {
    store.close()
  }
  const damaged = middleLeafPage(path, "events")
  const onDamagedPage = tracesWithEventsOn(path, damaged)
  overwritePage(path, damaged)
  const unreadable = unreadableTraces(path, requestIds)
  // The damage is in the middle: some runs cannot be read, and runs after them still can.
  expect(unreadable).toEqual(expect.arrayContaining(onDamagedPage))
  expect(unreadable.length).toBeGreaterThan(0)
  expect(requestIds.indexOf(present(unreadable[0], "unreadable run"))).toBeLessThan(requestIds.length - 1)
  expect(unreadable).not.toContain(requestIds.at(-1))
  return { path, requestIds, onDamagedPage, unreadable }
}

function expectNoStack(outcome: CliOutcome): void {
  expect(outcome.stdout).not.toMatch(STACK_FRAME)
  expect(outcome.stderr).not.toMatch(STACK_FRAME)
}

function expectVerifyListing(outcome: CliOutcome, db: DamagedDatabase): void {
  expect(outcome.code).toBe(1)
  expectNoStack(outcome)
  const lines = outcome.stdout.trim().split("\n")
  // The file's full integrity check comes first, and says where the damage is.
  expect(lines[0]).toMatch(/^database integrity check: FAILED \(\d+ problems?\)$/)
  expect(outcome.stdout).toMatch(/^ {2}.*events.*SQLITE_CORRUPT/m)
  // Then every run, in order: the unreadable ones with their id and a plain reason, the others ok.
  const runLines = lines.filter((line) => /^(ok {3}|FAIL )/.test(line))
  expect(runLines).toHaveLength(db.requestIds.length)
  db.requestIds.forEach((id, i) => {
    if (db.unreadable.includes(id))
      expect(runLines[i]).toMatch(
        new RegExp(
          `^FAIL ${id} {2}cannot be read: the database is damaged where this run is stored \\(SQLITE_CORRUPT`,
        ),
      )
    else expect(runLines[i]).toBe(`ok   ${id}`)
  })
  expect(outcome.stderr).toContain(`the database ${db.path} failed its integrity check`)
  expect(outcome.stderr).toContain(`${db.unreadable.length} of ${db.requestIds.length} traces fail`)
  expect(outcome.stderr).toContain(`fiskai traces verify: ${db.unreadable[0]}: cannot be read`)
}

describe("a database damaged in the middle", () => {
  it("`traces verify --all` reports the integrity check, lists every run it cannot read and goes on with the others; exit 1, nothing written", async () => {
    const db = await damagedDatabase("verify")
    const before = sha256OfFile(db.path)
    expectVerifyListing(await runCliInProcess(["traces", "verify", "--all", "--db", db.path]), db)

    // --json keeps its shape (one result per trace); the check's findings go to standard error.
    const json = await runCliInProcess(["traces", "verify", "--all", "--json", "--db", db.path])
    expect(json.code).toBe(1)
    expectNoStack(json)
    const results = JSON.parse(json.stdout) as VerifyResult[]
    expect(results.map((r) => r.requestId)).toEqual(db.requestIds)
    expect(results.filter((r) => !r.ok).map((r) => r.requestId)).toEqual(db.unreadable)
    for (const failed of results.filter((r) => !r.ok))
      expect(failed.firstProblem).toEqual({
        seq: null,
        reason: expect.stringMatching(/^cannot be read: .*SQLITE_CORRUPT/),
      })
    expect(json.stderr).toMatch(/^fiskai traces verify: database integrity check: FAILED/m)

    // One damaged run asked for by id: the same plain reason, exit 1.
    const one = await runCliInProcess([
      "traces",
      "verify",
      present(db.unreadable[0], "unreadable run"),
      "--db",
      db.path,
    ])
    expect(one.code).toBe(1)
    expectNoStack(one)
    expect(one.stdout).toMatch(/cannot be read: the database is damaged/)
    expect(sha256OfFile(db.path)).toBe(before)
  })

  it("as a user runs it (a real process): the same listing, exit 1, no stack trace", async () => {
    const db = await damagedDatabase("process")
    expectVerifyListing(await runCliProcess(["traces", "verify", "--all", "--db", db.path]), db)
  })

  it("`ask` and `resume` refuse the file in one line naming it and what to do; `traces list` warns and reads it read-only; nothing is written", async () => {
    const db = await damagedDatabase("write")
    const before = sha256OfFile(db.path)
    const ask = await cli("ask", "Koja je opća stopa PDV-a?", "--db", db.path, "--as-of", "2025-06-01")
    expect(ask.code).toBe(1)
    expect(ask.out + ask.err).not.toMatch(STACK_FRAME)
    expect(ask.err).toMatch(new RegExp(`^fiskai ask: The database file ${db.path} is damaged`))
    expect(ask.err).toContain("FiskAI has written nothing to it")
    expect(ask.err).toContain("fiskai traces verify --all")

    const resume = await cli("resume", present(db.requestIds[0], "run"), "--answer", "da", "--db", db.path)
    expect(resume.code).toBe(1)
    expect(resume.err).toMatch(/^fiskai resume: The database file .* is damaged/)

    const list = await runCliInProcess(["traces", "list", "--db", db.path])
    expectNoStack(list)
    expect(list.code).toBe(0)
    expect(list.stderr).toMatch(/warning: the database .* is damaged .*opened read-only/)
    expect(sha256OfFile(db.path)).toBe(before)
  })
})

describe("a database path that holds no database", () => {
  it("a 0-byte file is kept beside the new database, and the user is told where", async () => {
    mkdirSync(join(dir, "empty"))
    const path = join(dir, "empty", "fiskai.sqlite")
    writeFileSync(path, "")
    const outcome = await runCliInProcess(["traces", "list", "--db", path])
    expectNoStack(outcome)
    expect(outcome.code).toBe(0)
    expect(outcome.stdout).toContain("(no traces)")
    const keptAs = `${path}.empty-2025-06-01T09-00-00-000Z`
    expect(outcome.stderr).toContain(`${path} was empty (0 bytes)`)
    expect(outcome.stderr).toContain(`kept as ${keptAs}`)
    expect(statSync(keptAs).size).toBe(0)
    expect(readFileSync(path).subarray(0, 15).toString("latin1")).toBe("SQLite format 3")

    // `ask` on an emptied file: the run is recorded in a new database, the empty file kept too
    // (the notice goes to the process's standard error: ask's store is opened by processIo).
    writeFileSync(path, "")
    const notices = vi.spyOn(process.stderr, "write").mockImplementation(() => true)
    let ask
    let told: string
    try {
      ask = await cli("ask", "Koja je opća stopa PDV-a?", "--db", path, "--as-of", "2025-06-01")
    } finally {
      told = notices.mock.calls.map(([text]) => String(text)).join("")
      notices.mockRestore()
    }
    expect(ask.code).toBe(0)
    const kept = readdirSync(join(dir, "empty")).filter((name) => name.includes(".empty-"))
    expect(kept).toHaveLength(2)
    expect(told).toMatch(/was empty \(0 bytes\).*kept as .*\.empty-/)
  })

  it("a file that is not a database is refused in one line and left exactly as it is", async () => {
    mkdirSync(join(dir, "other"))
    const path = join(dir, "other", "fiskai.sqlite")
    const content = Buffer.from("PK\u0003\u0004 not a database, a zip someone saved here")
    writeFileSync(path, content)
    for (const outcome of [
      await runCliInProcess(["traces", "verify", "--all", "--db", path]),
      await cli("ask", "Koja je opća stopa PDV-a?", "--db", path).then((r) => ({
        code: r.code,
        stdout: r.out,
        stderr: r.err,
      })),
    ]) {
      expectNoStack(outcome)
      expect(outcome.code).toBe(1)
      expect(outcome.stderr).toContain(`${path} is not a FiskAI database`)
      expect(outcome.stderr.trim().split("\n")).toHaveLength(1)
    }
    expect(readFileSync(path).equals(content)).toBe(true)
    expect(readdirSync(join(dir, "other"))).toEqual(["fiskai.sqlite"])
  })
})
