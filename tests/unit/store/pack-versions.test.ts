import { afterEach, describe, expect, it } from "vitest"
import { loadPackFile } from "../../../src-main/knowledge/loader"
import { seedBundledPack } from "../../../src-main/packs/bundled-seed"
import { chainProblem, GENESIS_HASH, versionHash } from "../../../src-main/packs/pack-chain"
import { publishedPack } from "../../../src-main/packs/published-pack"
import { versionChain } from "../../../src-main/packs/versions"
import { PackVersionsRepository } from "../../../src-main/store/pack-versions-repo"
import { resolvePackPath } from "../../../src-main/composition/runtime"
import { basePack, closeOpenedStores, openPackStore, reopenPackStore } from "../packs/fixtures"
import { tempDir } from "./fixtures"
import { join } from "node:path"

// Pack versions on a real database file (migration 0011): the bundled pack seeds the store on
// first start and after an upgrade that ships a new pack; versions are chained per pack and the
// triggers keep them append-only; publishedPack gives the latest version back, validated.

afterEach(closeOpenedStores)


describe("seeding the bundled pack", () => {
  it("stores it once as a published version by 'bundled', the first link of its chain", () => {
    const store = openPackStore()
    const pack = basePack("2.0.0")
    const first = seedBundledPack(store, pack)
    expect(first.kind).toBe("stored")
    if (first.kind !== "stored") return
    expect(first.version).toMatchObject({
      seq: 1,
      packId: "lint-test-pack",
      version: "2.0.0",
      contentHash: pack.hash,
      prevHash: GENESIS_HASH,
      origin: "bundled",
      publishedBy: null,
      publisherName: "bundled",
      signer: null,
    })
    expect(seedBundledPack(store, pack)).toEqual({ kind: "present", version: first.version })
    expect(new PackVersionsRepository(store).versions()).toHaveLength(1)
  })

  it("appends a newer bundled pack on upgrade, chained to the previous one, and skips an older one", () => {
    const path = join(tempDir(), "fiskai.sqlite")
    const store = openPackStore(path)
    seedBundledPack(store, basePack("2.0.0"))
    const upgraded = seedBundledPack(store, basePack("2.0.1"))
    expect(upgraded.kind).toBe("stored")
    const older = seedBundledPack(store, basePack("1.9.0"))
    expect(older).toMatchObject({ kind: "not-newer", latest: { version: "2.0.1" } })
    const repo = new PackVersionsRepository(store)
    const rows = versionChain(repo, "lint-test-pack")
    expect(rows.map((r) => r.version)).toEqual(["2.0.0", "2.0.1"])
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash)
    expect(chainProblem(rows)).toBeNull()
  })

  it("seeds the app's own pack (resources/packs/hr-core.json) and gives it back unchanged", () => {
    const store = openPackStore()
    const bundled = loadPackFile(resolvePackPath(undefined, {}))
    expect(publishedPack(store)).toBeNull()
    seedBundledPack(store, bundled)
    const published = publishedPack(store)
    expect(published?.hash).toBe(bundled.hash)
    expect(published?.pack).toEqual(bundled.pack)
  })
})

describe("the chain and the triggers", () => {
  it("refuses to update or delete a published version, or to insert one off the chain", () => {
    const store = openPackStore()
    seedBundledPack(store, basePack("2.0.0"))
    expect(() => store.sqlite.prepare("UPDATE pack_versions SET publisher_name = 'x'").run()).toThrow(/immutable: UPDATE rejected/)
    expect(() => store.sqlite.prepare("DELETE FROM pack_versions").run()).toThrow(/kept: DELETE rejected/)
    const next = basePack("2.0.1")
    const header = {
      packId: next.id,
      version: next.version,
      contentHash: next.hash,
      publishedAt: "2026-03-02T10:00:00.000Z",
      origin: "bundled" as const,
      publisherName: "bundled",
      signerFingerprint: null,
    }
    const repo = new PackVersionsRepository(store)
    const offChain = () =>
      repo.transaction(() =>
        repo.insertVersion({
          ...header,
          prevHash: GENESIS_HASH,
          hash: versionHash(GENESIS_HASH, header),
          publishedBy: null,
          signerPublicKey: null,
          signature: null,
          canonicalJson: next.canonicalJson,
        }),
      )
    expect(offChain).toThrow(/must continue its pack's chain/)
    expect(repo.versions()).toHaveLength(1)
    expect(() => store.sqlite.prepare("DELETE FROM rule_pack_snapshots").run()).toThrow()
  })

  it("finds a rewritten content or a broken link when the chain is checked", () => {
    const store = openPackStore()
    seedBundledPack(store, basePack("2.0.0"))
    seedBundledPack(store, basePack("2.0.1"))
    const rows = versionChain(new PackVersionsRepository(store), "lint-test-pack")
    const [first, second] = rows
    if (first === undefined || second === undefined) throw new Error("two versions expected")
    expect(chainProblem([first, { ...second, canonicalJson: first.canonicalJson }])).toBe("version 2.0.1: content does not match its hash")
    expect(chainProblem([second])).toBe("version 2.0.1: does not follow the previous version")
    expect(chainProblem([{ ...first, publisherName: "someone else" }, second])).toBe("version 2.0.0: row does not match its hash")
  })

  it("keeps the versions across a reopen of the file", () => {
    const path = join(tempDir(), "fiskai.sqlite")
    const store = openPackStore(path)
    seedBundledPack(store, basePack("2.0.0"))
    store.close()
    const again = reopenPackStore(path)
    expect(publishedPack(again)?.version).toBe("2.0.0")
    expect(seedBundledPack(again, basePack("2.0.0")).kind).toBe("present")
  })
})
