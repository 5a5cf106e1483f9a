import type { LoadedPack } from "../knowledge/loader"
import type { ReasoningEngine } from "./replay"
import { TraceService } from "./runs"
import { openStore, type Store } from "./store"

// A store opened for one command-line invocation: the database, a TraceService over it, close().

export interface TraceSession {
  readonly store: Store
  readonly service: TraceService
  close(): void
}

export interface TraceSessionOptions {
  dbPath: string
  engine: ReasoningEngine
  /** Needed only to start new runs. */
  pack?: LoadedPack
  clock?: () => Date
}

export function openTraceSession(options: TraceSessionOptions): TraceSession {
  const store = openStore({ path: options.dbPath, ...(options.clock === undefined ? {} : { clock: options.clock }) })
  const service = new TraceService({ store, engine: options.engine, ...(options.pack === undefined ? {} : { pack: options.pack }) })
  return { store, service, close: () => store.close() }
}
