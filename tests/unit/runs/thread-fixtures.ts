import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import { RunService } from "../../../src-main/runs/run-service"
import { ThreadService } from "../../../src-main/runs/thread-service"
import type { Store } from "../../../src-main/store/store"
import { hrCorePack } from "../store/core-pack"
import { openTestStore } from "../store/fixtures"

// Threads over a real SQLite file with the real engine and the shipped pack.

export function threadService(store: Store = openTestStore()): { runs: RunService; threads: ThreadService; store: Store } {
  const runs = new RunService({ store, engine: buildAnswerWithReasoning, pack: hrCorePack() })
  return { runs, threads: new ThreadService({ store, runs }), store }
}
