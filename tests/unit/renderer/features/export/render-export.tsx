import { createMemoryHistory, RouterProvider } from "@tanstack/react-router"
import { render } from "@testing-library/react"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { FiskaiApi } from "../../../../../src-shared/ipc/api"
import { createHandlers } from "../../../../../src-main/handlers"
import type { HandlerTable } from "../../../../../src-main/ipc/handler-table"
import { createDispatcher } from "../../../../../src-main/ipc/dispatcher"
import { createServices, type Services } from "../../../../../src-main/composition/services"
import { buildPreloadApi } from "../../../../../src-preload/api"
import { createAppRouter } from "../../../../../src-renderer/routes/router"
import { Preferences } from "../../../../../src-renderer/shell/Preferences"
import { createClientsStore } from "../../../../../src-renderer/state/clients-store"
import { createRunStore } from "../../../../../src-renderer/state/run-store"
import { createSettingsStore } from "../../../../../src-renderer/state/settings-store"
import { StoresProvider } from "../../../../../src-renderer/state/stores"

// The export screens against the real app: services over a SQLite file in a temp dir, the real
// handler table behind the real dispatcher, exports on real worker threads, and the renderer's
// FiskaiApi built by the preload's own builder (channel functions + `on` for the pushes).

export interface RealApp {
  dir: string
  services: Services
  handlers: HandlerTable
  api: FiskaiApi
  close(): Promise<void>
}

export function openRealApp(): RealApp {
  const dir = mkdtempSync(join(tmpdir(), "fiskai-export-ui-"))
  const services = createServices({
    dbPath: join(dir, "fiskai.sqlite"),
    settingsOverrides: { deliberatePauseMs: 0 },
    onBackgroundError: () => {},
  })
  const handlers = createHandlers(services)
  const dispatch = createDispatcher(handlers, {
    isTrustedCaller: () => true,
    onUnexpectedError: (channel, error) => console.error(`[${channel}]`, error),
  })
  // Through JSON, as over IPC or the browser host's socket: nothing but data crosses. The wire
  // name is the channel's one name, so it goes to the dispatcher unchanged.
  const wire = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T
  const unsubscribes = new Map<(event: unknown, payload: unknown) => void, () => void>()
  const api: FiskaiApi = buildPreloadApi({
    invoke: async (name, input) => wire(await dispatch(name, wire(input), { transport: "electron", url: null })),
    on: (name, listener) => {
      const source = services.pushes[name as keyof Services["pushes"]] as { subscribe(l: (p: unknown) => void): () => void }
      unsubscribes.set(listener, source.subscribe((payload) => listener(null, wire(payload))))
    },
    removeListener: (_name, listener) => {
      unsubscribes.get(listener)?.()
      unsubscribes.delete(listener)
    },
  })
  return {
    dir,
    services,
    handlers,
    api,
    async close() {
      await services.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Renders the whole renderer (router, stores, preferences) over `api` at `path`. */
export function renderAt(api: FiskaiApi, path: string) {
  const stores = {
    api,
    runs: createRunStore({ api, minDisplayMs: 0 }),
    settings: createSettingsStore(api),
    clients: createClientsStore(api),
  }
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }))
  return render(
    <StoresProvider stores={stores}>
      <Preferences>
        <RouterProvider router={router} />
      </Preferences>
    </StoresProvider>,
  )
}
