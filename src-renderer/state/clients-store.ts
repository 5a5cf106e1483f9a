import type { FiskaiApi } from "../../src-shared/ipc/api"
import type { Client, ClientInput } from "../../src-shared/traces"
import { call } from "../api/client"
import { createSimpleStore, type SimpleStore } from "./simple-store"

// Client profiles, shared by the Ask screen's selector, History's filter and the Clients screen.

export interface ClientsState {
  clients: readonly Client[]
  loaded: boolean
  error: string | null
}

export interface ClientsStore extends Pick<SimpleStore<ClientsState>, "getSnapshot" | "subscribe"> {
  load(): Promise<void>
  save(input: ClientInput): Promise<Client>
}

function byName(a: Client, b: Client): number {
  return a.name.localeCompare(b.name, "hr")
}

export function createClientsStore(api: FiskaiApi): ClientsStore {
  const store = createSimpleStore<ClientsState>({ clients: [], loaded: false, error: null })
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    async load() {
      try {
        const clients = await call("clients.list", {}, api)
        store.set({ clients: [...clients].sort(byName), loaded: true, error: null })
      } catch (error) {
        store.update((s) => ({
          ...s,
          loaded: true,
          error: error instanceof Error ? error.message : String(error),
        }))
      }
    },
    async save(input) {
      const saved = await call("clients.save", input, api)
      store.update((s) => ({
        ...s,
        clients: [...s.clients.filter((c) => c.id !== saved.id), saved].sort(byName),
      }))
      return saved
    },
  }
}
