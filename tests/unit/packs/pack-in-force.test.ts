import { afterEach, describe, expect, it } from "vitest"
import { loadPack } from "../../../src-main/knowledge/loader"
import { packInForce } from "../../../src-main/packs/pack-in-force"
import { PackVersionsRepository } from "../../../src-main/store/pack-versions-repo"
import { cleanPackRaw } from "../../fixtures/packs/clean-pack"
import { basePack, closeOpenedStores, openPackStore } from "./fixtures"

// Which pack new runs answer with: the app's own, stored on first start, unless this database
// holds a newer published version (imported from head office); the app's pack wins a tie.

afterEach(closeOpenedStores)

describe("the pack in force", () => {
  it("is the bundled pack, stored as a published version on first start", () => {
    const store = openPackStore()
    const bundled = basePack("2.0.0")
    expect(packInForce(store, bundled)).toMatchObject({ origin: "bundled", pack: { hash: bundled.hash } })
    expect(new PackVersionsRepository(store).latestVersion(bundled.id)?.version).toBe("2.0.0")
  })

  it("is a newer version the database holds, over an older bundled one", () => {
    const store = openPackStore()
    const newer = basePack("2.0.1")
    packInForce(store, newer)
    const inForce = packInForce(store, basePack("2.0.0"))
    expect(inForce.origin).toBe("store")
    expect(inForce.pack.version).toBe("2.0.1")
    expect(inForce.pack.hash).toBe(newer.hash)
  })

  it("is the bundled pack when the database's latest has the same version but other content", () => {
    const store = openPackStore()
    packInForce(store, basePack("2.0.0"))
    const raw = cleanPackRaw()
    const edited = loadPack({ ...raw, version: "2.0.0", publishedAt: "2026-01-02" })
    expect(edited.hash).not.toBe(basePack("2.0.0").hash)
    const inForce = packInForce(store, edited)
    expect(inForce).toMatchObject({ origin: "bundled", pack: { hash: edited.hash } })
  })
})
