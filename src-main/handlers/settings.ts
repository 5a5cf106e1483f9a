import type { Services } from "../services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"

export function settingsHandlers(services: Services): Pick<HandlerTable, "getSettings" | "updateSettings"> {
  return {
    getSettings: () => mapStoreErrors(() => services.settings.get()),
    updateSettings: (patch) =>
      mapStoreErrors(() => {
        const next = services.settings.update(patch)
        services.settingsChanged.publish(next)
        return next
      }),
  }
}
