import type { LoadedPack } from "../knowledge/loader"
import type { RunService } from "../runs/run-service"
import type { WhatIfService } from "../runs/whatif-service"
import type { FlagsRepository } from "../store/flags-repo"
import { keptFileText } from "../store/integrity"
import type { Store } from "../store/store"
import { createServices, type ServicesOptions } from "./services"

// The composition root as one command-line invocation uses it: the same services as the app's
// (the same pack resolution, FISKAI_PACK included, the same run limits and what-if service),
// with the engine computed in process, since a command makes one run at a time.

export interface CliSession {
  readonly store: Store
  /** Every run the command starts goes through here (runs/run-service.ts), as in the app. */
  readonly service: RunService
  readonly whatif: WhatIfService
  /** Reports on answers and their review (`fiskai flags`). */
  readonly flags: FlagsRepository
  close(): void
}

export interface CliSessionOptions extends Pick<ServicesOptions, "dbPath" | "packPath" | "clock" | "ifDamaged"> {
  /** A pack the command has already loaded (to report a broken one in its own words). */
  pack?: LoadedPack
  /** Told when an empty file at the path was kept beside a new database (default: standard error). */
  onNotice?: (message: string) => void
}

export function openCliSession(options: CliSessionOptions): CliSession {
  const services = createServices({ ...options, engine: "inline" })
  const { store } = services
  if (store.keptAtOpen !== null) {
    const notice = options.onNotice ?? ((message: string) => process.stderr.write(`${message}\n`))
    notice(`fiskai: ${keptFileText(store.keptAtOpen, "en")}`)
  }
  return {
    store,
    service: services.traces,
    whatif: services.whatif,
    flags: services.flags,
    // A command awaits every run it starts before it closes: nothing is left to settle, so the
    // database is closed at once (services.close() would wait a turn for runs that cannot exist).
    close: () => store.close(),
  }
}
