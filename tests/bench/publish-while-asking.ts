import type { LoadedPack } from "../../src-main/knowledge/loader"
import { seedBundledPack } from "../../src-main/packs/bundled-seed"
import { RuleChanges } from "../../src-main/packs/rule-changes"
import type { Store } from "../../src-main/store/store"
import type { BenchRow } from "./types"

// "A publish does not block asking" (issue 19): a reviewer publishes an approved one-rule change
// on the thread that stores the app's runs (the hosts' main thread, where the rules handler runs)
// while questions are asked one after another on it. Reported: how long the publication holds
// that thread, and the slowest question that overlapped it, against asking alone.

const RULE = "dobit.stopa.10"
/** Questions asked before the publication starts, so that it falls in the middle of a stream of them. */
const LEAD_MS = 200

interface Timed {
  start: number
  end: number
}

/** An approved change of the shipped pack (the rate's end moved: bench input, not law), by two profiles. */
function approvedChange(store: Store, pack: LoadedPack): { changes: RuleChanges; actor: string; changeId: string } {
  seedBundledPack(store, pack)
  const changes = new RuleChanges(store)
  const author = changes.createProfile("Bench autor").id
  const reviewer = changes.createProfile("Bench recenzent").id
  const rule = pack.pack.rules.find((r) => r.id === RULE)
  if (rule === undefined) throw new Error(`the shipped pack has no rule ${RULE}`)
  const change = changes.propose({ author, kind: "edit", ruleId: RULE, rule: { ...rule, effectiveUntil: "2025-12-31" }, note: "bench" })
  changes.submit(change.id, author)
  changes.approve(change.id, reviewer)
  return { changes, actor: reviewer, changeId: change.id }
}

export async function publishWhileAsking(store: Store, pack: LoadedPack, ask: () => Promise<number>, p50Alone: number): Promise<BenchRow[]> {
  const { changes, actor, changeId } = approvedChange(store, pack)
  const asks: Timed[] = []
  let window: Timed | null = null
  const publication = new Promise<void>((resolve, reject) =>
    setTimeout(() => {
      const start = performance.now()
      try {
        changes.publish({ actor, changeIds: [changeId] })
        window = { start, end: performance.now() }
        resolve()
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    }, LEAD_MS),
  )
  // Asks go on until the publication is done, and a few after it.
  let after = 0
  while (after < 5) {
    const start = performance.now()
    const ms = await ask()
    asks.push({ start, end: start + ms })
    if (window !== null) after += 1
  }
  await publication
  const published: Timed | null = window
  if (published === null) throw new Error("the publication did not run")
  const { start, end } = published
  const overlapping = asks.filter((a) => a.start < end && a.end > start).map((a) => a.end - a.start)
  const slowest = Math.max(0, ...overlapping)
  return [
    { name: "publish: the thread that stores runs held (build, lint, write)", value: end - start, unit: "ms" },
    { name: `publish: slowest of the ${overlapping.length} asks that overlapped it`, value: slowest, unit: "ms", goal: `< 2 × ask p50 alone (${(2 * p50Alone).toFixed(0)} ms)`, pass: slowest < 2 * p50Alone },
  ]
}
