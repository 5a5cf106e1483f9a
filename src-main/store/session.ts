import type { LoadedPack } from "../knowledge/loader"
import { keptFileText } from "./integrity"
import type { ReasoningEngine } from "./replay"
import { TraceService } from "./runs"
import { openStore, type OpenStoreOptions, type Store } from "./store"

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
  /** See OpenStoreOptions: the trace commands inspect a damaged file read-only. */
  ifDamaged?: OpenStoreOptions["ifDamaged"]
  /** Told when an empty file at the path was kept beside a new database (default: standard error). */
  onNotice?: (message: string) => void
}

export function openTraceSession(options: TraceSessionOptions): TraceSession {
  const store = openStore({
    path: options.dbPath,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.ifDamaged === undefined ? {} : { ifDamaged: options.ifDamaged }),
  })
  if (store.keptAtOpen !== null) {
    const notice = options.onNotice ?? ((message: string) => process.stderr.write(`${message}\n`))
    notice(`fiskai: ${keptFileText(store.keptAtOpen, "en")}`)
  }
  const service = new TraceService({
    store,
    engine: options.engine,
    ...(options.pack === undefined ? {} : { pack: options.pack }),
  })
  return { store, service, close: () => store.close() }
}
