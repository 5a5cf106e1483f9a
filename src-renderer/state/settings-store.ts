import type { FiskaiApi } from "../../src-shared/ipc/api"
import { DEFAULT_SETTINGS, type Settings, type SettingsPatch } from "../../src-shared/settings"
import { call } from "../api/client"
import { createSimpleStore, type SimpleStore } from "./simple-store"

// The user's settings as the main process keeps them; defaults (Croatian) until they load.

export interface SettingsState {
  settings: Settings
  loaded: boolean
  error: string | null
}

export interface SettingsStore extends Pick<SimpleStore<SettingsState>, "getSnapshot" | "subscribe"> {
  load(): Promise<void>
  update(patch: SettingsPatch): Promise<Settings>
}

export function createSettingsStore(api: FiskaiApi): SettingsStore {
  const store = createSimpleStore<SettingsState>({ settings: DEFAULT_SETTINGS, loaded: false, error: null })
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    async load() {
      try {
        const settings = await call("settings.get", {}, api)
        store.set({ settings, loaded: true, error: null })
      } catch (error) {
        store.update((s) => ({
          ...s,
          loaded: true,
          error: error instanceof Error ? error.message : String(error),
        }))
      }
    },
    async update(patch) {
      const settings = await call("settings.update", patch, api)
      store.set({ settings, loaded: true, error: null })
      return settings
    },
  }
}
