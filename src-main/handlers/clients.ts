import type { Services } from "../composition/services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"

export function clientHandlers(services: Services): Pick<HandlerTable, "clients.list" | "clients.save"> {
  return {
    "clients.list": () => mapStoreErrors(() => services.clients.list()),
    "clients.save": (input) => mapStoreErrors(() => services.clients.save(input)),
  }
}
