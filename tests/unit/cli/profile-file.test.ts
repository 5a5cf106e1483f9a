import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { readProfileFile } from "../../../src-main/cli/profile-file"

const dir = mkdtempSync(join(tmpdir(), "fiskai-profile-"))
function file(name: string, content: string): string {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}

describe("readProfileFile", () => {
  it("accepts seed 003's context without asOf", () => {
    const path = file(
      "ok.json",
      JSON.stringify({
        entity: {
          type: "OBRT",
          obrtSubtype: "PAUSALNI",
          vat: { status: "OUTSIDE_VAT" },
          location: { country: "HR" },
        },
        counters: { revenueYtd: 12000 },
        txn: { b2b: true },
      }),
    )
    expect(readProfileFile(path)).toMatchObject({ entity: { type: "OBRT" }, counters: { revenueYtd: 12000 } })
  })

  it("names the field that is wrong", () => {
    expect(() =>
      readProfileFile(
        file(
          "enum.json",
          JSON.stringify({ entity: { type: "LLC", vat: { status: "IN_VAT" }, location: { country: "HR" } } }),
        ),
      ),
    ).toThrow("profile.entity.type: expected one of DOO|JDOO|OBRT|UDRUGA|OTHER")
    expect(() => readProfileFile(file("extra.json", JSON.stringify({ asOf: "2025-01-01" })))).toThrow(
      "profile: unknown field asOf",
    )
    expect(() =>
      readProfileFile(file("type.json", JSON.stringify({ counters: { revenueYtd: "lots" } }))),
    ).toThrow("profile.counters.revenueYtd: expected number")
    expect(() => readProfileFile(file("broken.json", "{ not json"))).toThrow(/broken\.json/)
  })
})
