import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { basename, dirname } from "node:path"
import { describe, expect, test } from "vitest"
import { defaultMigrationsDir, loadMigrations } from "../../../src-main/store/migrator"
import { isDamageError, StoreDamagedError } from "../../../src-main/store/integrity"
import { openStore, type Store } from "../../../src-main/store/store"
import {
  leafPages,
  middleLeafPage,
  overwritePage,
  present,
  rootPage,
  sha256OfFile,
  tracesWithEventsOn,
  unreadableTraces,
} from "./damaged-file"
import { AS_OF, CLEAR_QUESTION, realService } from "./engine-fixtures"
import { openTestStore, tempDbPath } from "./fixtures"

// Issue 20, item 4, at open: what lies at the database path is looked at before SQLite writes
// anything. A damaged SQLite file fails the quick check and is refused (or opened read-only when
// asked), a file that is not SQLite is refused, an empty one is kept beside the new database.
// Every file here is a real one in a temporary folder, damaged by overwriting bytes.

const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m
const CLOCK = () => new Date("2026-03-04T05:06:07.890Z")

/** A database with `runs` real runs written through the store, closed. */
async function databaseWithRuns(runs: number): Promise<{ path: string; requestIds: string[] }> {
  const path = tempDbPath()
  const store = openTestStore(path)
  const service = realService(store)
  const requestIds: string[] = []
  for (let i = 0; i < runs; i += 1)
    requestIds.push((await service.ask({ question: CLEAR_QUESTION, asOfDate: AS_OF })).requestId)
  expect(store.integrityAtOpen).toEqual({ ok: true })
  expect(store.readOnly).toBe(false)
  store.close()
  return { path, requestIds }
}

function openError(open: () => Store): StoreDamagedError {
  try {
    open().close()
  } catch (error) {
    expect(error).toBeInstanceOf(StoreDamagedError)
    return error as StoreDamagedError
  }
  throw new Error("the store opened")
}

/** The files in the database's folder other than SQLite's own -wal/-shm. */
function filesBeside(path: string): string[] {
  return readdirSync(dirname(path))
    .filter((name) => !name.endsWith("-wal") && !name.endsWith("-shm"))
    .sort()
}

describe("a damaged database file at open", () => {
  test("a page of the events table overwritten mid-file: refused with a typed error that names the file and what to do; nothing is written", async () => {
    const { path } = await databaseWithRuns(5)
    expect(leafPages(path, "events").length).toBeGreaterThan(4)
    const damaged = middleLeafPage(path, "events")
    expect(damaged).toBeGreaterThan(2)
    overwritePage(path, damaged)
    const before = sha256OfFile(path)

    const error = openError(() => openStore({ path }))
    expect(error.kind).toBe("corrupt")
    expect(error.path).toBe(path)
    expect(error.problems.join("\n")).toMatch(/events/)
    expect(error.message).toContain(path)
    expect(error.message).toMatch(/damaged/)
    expect(error.message).toMatch(/written nothing/)
    expect(error.message).toContain(`fiskai traces verify --all --db "${path}"`)
    expect(error.message).not.toMatch(STACK_FRAME)
    const hr = error.text("hr")
    expect(hr).toContain(path)
    expect(hr).toMatch(/oštećena/)
    expect(hr).toMatch(/nije ništa zapisao/)
    // Refused before anything was written: the file is byte for byte what it was.
    expect(sha256OfFile(path)).toBe(before)
  })

  test("read-only when asked: the damage is reported, the file can be read around it and cannot be written", async () => {
    const { path, requestIds } = await databaseWithRuns(5)
    const damaged = middleLeafPage(path, "events")
    const victims = tracesWithEventsOn(path, damaged)
    overwritePage(path, damaged)
    const before = sha256OfFile(path)

    const store = openStore({ path, ifDamaged: "read-only" })
    try {
      expect(store.readOnly).toBe(true)
      expect(store.integrityAtOpen.ok).toBe(false)
      const service = realService(store)
      expect(service.allRequestIds()).toEqual(requestIds)
      // The runs away from the damaged page verify; a run stored on it cannot be read.
      const unreadable = unreadableTraces(path, requestIds)
      expect(unreadable).toEqual(expect.arrayContaining(victims))
      const good = present(
        requestIds.find((id) => !unreadable.includes(id)),
        "readable run",
      )
      expect((await service.verify(good)).ok).toBe(true)
      const read = service.verify(present(victims[0], "run on the damaged page"))
      await expect(read).rejects.toSatisfy(isDamageError)
      expect(() => store.sqlite.exec("CREATE TABLE written (x)")).toThrow(/readonly/)
      // A search would catch the index up (a write): on a read-only store it reads the index as it is.
      expect(() => service.list({ search: "PDV" })).not.toThrow()
    } finally {
      store.close()
    }
    expect(sha256OfFile(path)).toBe(before)
  })

  test("the traces table's own pages damaged: the run ids still come from its request-id index", async () => {
    const { path, requestIds } = await databaseWithRuns(4)
    const root = rootPage(path, "traces")
    expect(root).toBeGreaterThan(2)
    overwritePage(path, root)
    const store = openStore({ path, ifDamaged: "read-only" })
    try {
      expect(store.integrityAtOpen.ok).toBe(false)
      expect(realService(store).allRequestIds()).toEqual(requestIds)
    } finally {
      store.close()
    }
  })
})

describe("what lies at the database path", () => {
  test("a 0-byte file is kept beside the new database (never replaced silently), under a name that overwrites nothing", () => {
    const path = tempDbPath()
    writeFileSync(path, "")
    const store = openStore({ path, clock: CLOCK })
    const keptAs = `${path}.empty-2026-03-04T05-06-07-890Z`
    try {
      expect(store.keptAtOpen).toEqual({ path, keptAs, reason: "empty" })
      expect(store.schemaVersion).toBe(loadMigrations(defaultMigrationsDir()).length)
    } finally {
      store.close()
    }
    expect(statSync(keptAs).size).toBe(0)
    expect(readFileSync(path).subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0")
    // Emptied again (the same second): the earlier kept file stays, the new one gets its own name.
    writeFileSync(path, "")
    const again = openStore({ path, clock: CLOCK })
    again.close()
    expect(again.keptAtOpen?.keptAs).toBe(`${keptAs}-1`)
    // Nothing else is left in the folder (no temporary file from creating the database).
    expect(filesBeside(path)).toEqual([basename(path), basename(keptAs), `${basename(keptAs)}-1`].sort())
  })

  test("a 0-byte file whose write-ahead log holds data is refused: the runs may be in the log, both files stay as they are", () => {
    const path = tempDbPath()
    writeFileSync(path, "")
    const log = Buffer.alloc(4096 + 32, 7)
    writeFileSync(`${path}-wal`, log)
    const error = openError(() => openStore({ path }))
    expect(error.kind).toBe("empty-with-log")
    expect(error.message).toContain(`${path}-wal`)
    expect(error.text("hr")).toMatch(/prazna/)
    expect(statSync(path).size).toBe(0)
    expect(readFileSync(`${path}-wal`).equals(log)).toBe(true)
    expect(filesBeside(path)).toEqual([basename(path)])
  })

  test("a file that is not SQLite is refused and left exactly as it is, with nothing created beside it", () => {
    const path = tempDbPath()
    const content = "ime,oib\nObrt Primjer,12345678901\n"
    writeFileSync(path, content)
    const error = openError(() => openStore({ path }))
    expect(error.kind).toBe("not-a-database")
    expect(error.message).toContain(path)
    expect(error.message).toMatch(/not a FiskAI database/)
    expect(error.text("hr")).toMatch(/nije baza podataka/)
    expect(readFileSync(path, "utf8")).toBe(content)
    expect(filesBeside(path)).toEqual([basename(path)])
  })

  test("a folder at the database path is refused, not opened", () => {
    const path = tempDbPath()
    mkdirSync(path)
    expect(openError(() => openStore({ path })).kind).toBe("not-a-database")
    expect(existsSync(path) && statSync(path).isDirectory()).toBe(true)
  })
})
