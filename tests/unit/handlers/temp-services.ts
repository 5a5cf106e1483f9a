import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ReasoningEvent } from "../../../src-shared/events/event"
import { isTerminal } from "../../../src-shared/events/event"
import { createServices, type Services } from "../../../src-main/composition/services"

// Real services over a real SQLite file in a temp dir, with the real rule pack and engine.

export interface TempServices {
  services: Services
  dir: string
  dbPath: string
  /** Every event the bus published, in order. */
  published: ReasoningEvent[]
  cleanup(): Promise<void>
}

export function openTempServices(): TempServices {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-shell-"))
  const dbPath = join(dir, "fiskai.sqlite")
  const services = createServices({ dbPath, settingsOverrides: { deliberatePauseMs: 0 }, onBackgroundError: () => {} })
  const published: ReasoningEvent[] = []
  services.events.subscribe((event) => published.push(event))
  return {
    services,
    dir,
    dbPath,
    published,
    async cleanup() {
      await services.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Resolves with the events of `requestId` once it reaches a terminal or an awaiting_input event. */
export function untilRunStops(services: Services, requestId: string, already: readonly ReasoningEvent[] = []): Promise<ReasoningEvent[]> {
  return new Promise((resolve) => {
    const seen = already.filter((e) => e.requestId === requestId)
    const last = seen.at(-1)
    if (last && (isTerminal(last) || last.status === "awaiting_input")) return resolve(seen)
    const unsubscribe = services.events.subscribe((event) => {
      if (event.requestId !== requestId) return
      seen.push(event)
      if (isTerminal(event) || event.status === "awaiting_input") {
        unsubscribe()
        resolve(seen)
      }
    })
  })
}

/** Every row of every table: "the database is unchanged" means this is equal before and after. */
export function dumpDatabase(services: Services): Record<string, unknown[]> {
  const sqlite = services.store.sqlite
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all() as { name: string }[]
  const dump: Record<string, unknown[]> = {}
  for (const { name } of tables) dump[name] = sqlite.prepare(`SELECT * FROM "${name}"`).all()
  return dump
}
