import { buildAnswerWithReasoning } from "../engine/pipeline"
import type { LoadedPack } from "../knowledge/loader"
import { openTraceSession } from "../store/session"
import { WhatIfService } from "./service"

// The what-if service over a database opened for one command-line invocation.

export interface WhatIfSession {
  readonly whatif: WhatIfService
  close(): void
}

export function openWhatIfSession(options: {
  dbPath: string
  pack: LoadedPack
  clock?: () => Date
}): WhatIfSession {
  const session = openTraceSession({
    dbPath: options.dbPath,
    engine: buildAnswerWithReasoning,
    pack: options.pack,
    ...(options.clock ? { clock: options.clock } : {}),
  })
  const whatif = new WhatIfService({
    store: session.store,
    traces: session.service,
    currentPack: options.pack,
  })
  return { whatif, close: () => session.close() }
}
