import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"
import type { LoadedPack } from "../knowledge/loader"
import type { PackInfo } from "../../src-shared/pack-info"

export function settingsHandlers(services: Services): Pick<HandlerTable, "settings.get" | "settings.update" | "settings.packInfo"> {
  return {
    "settings.packInfo": async () => ({ ...packInfo(services.pack), origin: packOrigin(services) }),
    "settings.get": () => mapStoreErrors(() => services.settings.get()),
    "settings.update": (patch) =>
      mapStoreErrors(() => {
        const next = services.settings.update(patch)
        services.settingsChanged.publish(next)
        return next
      }),
  }
}

/**
 * The stored version the pack in force is (pack_versions, by its content hash): how it got here.
 * None stored (the shipped pack), or a read-only store (which answers with the shipped pack, and
 * may be a database from before migration 0018): shipped with the app.
 */
function packOrigin(services: Services): PackInfo["origin"] {
  if (services.store.readOnly) return { kind: "bundled", publisherName: null, desk: null }
  const row = services.store.sqlite
    .prepare("SELECT origin, origin_desk AS desk, publisher_name AS publisherName FROM pack_versions WHERE pack_id = ? AND content_hash = ?")
    .get(services.pack.id, services.pack.hash) as { origin: string; desk: string | null; publisherName: string } | undefined
  if (row === undefined) return { kind: "bundled", publisherName: null, desk: null }
  const kind = row.desk !== null ? "firm" : row.origin === "imported" || row.origin === "local" ? row.origin : "bundled"
  return { kind, publisherName: kind === "bundled" ? null : row.publisherName, desk: row.desk }
}

function packInfo(loaded: LoadedPack): PackInfo {
  const { pack } = loaded
  return {
    id: loaded.id,
    version: loaded.version,
    publishedAt: pack.publishedAt,
    hash: loaded.hash,
    rules: pack.rules.length,
    concepts: pack.concepts.length,
    officialRules: pack.rules.filter((r) => r.authority !== "PRACTICE").length,
  }
}
