import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { cli } from "../../cli/commands/cli-harness"
import { buildPaperFixture, CLIENT, VAT_HR, type PaperFixture } from "./paper-fixture"

// `fiskai traces show <id> --html FILE`: the answer's printable document from the command line,
// the same document the app prints; a run with nothing to print and an unwritable path fail
// clearly (exit 1) and leave no file behind.

let fixture: PaperFixture
beforeAll(async () => {
  fixture = await buildPaperFixture()
}, 120_000)
afterAll(() => fixture?.cleanup())

describe("fiskai traces show --html", () => {
  it("writes the run's document and prints where it went", async () => {
    const detail = fixture.details.hr
    const file = join(fixture.dir, "odgovor.html")
    const result = await cli("traces", "show", detail.trace.requestId, "--html", file, "--db", fixture.dbPath)
    expect(result).toMatchObject({ code: 0, out: `${file}\n`, err: "" })
    const html = readFileSync(file, "utf8")
    expect(html).toMatch(/^<!DOCTYPE html>/)
    expect(html).toContain(VAT_HR)
    expect(html).toContain(`Obrt &lt;Ana&gt; &amp; kći (OIB ${CLIENT.oib})`)
    expect(html).toContain(detail.trace.chainHead ?? "no chain head")
  })

  it("refuses an errored run and an unknown one with exit 1, writing nothing", async () => {
    const file = join(fixture.dir, "error.html")
    const errored = await cli("traces", "show", fixture.details.error.trace.requestId, "--html", file, "--db", fixture.dbPath)
    expect(errored.code).toBe(1)
    expect(errored.err).toContain("ended in an error: it answered nothing to print")
    const unknown = await cli("traces", "show", "no-such-run", "--html", file, "--db", fixture.dbPath)
    expect(unknown).toMatchObject({ code: 1, err: "fiskai traces show: no trace no-such-run\n" })
    expect(existsSync(file)).toBe(false)
  })

  it("says why it cannot write, and leaves no partial file", async () => {
    const blocker = join(fixture.dir, "not-a-folder")
    writeFileSync(blocker, "")
    const result = await cli("traces", "show", fixture.details.hr.trace.requestId, "--html", join(blocker, "x.html"), "--db", fixture.dbPath)
    expect(result.code).toBe(1)
    expect(result.err).toContain(`cannot write ${join(blocker, "x.html")}`)
    expect(readdirSync(fixture.dir).filter((name) => name.endsWith(".partial"))).toEqual([])
  })
})
