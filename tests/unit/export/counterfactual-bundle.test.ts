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
    // Below the threshold this year and last: no registration (last year's turnover alone would leave it open).
    const whatif = await cli(
      "whatif",
      "req_cf_base",
      "--set",
      "counters.revenueYtd=30000",
      "--set",
      "counters.revenuePriorYear=30000",
      "--json",
    )
    expect(whatif.code).toBe(0)
    const hypothetical = JSON.parse(whatif.out.split("\n")[0] ?? "{}") as { requestId?: string; counterfactualOf?: string }
    expect(hypothetical.counterfactualOf).toBe("req_cf_base")

    const out = join(dir, "bundle.zip")
    expect((await cli("export", "--trace", hypothetical.requestId ?? "", "--out", out, "--key-dir", dir)).code).toBe(0)
    const verified = await cli("verify", out, "--trusted-key", join(dir, "signing", "bundle-signing-key.pub.pem"))
    expect(verified.err).toBe("")
    expect(verified.out).not.toContain("FAIL")
    expect(verified.code).toBe(0)
    expect(verified.out).toMatch(/ok {3}req_cf_base ANSWER {2}chain ok, csv ok, replay ok/)
    expect(verified.out).toContain(`ok   ${hypothetical.requestId} ANSWER  chain ok, csv ok, replay ok`)
    expect(verified.out).toContain("VERIFIED: 2 traces")
  })
})

describe("export --scenario", () => {
  let dir = ""
  let previous: string | undefined
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "fiskai-scenario-bundle-"))
    previous = process.env.FISKAI_DB
    process.env.FISKAI_DB = join(dir, "traces.sqlite")
  })
  afterEach(() => {
    if (previous === undefined) delete process.env.FISKAI_DB
    else process.env.FISKAI_DB = previous
    rmSync(dir, { recursive: true, force: true })
  })

  it("exports a saved scenario's base and result traces, and the bundle verifies", async () => {
    const question = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
    expect((await cli("ask", question, "--as-of", "2025-06-01", "--json", "--request-id", "req_sc_base")).code).toBe(0)
    expect((await cli("ask", "Koja je opća stopa PDV-a?", "--json", "--request-id", "req_unrelated")).code).toBe(0)
    expect((await cli("whatif", "req_sc_base", "--set", "counters.revenueYtd=30000", "--save", "Ispod praga", "--json")).code).toBe(0)
    const listed = await cli("scenarios", "list", "--json")
    const scenarios = JSON.parse(listed.out) as Array<{ id: string; name: string }>
    const scenario = scenarios.find((s) => s.name === "Ispod praga")
    expect(scenario).toBeDefined()

    const out = join(dir, "scenario.zip")
    const exported = await cli("export", "--scenario", scenario?.id ?? "", "--out", out, "--key-dir", dir)
    expect(exported.code).toBe(0)
    const verified = await cli("verify", out, "--trusted-key", join(dir, "signing", "bundle-signing-key.pub.pem"))
    expect(verified.code).toBe(0)
    expect(verified.out).toContain("VERIFIED: 2 traces")
    expect(verified.out).toContain("req_sc_base")
    expect(verified.out).not.toContain("req_unrelated")
  })
})
