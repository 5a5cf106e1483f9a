import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { loadOrCreateSigningKeys, signBytes, verifySignature } from "../../../src-main/export/signing-keys"

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), "fiskai-keys-"))
  dirs.push(d)
  return d
}

describe("the installation's signing key", () => {
  it("is created once, private to the user, and the same key on every later load", () => {
    const dir = temp()
    const first = loadOrCreateSigningKeys(dir)
    const second = loadOrCreateSigningKeys(dir)
    expect(second.publicKeyPem).toBe(first.publicKeyPem)
    expect(second.fingerprint).toBe(first.fingerprint)
    for (const file of ["bundle-signing-key.pem", "bundle-signing-key.pub.pem"]) {
      if (process.platform !== "win32") expect(statSync(join(dir, "signing", file)).mode & 0o777).toBe(0o600)
    }
    expect(first.fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/)
  })

  it("differs between installations, and a signature holds only for its key and bytes", () => {
    const a = loadOrCreateSigningKeys(temp())
    const b = loadOrCreateSigningKeys(temp())
    expect(a.fingerprint).not.toBe(b.fingerprint)
    const bytes = Buffer.from('{"x":1}')
    const signature = signBytes(bytes, a.privateKey)
    expect(verifySignature(bytes, signature, a.publicKeyPem)).toBe(true)
    expect(verifySignature(bytes, signature, b.publicKeyPem)).toBe(false)
    expect(verifySignature(Buffer.from('{"x":2}'), signature, a.publicKeyPem)).toBe(false)
    expect(verifySignature(bytes, signature, "not a key")).toBe(false)
  })
})
