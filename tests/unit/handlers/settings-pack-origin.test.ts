import { afterEach, expect, it } from "vitest"
import type { IpcResult } from "../../../src-shared/ipc/channel"
import type { PackInfo } from "../../../src-shared/pack-info"
import { adoptFirmPackVersions } from "../../../src-main/firm/firm-packs"
import { createHandlers } from "../../../src-main/handlers/index"
import { createDispatcher } from "../../../src-main/ipc/dispatcher"
import { loadPack } from "../../../src-main/knowledge/loader"
import { value } from "../../support/ipc-result"
import { openTempServices, type TempServices } from "./temp-services"

// Settings → About's pack info says where the pack in force came from: shipped with the app, or
// (after another desk published a newer version and this desk took it from the firm) the firm,
// naming the desk and its publisher.

let temp: TempServices | null = null
afterEach(async () => {
  await temp?.cleanup()
  temp = null
})

it("names the desk a pack version taken from the firm was published at", async () => {
  const t = openTempServices()
  temp = t
  const dispatch = createDispatcher(createHandlers(t.services), { isTrustedCaller: () => true })
  const packInfo = async () =>
    value<PackInfo>(dispatch("settings.packInfo", {}, { transport: "websocket", url: null }) as Promise<IpcResult<never>>)

  expect((await packInfo()).origin).toEqual({ kind: "bundled", publisherName: null, desk: null })

  // As down-sync stores another desk's publication in the desk's firm mirror.
  const shipped = t.services.pack
  const next = loadPack({ ...shipped.pack, version: "9.2.0" })
  t.services.store.sqlite
    .prepare(
      `INSERT INTO firm_pack_versions (pack_id, version, desk, content_hash, prev_hash, hash, published_at, publisher_name, canonical_json)
       VALUES (?, ?, 'head_office', ?, ?, ?, '2026-11-27T00:00:00.000Z', 'Ana Horvat', ?)`,
    )
    .run(next.id, next.version, next.hash, "0".repeat(64), "1".repeat(64), next.canonicalJson)
  expect(adoptFirmPackVersions(t.services.store).adopted).toEqual([{ packId: next.id, version: "9.2.0", desk: "head_office" }])
  await t.services.reloadPack()

  const info = await packInfo()
  expect(info.version).toBe("9.2.0")
  expect(info.origin).toEqual({ kind: "firm", publisherName: "Ana Horvat", desk: "head_office" })
}, 60_000)
