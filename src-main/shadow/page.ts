import type { PageResult } from "./messages"
import type { RunReader } from "./run-source"
import { shadowOne, type ShadowPacks } from "./shadow-one"

// One page of runs shadowed, one run after another, looking at Pause and Stop before each.

export interface PageControl {
  stopped(): boolean
  /** Returns once the app is not answering a question (or the shadow is stopped). */
  waitWhilePaused(): void
}

export async function shadowPage(reader: RunReader, packs: ShadowPacks, ids: readonly number[], control: PageControl): Promise<PageResult> {
  const result: PageResult = { done: 0, runsByClient: {}, entries: [], skipped: {}, failures: [] }
  if (control.stopped()) return result
  for (const run of reader.read(ids)) {
    control.waitWhilePaused()
    if (control.stopped()) break
    result.done += 1
    let verdict
    try {
      verdict = await shadowOne(run, packs)
    } catch (error) {
      verdict = { kind: "failed" as const, message: error instanceof Error ? error.message : String(error) }
    }
    if (verdict.kind === "failed") {
      result.failures.push({ requestId: run.requestId, message: verdict.message })
      continue
    }
    if (verdict.kind === "skipped") {
      result.skipped[verdict.reason] = (result.skipped[verdict.reason] ?? 0) + 1
      continue
    }
    const client = run.clientId ?? ""
    result.runsByClient[client] = (result.runsByClient[client] ?? 0) + 1
    if (verdict.kind === "changed") result.entries.push(verdict.entry)
  }
  return result
}
