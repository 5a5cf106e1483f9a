import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { writeBundle } from "../../../src-main/export/bundle-writer"
import { loadOrCreateSigningKeys } from "../../../src-main/export/signing-keys"
import { openTraceSource } from "../../../src-main/export/trace-source"
import { verifyBundle } from "../../../src-main/export/verify/verify-bundle"
import { canonicalJson } from "../../../src-main/util/canonical-json"
import { openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"

// desks.jsonl of a firm-wide bundle is checked by `fiskai verify` like the bundle's other files:
// a validly signed bundle whose desk lines leave a trace out, name a trace twice or one the bundle
// does not hold, is not verified, and each finding names the line.

let desk: TestDesk
let work: string
let ids: string[]

beforeAll(async () => {
  desk = openDesk("desk_v")
  work = mkdtempSync(join(tmpdir(), "fiskai-desks-"))
  // Two Croatian questions: the fixture records every run with locale hr, as these runs are.
  ids = (await recordRuns(desk, 2)).sort()
})
afterAll(() => {
  desk.close()
  rmSync(work, { recursive: true, force: true })
})

async function bundleWithDesks(name: string, lines: string[]) {
  const source = openTraceSource(join(desk.dir, "fiskai.sqlite"), {})
  const keys = loadOrCreateSigningKeys(join(work, "keys"))
  const outPath = join(work, `${name}.zip`)
  await writeBundle({
    source: Object.assign(Object.create(source) as typeof source, { deskLines: () => lines }),
    outPath,
    selection: {},
    keys,
    appVersion: "test",
    exportedBy: { osUser: "test", firmName: "Ured" },
    exportedAt: new Date("2026-11-26T12:00:00Z"),
  })
  return verifyBundle(outPath, { engine: buildAnswerWithReasoning, trustedKeyPem: keys.publicKeyPem })
}

const line = (requestId: string, name = "desk_v") => canonicalJson({ desk: name, requestId })

it("verifies a bundle whose desks.jsonl names every trace once, in requestId order", async () => {
  const verdict = await bundleWithDesks("good", ids.map((id) => line(id)))
  expect(verdict.problems).toEqual([])
  expect(verdict.ok).toBe(true)
})

it("does not verify desk lines that leave a trace out, repeat one, or name another", async () => {
  const [first = "", second = ""] = ids
  const verdict = await bundleWithDesks("bad", [line(first), line(first), line("not-a-trace"), `{"requestId":"${second}","desk":"x"}`])
  expect(verdict.ok).toBe(false)
  const messages = verdict.problems.map((p) => p.message)
  expect(messages).toContain(`desks.jsonl line 2: names ${first} a second time`)
  expect(messages).toContain("desks.jsonl line 3: names not-a-trace, which is not a trace of this bundle")
  expect(messages).toContain('desks.jsonl line 4: not a {"desk","requestId"} record in canonical JSON')
  expect(messages).toContain(`desks.jsonl does not name the desk of ${second}`)
})
