import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { FirmService } from "../../../src-main/firm/firm-service"
import { applyFirmMigrations, addDesk } from "../../../src-main/firm/server-schema"
import { connectFirm } from "../../../src-main/firm/firm-db"
import { parseFirmUrl } from "../../../src-main/firm/firm-url"
import { SecretStore } from "../../../src-main/secrets/secret-store"
import { adminClient, initFirm, openDesk, recordRuns, type TestDesk } from "../../support/pg-desks"
import { aesCipher } from "../secrets/aes-cipher"
import { describeWithPg, usePgCluster } from "./pg-harness"

// Linked to another firm, the status bar counts what waits against that firm at once: every
// run this desk has, before the first sync with it (the marks of the firm before do not count).

describeWithPg("the waiting count after linking to another firm", () => {
  const pg = usePgCluster()
  let desk: TestDesk
  let service: FirmService
  const secretsDir = mkdtempSync(join(tmpdir(), "fiskai-relink-"))

  beforeAll(async () => {
    await initFirm(pg.current(), ["desk_r"])
    const admin = await adminClient(pg.current())
    await admin.query("CREATE DATABASE firm_other")
    await admin.end()
    const other = await connectFirm(parseFirmUrl(pg.current().url(pg.current().adminUser).replace("/postgres?", "/firm_other?")))
    await applyFirmMigrations(other)
    await addDesk(other, "desk_r")
    await other.end()
    desk = openDesk("desk_r")
    service = new FirmService({ sqlite: desk.store.sqlite, secrets: new SecretStore(secretsDir, aesCipher()), intervalMs: 3_600_000 })
  })
  afterAll(async () => {
    await service.stop()
    desk.close()
    rmSync(secretsDir, { recursive: true, force: true })
  })

  it("counts every run as waiting for the new firm, and none once it is synced", async () => {
    await recordRuns(desk, 4)
    await service.link({ url: pg.current().url("desk_r") })
    expect((await service.syncNow()).waitingTotal).toBe(0)

    const relinked = await service.link({ url: pg.current().url("desk_r").replace("/postgres?", "/firm_other?") })
    expect(relinked.waiting.trace).toBe(4)
    expect((await service.syncNow()).waitingTotal).toBe(0)
  })
})
