import type { Services } from "../services"
import type { HandlerTable } from "../ipc/handler-table"
import { mapStoreErrors } from "./store-errors"

export function clientHandlers(services: Services): Pick<HandlerTable, "listClients" | "saveClient"> {
  return {
    listClients: () => mapStoreErrors(() => services.clients.list()),
    saveClient: (input) => mapStoreErrors(() => services.clients.save(input)),
  }
}
