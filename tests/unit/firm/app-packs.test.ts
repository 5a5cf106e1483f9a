import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { createServices, type Services } from "../../../src-main/composition/services"
import { loadPack } from "../../../src-main/knowledge/loader"
import { appendVersion } from "../../../src-main/packs/versions"
import { PackVersionsRepository } from "../../../src-main/store/pack-versions-repo"
import { initFirm } from "../../support/pg-desks"
import { describeWithPg, usePgCluster } from "./pg-harness"

// In the app: a pack version head office publishes is, after both desks sync, the pack the other
// desk's app answers its next question with (services.pack), with no restart.

describeWithPg("a pack version from another desk in the app", () => {
  const pg = usePgCluster()
  const dirs: string[] = []
  const opened: Services[] = []

  function openApp(): Services {
    const dir = mkdtempSync(join(tmpdir(), "fiskai-firm-app-"))
    dirs.push(dir)
    const services = createServices({ dbPath: join(dir, "fiskai.sqlite"), settingsOverrides: { deliberatePauseMs: 0 }, onBackgroundError: () => {} })
    opened.push(services)
    return services
  }

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_ana", "desk_ivo"])
  })
  afterAll(async () => {
    for (const services of opened) await services.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("is the pack in force at the other desk after a sync", async () => {
    const headOffice = openApp()
    const branch = openApp()
    const shipped = branch.pack
    const published = loadPack({ ...headOffice.pack.pack, version: "9.2.0" })
    const repo = new PackVersionsRepository(headOffice.store)
    repo.transaction(() => appendVersion(repo, published, { origin: "local", publishedBy: null, publisherName: "Ana", signer: null }))
    await headOffice.firm.link({ url: pg.current().url("desk_ana") })
    await headOffice.firm.syncNow()

    expect(branch.pack.version).toBe(shipped.version)
    await branch.firm.link({ url: pg.current().url("desk_ivo") })
    await branch.firm.syncNow()
    expect(branch.pack.version).toBe("9.2.0")
    expect(branch.pack.hash).toBe(published.hash)
  })
})
