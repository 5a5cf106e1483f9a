import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { cli } from "../cli/commands/cli-harness"

// A what-if result is a trace whose request is a CounterfactualRequest: the verifier must replay it
// from its base's events in the same bundle, not as a fresh question. Real CLI, real database.

describe("an audit bundle with a what-if counterfactual", () => {
  let dir = ""
  let previous: string | undefined
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "fiskai-cf-bundle-"))
    previous = process.env.FISKAI_DB
    process.env.FISKAI_DB = join(dir, "traces.sqlite")
  })
  afterEach(() => {
    if (previous === undefined) delete process.env.FISKAI_DB
    else process.env.FISKAI_DB = previous
    rmSync(dir, { recursive: true, force: true })
  })

  it("exports the counterfactual with its base and verifies both, the hypothetical by replay from its base", async () => {
    const question = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
    expect((await cli("ask", question, "--as-of", "2025-06-01", "--json", "--request-id", "req_cf_base")).code).toBe(0)
    const whatif = await cli("whatif", "req_cf_base", "--set", "counters.revenueYtd=30000", "--json")
    expect(whatif.code).toBe(0)
    const hypothetical = JSON.parse(whatif.out.split("\n")[0] ?? "{}") as { requestId?: string; counterfactualOf?: string }
    expect(hypothetical.counterfactualOf).toBe("req_cf_base")

    const out = join(dir, "bundle.zip")
    expect((await cli("export", "--trace", hypothetical.requestId ?? "", "--out", out, "--key-dir", dir)).code).toBe(0)
    const verified = await cli("verify", out)
    expect(verified.err).toBe("")
    expect(verified.out).not.toContain("FAIL")
    expect(verified.code).toBe(0)
    expect(verified.out).toMatch(/ok {3}req_cf_base ANSWER {2}chain ok, csv ok, replay ok/)
    expect(verified.out).toContain(`ok   ${hypothetical.requestId} ANSWER  chain ok, csv ok, replay ok`)
    expect(verified.out).toContain("VERIFIED: 2 traces")
  })
})
