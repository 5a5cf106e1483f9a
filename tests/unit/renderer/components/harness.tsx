import { createMemoryHistory, RouterProvider } from "@tanstack/react-router"
import { render } from "@testing-library/react"
import type { FiskaiApi } from "../../../../src-shared/ipc/api"
import { DEFAULT_SETTINGS, type Settings } from "../../../../src-shared/settings"
import { createAppRouter } from "../../../../src-renderer/routes/router"
import { Preferences } from "../../../../src-renderer/shell/Preferences"
import { createClientsStore } from "../../../../src-renderer/state/clients-store"
import { createRunStore } from "../../../../src-renderer/state/run-store"
import { createSettingsStore } from "../../../../src-renderer/state/settings-store"
import { StoresProvider, type Stores } from "../../../../src-renderer/state/stores"
import { fakeApi, type FakeApi } from "../fixtures/fake-api"

// Renders the whole renderer (router, stores, settings) over a fake API at a given route.
// The display queue's minimum is 0 here so a run shows as fast as it is pushed; the queue itself
// is tested with fake timers in reasoning/display-queue.test.ts.

export function settingsHandlers(initial: Partial<Settings> = {}) {
  let settings: Settings = { ...DEFAULT_SETTINGS, ...initial }
  return {
    "settings.get": async () => ({ ok: true as const, value: settings }),
    "settings.update": async (patch: Partial<Settings>) => {
      settings = { ...settings, ...patch }
      return { ok: true as const, value: settings }
    },
  }
}

export function renderApp(
  path: string,
  handlers: Parameters<typeof fakeApi>[0] = {},
  settings: Partial<Settings> = {},
) {
  const fake: FakeApi = fakeApi({
    "clients.list": async () => ({ ok: true, value: [] }),
    ...settingsHandlers(settings),
    ...handlers,
  })
  const api: FiskaiApi = fake.api
  const stores: Stores = {
    api,
    runs: createRunStore({ api, minDisplayMs: 0 }),
    settings: createSettingsStore(api),
    clients: createClientsStore(api),
  }
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }))
  const view = render(
    <StoresProvider stores={stores}>
      <Preferences>
        <RouterProvider router={router} />
      </Preferences>
    </StoresProvider>,
  )
  return { ...view, fake, stores, router }
}
