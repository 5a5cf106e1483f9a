import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { cli } from "./cli-harness"

// `ask` records every run in the app's database unless told otherwise (issue 3): a newcomer's
// question is in `traces list` afterwards. FISKAI_DB points the default at a temp file here.

describe("fiskai ask without --db", () => {
  let dir = ""
  let previous: string | undefined
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "fiskai-ask-default-"))
    previous = process.env.FISKAI_DB
    process.env.FISKAI_DB = join(dir, "default.sqlite")
  })
  afterEach(() => {
    if (previous === undefined) delete process.env.FISKAI_DB
    else process.env.FISKAI_DB = previous
    rmSync(dir, { recursive: true, force: true })
  })

  it("records the run in the default database, where traces list finds it", async () => {
    const asked = await cli("ask", "Koja je opća stopa PDV-a?", "--as-of", "2025-06-01", "--json", "--request-id", "req_default_db")
    expect(asked.code).toBe(0)
    const listed = await cli("traces", "list", "--json")
    expect(listed.code).toBe(0)
    expect(listed.out).toContain("req_default_db")
  })

  it("runs without recording with --no-db, and refuses --db together with --no-db", async () => {
    const asked = await cli("ask", "Koja je opća stopa PDV-a?", "--no-db", "--json", "--request-id", "req_no_db")
    expect(asked.code).toBe(0)
    const listed = await cli("traces", "list", "--json")
    expect(listed.out).not.toContain("req_no_db")
    expect((await cli("ask", "q", "--no-db", "--db", "x.sqlite")).code).toBe(2)
  })

  it("a run left awaiting a clarification names the resume command, and resume finishes it", async () => {
    const asked = await cli("ask", "porez?", "--json", "--request-id", "req_waiting")
    expect(asked.code).toBe(3)
    expect(asked.err).toContain("fiskai resume req_waiting")
    const resumed = await cli("resume", "req_waiting", "--cancel", "--json")
    expect(resumed.code).toBe(0)
    expect(resumed.out).toContain('"NEEDS_CLARIFICATION"')
  })
})
