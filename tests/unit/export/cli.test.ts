import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { runExportCommand } from "../../../src-main/cli/commands/export"
import { runVerifyCommand } from "../../../src-main/cli/commands/verify"
import type { CliIo } from "../../../src-main/cli/io"
import { foreignKey } from "./bundle-files"
import { buildFixtureDb, type ExportFixture } from "./fixtures"

// `fiskai export` and `fiskai verify` as a user runs them: exit codes and what they print.

let fixture: ExportFixture
beforeAll(async () => {
  fixture = await buildFixtureDb()
})
afterAll(() => fixture.cleanup())

function io() {
  const out: string[] = []
  const err: string[] = []
  const streams: CliIo = { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => err.push(t), isTTY: false } }
  return { streams, out: () => out.join(""), err: () => err.join("") }
}

describe("fiskai export / verify", () => {
  it("never replaces a file unasked, and never the database or the signing key even when asked", async () => {
    const existing = join(fixture.dir, "kept.zip")
    writeFileSync(existing, "a bundle the user wants to keep")
    const asked = io()
    expect(await runExportCommand(["--out", existing, "--db", fixture.dbPath, "--key-dir", fixture.keyDir], asked.streams)).toBe(2)
    expect(asked.err()).toMatch(/already exists; give --force/)
    expect(readFileSync(existing, "utf8")).toBe("a bundle the user wants to keep")
    for (const target of [fixture.dbPath, `${fixture.dbPath}-wal`, join(fixture.keyDir, "signing", "bundle-signing-key.pem")]) {
      const forced = io()
      expect(await runExportCommand(["--out", target, "--force", "--db", fixture.dbPath, "--key-dir", fixture.keyDir], forced.streams)).toBe(2)
      expect(forced.err()).toMatch(/refusing to write .*(trace database|signing key)/)
    }
    const replaced = io()
    expect(await runExportCommand(["--outcome", "ANSWER", "--out", existing, "--force", "--db", fixture.dbPath, "--key-dir", fixture.keyDir], replaced.streams)).toBe(0)
    expect(readFileSync(existing).subarray(0, 2).toString()).toBe("PK")
  })

  it("exports a filtered selection and verifies it, printing a verdict per trace and the fingerprint", async () => {
    const bundle = join(fixture.dir, "cli.zip")
    const e = io()
    const code = await runExportCommand(["--outcome", "ANSWER", "--out", bundle, "--db", fixture.dbPath, "--key-dir", fixture.keyDir], e.streams)
    expect(e.err()).toBe("")
    expect(code).toBe(0)
    expect(e.out()).toMatch(/wrote .*cli\.zip: 5 traces/)

    // Without --trusted-key every check holds, but nothing says who signed: exit 4, not VERIFIED.
    const v = io()
    expect(await runVerifyCommand([bundle], v.streams)).toBe(4)
    expect(v.out()).toMatch(/^signature: valid, signer not trusted$/m)
    expect(v.out()).toMatch(/signing key fingerprint: ([0-9a-f]{4} ){15}[0-9a-f]{4}/)
    expect(v.out().match(/^ok {3}\S+ ANSWER/gm)).toHaveLength(5)
    expect(v.out()).toMatch(/^SIGNATURE VALID, SIGNER NOT TRUSTED: 5 traces, every check holds/m)
    expect(v.out()).not.toMatch(/^VERIFIED/m)

    const trusted = join(fixture.keyDir, "signing", "bundle-signing-key.pub.pem")
    const t = io()
    expect(await runVerifyCommand([bundle, "--trusted-key", trusted], t.streams)).toBe(0)
    expect(t.out()).toMatch(/^signature: valid$/m)
    expect(t.out()).toMatch(/^VERIFIED: 5 traces, every check holds$/m)
    const other = join(fixture.dir, "other.pem")
    writeFileSync(other, foreignKey().publicKeyPem)
    const mismatch = io()
    expect(await runVerifyCommand([bundle, "--trusted-key", other], mismatch.streams)).toBe(1)
    expect(mismatch.out()).toMatch(/trusted key: DOES NOT MATCH/)
    expect(readFileSync(trusted, "utf8")).toContain("BEGIN PUBLIC KEY")
  })

  it("exit 1 for an empty selection, 2 for bad usage and unwritable paths", async () => {
    const empty = io()
    expect(await runExportCommand(["--since", "2031-01-01", "--out", join(fixture.dir, "e.zip"), "--db", fixture.dbPath, "--key-dir", fixture.keyDir], empty.streams)).toBe(1)
    expect(empty.err()).toMatch(/selection is empty.*nothing was written/)
    const noOut = io()
    expect(await runExportCommand(["--db", fixture.dbPath], noOut.streams)).toBe(2)
    expect(noOut.err()).toMatch(/--out FILE is required/)
    const badDate = io()
    expect(await runExportCommand(["--since", "yesterday", "--out", "x.zip"], badDate.streams)).toBe(2)
    expect(badDate.err()).toMatch(/invalid since/)
    const unwritable = io()
    expect(await runExportCommand(["--out", join(fixture.dir, "missing", "x.zip"), "--db", fixture.dbPath], unwritable.streams)).toBe(2)
    expect(unwritable.err()).toMatch(/cannot write .*does not exist/)
    const scenario = io()
    expect(await runExportCommand(["--scenario", "s1", "--out", join(fixture.dir, "s.zip"), "--db", fixture.dbPath, "--key-dir", fixture.keyDir], scenario.streams)).toBe(1)
    expect(scenario.err()).toMatch(/no such scenario: s1/)
    expect(await runVerifyCommand([], io().streams)).toBe(2)
    expect(await runVerifyCommand([join(fixture.dir, "nope.zip")], io().streams)).toBe(2)
  })
})
