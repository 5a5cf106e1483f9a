import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"
import type { LoadedPack } from "../knowledge/loader"
import type { PackInfo } from "../../src-shared/pack-info"

export function settingsHandlers(services: Services): Pick<HandlerTable, "settings.get" | "settings.update" | "settings.packInfo"> {
  return {
    "settings.packInfo": async () => packInfo(services.pack),
    "settings.get": () => mapStoreErrors(() => services.settings.get()),
    "settings.update": (patch) =>
      mapStoreErrors(() => {
        const next = services.settings.update(patch)
        services.settingsChanged.publish(next)
        return next
      }),
  }
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
