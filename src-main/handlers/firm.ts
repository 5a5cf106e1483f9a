import { IpcFailure } from "../../src-shared/ipc/channel"
import type { Locale } from "../../src-shared/events/stages"
import type { Services } from "../composition/services"
import { isFirmServerError } from "../firm/firm-db"
import { FirmError } from "../firm/firm-errors"
import { readFirmQueue } from "../firm/firm-flags"
import { readFirmLink } from "../firm/firm-link"
import type { HandlerTable } from "../ipc/handler-table"
import { SecretStoreError } from "../secrets/secret-store"
import { mapStoreErrors } from "./store-errors"

// The firm connection's channels (issue 25). What the user can fix (a URL without TLS, a server
// that cannot be reached or is not set up, no keychain) comes back in their language; a refusal
// from the server (a wrong password, an unknown desk) comes back with the server's own words.
// Other desks' flags are read from what the last sync brought down (read-only, never the network),
// aged with the store's clock as the desk's own queue is.

type FirmKeys = "firm.status" | "firm.link" | "firm.unlink" | "firm.syncNow" | "firm.flags"

export function firmHandlers(services: Services): Pick<HandlerTable, FirmKeys> {
  const locale = (): Locale => services.settings.get().locale
  const { sqlite, clock } = services.store
  return {
    "firm.status": () => inUserLanguage(locale, () => services.firm.view()),
    "firm.link": (input) => inUserLanguage(locale, () => services.firm.link(input)),
    "firm.unlink": () => inUserLanguage(locale, () => services.firm.unlink()),
    "firm.syncNow": () => inUserLanguage(locale, () => services.firm.syncNow()),
    "firm.flags": (filter) =>
      mapStoreErrors(() => ({
        linked: readFirmLink(sqlite) !== null,
        items: readFirmQueue(sqlite, clock(), filter.status === "all"),
      })),
  }
}

async function inUserLanguage<T>(locale: () => Locale, body: () => T | Promise<T>): Promise<T> {
  return mapStoreErrors(async () => {
    try {
      return await body()
    } catch (error) {
      if (error instanceof FirmError)
        throw new IpcFailure(error.kind === "unreachable" ? "UNAVAILABLE" : "BAD_INPUT", error.text(locale()))
      if (error instanceof SecretStoreError) throw new IpcFailure("UNAVAILABLE", error.text(locale()))
      if (isFirmServerError(error))
        throw new IpcFailure("BAD_INPUT", serverRefusalText(error.message, locale()))
      throw error
    }
  })
}

function serverRefusalText(message: string, locale: Locale): string {
  return locale === "hr"
    ? `Poslužitelj ureda je odbio vezu: ${message}`
    : `The firm's server refused the connection: ${message}`
}
