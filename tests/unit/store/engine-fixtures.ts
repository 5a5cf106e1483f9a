import { buildAnswerWithReasoning } from "../../../src-main/engine/pipeline"
import type { LoadedPack } from "../../../src-main/knowledge/loader"
import { RunService } from "../../../src-main/runs/run-service"
import type { Store } from "../../../src-main/store/store"
import { comparable } from "../../../src-main/trace/replay"
import { hrCorePack } from "./core-pack"
import { openTestStore } from "./fixtures"

export { hrCorePack }

// The real engine and the shipped Croatian pack, for the store tests that replay runs.

export function realService(store: Store = openTestStore(), pack: LoadedPack = hrCorePack()): RunService {
  return new RunService({ store, engine: buildAnswerWithReasoning, pack })
}

/** A question the engine answers straight away. */
export const CLEAR_QUESTION = "Moram li ući u sustav PDV-a ako mi je promet 65.000 eura?"
/** A question vague enough that the engine asks which topic is meant. */
export const VAGUE_QUESTION = "porez"
export const AS_OF = "2025-06-01"

/** Events as replay compares them: everything but the timestamp. */
export function withoutTs(events: readonly unknown[]): string[] {
  return events.map(comparable)
}
