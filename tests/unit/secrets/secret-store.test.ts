import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { SECRETS_FILE, SecretStore, SecretStoreError } from "../../../src-main/secrets/secret-store"
import { aesCipher } from "./aes-cipher"

const SECRET = "sk-local-Šifra-2026"
let dir: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fiskai-secrets-"))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function errorOf(action: () => unknown): SecretStoreError {
  try {
    action()
  } catch (error) {
    if (error instanceof SecretStoreError) return error
    throw error
  }
  throw new Error("expected a SecretStoreError")
}

describe("SecretStore", () => {
  it("keeps a secret sealed on disk, readable only to its owner, and gives it back", () => {
    const store = new SecretStore(dir, aesCipher())
    store.set("model.apiKey", SECRET)
    const onDisk = readFileSync(join(dir, SECRETS_FILE), "utf8")
    expect(onDisk).not.toContain(SECRET)
    expect(onDisk).not.toContain(Buffer.from(SECRET).toString("base64"))
    expect(statSync(join(dir, SECRETS_FILE)).mode & 0o777).toBe(0o600)
    expect(new SecretStore(dir, aesCipher()).has("model.apiKey")).toBe(true)
    expect(store.get("model.apiKey")).toBe(SECRET)
    expect(store.get("firm.password")).toBeUndefined()
  })

  it("replaces one secret without touching the other, and forgets one on delete", () => {
    const store = new SecretStore(dir, aesCipher())
    store.set("model.apiKey", "first")
    store.set("firm.password", "pg-pass")
    store.set("model.apiKey", "second")
    expect(store.get("model.apiKey")).toBe("second")
    store.delete("model.apiKey")
    expect(store.has("model.apiKey")).toBe(false)
    expect(store.get("firm.password")).toBe("pg-pass")
  })

  it("refuses to keep a secret without a keychain, in both languages, and writes nothing", () => {
    const error = errorOf(() => new SecretStore(dir, aesCipher(undefined, false)).set("firm.password", SECRET))
    expect(error.kind).toBe("no-keychain")
    expect(error.text("hr")).toContain("PGPASSWORD")
    expect(error.text("en")).toContain("keychain")
    expect(() => statSync(join(dir, SECRETS_FILE))).toThrow()
  })

  it("says a secret sealed by another user's keychain must be entered again, without showing it", () => {
    new SecretStore(dir, aesCipher()).set("model.apiKey", SECRET)
    const error = errorOf(() => new SecretStore(dir, aesCipher()).get("model.apiKey"))
    expect(error.kind).toBe("unreadable")
    expect(error.text("hr")).toContain("Postavkama")
    expect(error.message).not.toContain(SECRET)
  })

  it("reports a damaged file and leaves it as it was", () => {
    writeFileSync(join(dir, SECRETS_FILE), '{"version":1,"sealed":{"other":"x"}}')
    const store = new SecretStore(dir, aesCipher())
    expect(errorOf(() => store.set("model.apiKey", SECRET)).kind).toBe("damaged")
    expect(readFileSync(join(dir, SECRETS_FILE), "utf8")).toBe('{"version":1,"sealed":{"other":"x"}}')
  })
})
