import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from "react"
import type { FiskaiApi } from "../../src-shared/ipc/api"
import { createClientsStore, type ClientsState, type ClientsStore } from "./clients-store"
import { createRunStore, type RunStore, type RunStoreSnapshot } from "./run-store"
import { createSettingsStore, type SettingsState, type SettingsStore } from "./settings-store"

// The stores every screen shares, created once per window from one API and handed down by context
// (tests hand in stores over a fake API).

export interface Stores {
  api: FiskaiApi
  runs: RunStore
  settings: SettingsStore
  clients: ClientsStore
}

export function createStores(api: FiskaiApi): Stores {
  return {
    api,
    runs: createRunStore({
      api,
      onInvalidEvent: (issues) => console.warn("dropped an invalid reasoning event:", issues),
    }),
    settings: createSettingsStore(api),
    clients: createClientsStore(api),
  }
}

const StoresContext = createContext<Stores | null>(null)

export function StoresProvider({ stores, children }: { stores: Stores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>
}

export function useStores(): Stores {
  const stores = useContext(StoresContext)
  if (!stores) throw new Error("useStores outside StoresProvider")
  return stores
}

export function useRuns(): RunStoreSnapshot {
  const { runs } = useStores()
  return useSyncExternalStore(runs.subscribe, runs.getSnapshot)
}

export function useSettings(): SettingsState {
  const { settings } = useStores()
  return useSyncExternalStore(settings.subscribe, settings.getSnapshot)
}

export function useClients(): ClientsState {
  const { clients } = useStores()
  const state = useSyncExternalStore(clients.subscribe, clients.getSnapshot)
  useEffect(() => {
    if (!state.loaded) void clients.load()
  }, [clients, state.loaded])
  return state
}

/** The current time, re-read every `intervalMs` while `active` (liveness and stall display). */
export function useNow(intervalMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, active])
  return now
}
