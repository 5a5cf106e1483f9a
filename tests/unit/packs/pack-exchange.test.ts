import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { loadOrCreateSigningKeys } from "../../../src-main/export/signing-keys"
import { seedBundledPack } from "../../../src-main/packs/bundled-seed"
import { exportPackVersion, importPackFile, importPackText } from "../../../src-main/packs/pack-exchange"
import { PACK_FILE_FORMAT } from "../../../src-main/packs/pack-file"
import { publishedPack } from "../../../src-main/packs/published-pack"
import { PackRefusal } from "../../../src-main/packs/refusals"
import { RuleChanges } from "../../../src-main/packs/rule-changes"
import type { Store } from "../../../src-main/store/store"
import { tempDir } from "../store/fixtures"
import { basePack, closeOpenedStores, openPackStore, ruleOf } from "./fixtures"

// Head office publishes a version and exports it signed; a desk imports it with head office's
// public key. A file that is cut short, changed after signing, re-signed by another key or not
// signed at all is refused with its reason in Croatian and English, and the desk's store is
// exactly as it was: nothing half-imported.

afterEach(closeOpenedStores)

/** Head office: the bundled 2.0.0 plus one published change (2.0.1), and its signing key. */
function headOffice() {
  const store = openPackStore()
  const base = basePack("2.0.0")
  seedBundledPack(store, base)
  const changes = new RuleChanges(store)
  const ana = changes.createProfile("Ana").id
  const ivo = changes.createProfile("Ivo").id
  const rule = ruleOf(base, "vat.return.deadline", { effectiveFrom: "2021-01-01" })
  const change = changes.propose({ author: ana, kind: "edit", ruleId: "vat.return.deadline", rule, note: "x" })
  changes.submit(change.id, ana)
  changes.approve(change.id, ivo)
  changes.publish({ actor: ivo, changeIds: [change.id] })
  const keys = loadOrCreateSigningKeys(tempDir())
  return { store, keys, text: exportPackVersion(store, "2.0.1", keys) }
}

function desk(): Store {
  const store = openPackStore()
  seedBundledPack(store, basePack("2.0.0"))
  return store
}

function storeState(store: Store) {
  const all = (table: string) => store.sqlite.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()
  return { versions: all("pack_versions"), snapshots: all("rule_pack_snapshots") }
}

function refused(work: () => unknown): PackRefusal {
  try {
    work()
  } catch (error) {
    if (error instanceof PackRefusal) return error
    throw error
  }
  throw new Error("expected a refusal")
}

describe("signed pack files", () => {
  it("carry a version from head office to a desk that trusts head office's key", () => {
    const office = headOffice()
    const envelope = JSON.parse(office.text) as Record<string, unknown>
    expect(envelope).toMatchObject({ format: PACK_FILE_FORMAT, packId: "lint-test-pack", version: "2.0.1", publisherName: "Ivo" })
    const store = desk()
    const result = importPackText(store, office.text, "pack.json", [office.keys.publicKeyPem])
    expect(result).toMatchObject({ kind: "imported", fingerprint: office.keys.fingerprint })
    if (result.kind !== "imported") return
    expect(result.version).toMatchObject({ seq: 2, version: "2.0.1", origin: "imported", publisherName: "Ivo" })
    expect(result.version.signer?.fingerprint).toBe(office.keys.fingerprint)
    expect(publishedPack(store)?.hash).toBe(publishedPack(office.store)?.hash)
    const again = importPackText(store, office.text, "pack.json", [office.keys.publicKeyPem])
    expect(again.kind).toBe("already-stored")
  })

  it("goes through a file on disk, and refuses a truncated one", () => {
    const office = headOffice()
    const path = join(tempDir(), "hr-core-2.0.1.fiskaipack")
    writeFileSync(path, office.text)
    const store = desk()
    const before = storeState(store)
    const cut = join(tempDir(), "cut.fiskaipack")
    writeFileSync(cut, readFileSync(path, "utf8").slice(0, 2000))
    const refusal = refused(() => importPackFile(store, cut, [office.keys.publicKeyPem]))
    expect(refusal.code).toBe("file-unreadable")
    expect(refusal.text("en")).toMatch(/^.*cut\.fiskaipack is not a signed FiskAI rule pack file \(not JSON, or cut short: .*\): nothing was imported\.$/)
    expect(refusal.text("hr")).toMatch(/nije potpisani paket pravila FiskAI-ja .*ništa nije uvezeno\.$/)
    expect(storeState(store)).toEqual(before)
    expect(importPackFile(store, path, [office.keys.publicKeyPem]).kind).toBe("imported")
  })

  it.each([
    [
      "content changed after signing",
      (e: Record<string, unknown>) => {
        const pack = e.pack as { rules: Array<{ effectiveFrom: string }> }
        const first = pack.rules[0]
        if (first) first.effectiveFrom = "2019-01-01"
      },
      "file-hash",
    ],
    ["a tampered hash", (e: Record<string, unknown>) => void (e.hash = "a".repeat(64)), "file-hash"],
    ["publisher changed after signing", (e: Record<string, unknown>) => void (e.publisherName = "Mallory"), "file-signature"],
    ["no signature", (e: Record<string, unknown>) => void delete e.signature, "file-format"],
    ["another format", (e: Record<string, unknown>) => void (e.format = "fiskai-signed-pack/9"), "file-format"],
  ])("refuses a file with %s, and imports nothing", (_, tamper, code) => {
    const office = headOffice()
    const envelope = JSON.parse(office.text) as Record<string, unknown>
    tamper(envelope)
    const store = desk()
    const before = storeState(store)
    expect(refused(() => importPackText(store, JSON.stringify(envelope), "p.json", [office.keys.publicKeyPem])).code).toBe(code)
    expect(storeState(store)).toEqual(before)
  })

  it("refuses a hash recomputed for changed content (the signature covers the hash)", async () => {
    const { canonicalJson, sha256Hex } = await import("../../../src-main/util/canonical-json")
    const office = headOffice()
    const envelope = JSON.parse(office.text) as { pack: { publishedAt: string }; hash: string }
    envelope.pack.publishedAt = "2030-01-01"
    envelope.hash = sha256Hex(canonicalJson(envelope.pack))
    const store = desk()
    const refusal = refused(() => importPackText(store, JSON.stringify(envelope), "p.json", [office.keys.publicKeyPem]))
    expect(refusal.code).toBe("file-signature")
    expect(refusal.text("hr")).toBe(
      "Potpis datoteke p.json nije valjan (datoteka je izmijenjena ili potpisana drugim ključem): ništa nije uvezeno.",
    )
  })

  it("refuses a file signed with a key the desk does not trust, naming its fingerprint", () => {
    const office = headOffice()
    const stranger = loadOrCreateSigningKeys(tempDir())
    const forged = exportPackVersion(office.store, "2.0.1", stranger)
    const store = desk()
    const before = storeState(store)
    const untrusted = refused(() => importPackText(store, forged, "p.json", [office.keys.publicKeyPem]))
    expect(untrusted.code).toBe("file-untrusted")
    expect(untrusted.text("en")).toContain(`key fingerprint ${stranger.fingerprint}`)
    expect(refused(() => importPackText(store, office.text, "p.json", [])).code).toBe("file-untrusted")
    const swapped = { ...(JSON.parse(office.text) as Record<string, unknown>), publicKey: stranger.publicKeyPem }
    expect(refused(() => importPackText(store, JSON.stringify(swapped), "p.json", [stranger.publicKeyPem])).code).toBe("file-signature")
    expect(storeState(store)).toEqual(before)
  })

  it("refuses a version the desk already has with other content, or one older than its latest", () => {
    const office = headOffice()
    const store = desk()
    const changes = new RuleChanges(store)
    const a = changes.createProfile("A").id
    const b = changes.createProfile("B").id
    const change = changes.propose({ author: a, kind: "retire", ruleId: "vat.threshold.start", note: "local" })
    changes.submit(change.id, a)
    changes.approve(change.id, b)
    changes.publish({ actor: b, changeIds: [change.id] })
    const before = storeState(store)
    expect(refused(() => importPackText(store, office.text, "p.json", [office.keys.publicKeyPem])).code).toBe("version-conflict")
    const older = exportPackVersion(office.store, "2.0.0", office.keys)
    expect(importPackText(store, older, "p.json", [office.keys.publicKeyPem]).kind).toBe("already-stored")
    expect(storeState(store)).toEqual(before)
  })
})
