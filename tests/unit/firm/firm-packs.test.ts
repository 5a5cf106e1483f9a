import { afterAll, beforeAll, expect, it } from "vitest"
import { connectFirm } from "../../../src-main/firm/firm-db"
import type { AdoptedVersion } from "../../../src-main/firm/firm-packs"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { syncOnce } from "../../../src-main/firm/sync"
import { loadPack, type LoadedPack } from "../../../src-main/knowledge/loader"
import { packInForce } from "../../../src-main/packs/pack-in-force"
import { appendVersion } from "../../../src-main/packs/versions"
import { PackVersionsRepository } from "../../../src-main/store/pack-versions-repo"
import { corePack, initFirm, openDesk, type TestDesk } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "./pg-harness"

// Head office publishes a pack version once at its desk; after a sync, it is the pack in force at
// every other desk, stored there by the same append a publication takes, and never sent back up.

describeWithPg("pack versions from other desks put into force", () => {
  const pg = usePgCluster()
  let head: TestDesk
  let branch: TestDesk

  beforeAll(async () => {
    await initFirm(pg.current(), ["head_office", "branch"])
    head = openDesk("head_office")
    branch = openDesk("branch")
    // Both desks have answered with the shipped pack: it is stored as their first version.
    packInForce(head.store, corePack())
    packInForce(branch.store, corePack())
  })
  afterAll(() => {
    head.close()
    branch.close()
  })

  async function sync(desk: TestDesk, adopted: AdoptedVersion[] = []) {
    const db = await connectFirm(parseFirmUrl(pg.current().url(desk.name)))
    try {
      return await syncOnce(db, desk.store.sqlite, { store: desk.store, onPacksAdopted: (versions) => adopted.push(...versions) })
    } finally {
      await db.end()
    }
  }

  function nextVersion(version: string): LoadedPack {
    return loadPack({ ...corePack().pack, version })
  }

  it("makes a version published at head office the pack in force at the branch", async () => {
    const published = nextVersion("9.0.1")
    const repo = new PackVersionsRepository(head.store)
    repo.transaction(() => appendVersion(repo, published, { origin: "local", publishedBy: null, publisherName: "Središnji ured", signer: null }))
    expect((await sync(head)).sent.pack).toBe(1)

    expect(packInForce(branch.store, corePack()).pack.version).toBe(corePack().version)
    const adopted: AdoptedVersion[] = []
    await sync(branch, adopted)
    expect(adopted).toEqual([{ packId: corePack().id, version: "9.0.1", desk: "head_office" }])
    const inForce = packInForce(branch.store, corePack())
    expect(inForce.origin).toBe("store")
    expect(inForce.pack.version).toBe("9.0.1")
    expect(inForce.pack.hash).toBe(published.hash)
    const stored = new PackVersionsRepository(branch.store).version(corePack().id, "9.0.1")
    expect(stored?.publisherName).toBe("Središnji ured")

    // The branch neither sends it back nor counts it as waiting, and a second sync adopts nothing.
    const again: AdoptedVersion[] = []
    const second = await sync(branch, again)
    expect(second.sent.pack).toBe(0)
    expect(second.conflicts).toEqual([])
    expect(again).toEqual([])
  })

  it("keeps a version whose content does not match its hash out of force", async () => {
    const genuine = nextVersion("9.0.2")
    const other = nextVersion("9.0.3")
    // A desk writing straight to the server: 9.0.2's number and hash over other content.
    const db = await connectFirm(parseFirmUrl(pg.current().url("head_office")))
    try {
      await db.query(
        `INSERT INTO firm.pack_versions (pack_id, version, content_hash, prev_hash, hash, published_at, publisher_name, canonical_json)
         VALUES ($1, '9.0.2', $2, $3, $3, '2026-11-26', 'Netko', $4)`,
        [genuine.id, genuine.hash, "0".repeat(64), other.canonicalJson],
      )
    } finally {
      await db.end()
    }
    const adopted: AdoptedVersion[] = []
    const report = await sync(branch, adopted)
    expect(report.received.packVersions).toBe(1)
    expect(adopted).toEqual([])
    expect(packInForce(branch.store, corePack()).pack.version).toBe("9.0.1")
  })
})
