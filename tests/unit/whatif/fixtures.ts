import type { ProfileContext } from "../../../src-shared/context"
import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import type { LoadedPack } from "../../../src-main/knowledge/loader"
import { RunService } from "../../../src-main/runs/run-service"
import type { Store } from "../../../src-main/store/store"
import { WhatIfService } from "../../../src-main/runs/whatif-service"
import { join } from "node:path"
import { afterEach } from "vitest"
import { openStore } from "../../../src-main/store/store"
import { tempDbPath } from "../store/fixtures"
import { CRAFTED_QUESTION, craftedPack } from "./crafted-pack"

// A real store in a temp folder, the real engine and the what-if service over it.

export interface WhatIfFixture {
  store: Store
  pack: LoadedPack
  traces: RunService
  whatif: WhatIfService
  /** Asks a question into the store and returns the trace id. */
  ask(options?: {
    question?: string
    asOfDate?: string
    profile?: ProfileContext
    clientId?: string
  }): Promise<string>
}

export const FIXED_CLOCK = () => new Date("2025-06-01T10:00:00.000Z")

// Given explicitly: the default is found from import.meta.url, which a DOM test environment changes.
const MIGRATIONS = join(import.meta.dirname, "..", "..", "..", "resources", "migrations")
const open: Store[] = []
afterEach(() => {
  for (const store of open.splice(0)) store.close()
})

export function whatIfFixture(
  pack: LoadedPack = craftedPack(),
  dbPath = tempDbPath(),
  clock: () => Date = FIXED_CLOCK,
): WhatIfFixture {
  const store = openStore({ path: dbPath, clock, migrationsDir: MIGRATIONS })
  open.push(store)
  const traces = new RunService({ store, engine: buildAnswerWithReasoning, pack })
  const whatif = new WhatIfService({ store, traces, currentPack: pack })
  return {
    store,
    pack,
    traces,
    whatif,
    async ask(options = {}) {
      const result = await traces.ask({
        question: options.question ?? CRAFTED_QUESTION,
        asOfDate: options.asOfDate ?? "2025-06-01",
        ...(options.profile ? { profile: options.profile } : {}),
        ...(options.clientId ? { clientId: options.clientId } : {}),
      })
      return result.requestId
    },
  }
}

/** A client profile of a d.o.o. in the VAT system (so the optional entity type is resolved). */
export function dooProfile(revenueYtd?: number, revenuePriorYear?: number): ProfileContext {
  const counters = {
    ...(revenueYtd === undefined ? {} : { revenueYtd }),
    ...(revenuePriorYear === undefined ? {} : { revenuePriorYear }),
  }
  return {
    entity: { type: "DOO", vat: { status: "OUTSIDE_VAT" }, location: { country: "HR" } },
    ...(Object.keys(counters).length === 0 ? {} : { counters }),
  }
}
