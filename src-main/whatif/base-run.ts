import type { ReasoningEvent } from "../../src-shared/events/event"
import { CounterfactualRequest, type WhatIfChange } from "../../src-shared/whatif"
import { ReplayStateError, retrievalStateFromEvents } from "../engine/replay-state"
import type { RetrievalState } from "../engine/state"
import type { EngineRequest } from "../engine/types"
import type { LoadedPack } from "../knowledge/loader"
import type { TraceRow } from "../store/schema"
import { StoredRequest } from "../store/stored-request"
import type { TraceReader } from "../store/trace-reader"
import { TraceNotFoundError } from "../store/errors"
import { evaluateState } from "./drivers"

// The run a counterfactual starts from: a stored trace that reached RETRIEVAL, its events, its
// rule-pack snapshot and the state after RETRIEVAL rebuilt from them. A hypothetical trace is
// never a base itself: asking "what if" of one means its base with its changes, then the new ones.

export class WhatIfStateError extends Error {}

export interface BaseRun {
  requestId: string
  row: TraceRow
  events: ReasoningEvent[]
  pack: LoadedPack
  state: RetrievalState
  /** The frozen engine request of the base (null when it cannot be read as one). */
  request: EngineRequest | null
}

export interface WhatIfTarget {
  /** The trace asked about. */
  requestId: string
  base: BaseRun
  /** Changes the asked-about trace already carries (empty for an original run). */
  priorChanges: WhatIfChange[]
}

/** The counterfactual request stored in a trace's request_json, or null for an ordinary run. */
export function counterfactualRequestOf(
  row: Pick<TraceRow, "requestJson" | "counterfactualOf">,
): CounterfactualRequest | null {
  if (row.counterfactualOf === null) return null
  let raw: unknown
  try {
    raw = JSON.parse(row.requestJson)
  } catch {
    return null
  }
  const parsed = CounterfactualRequest.safeParse(raw)
  return parsed.success ? parsed.data : null
}

/**
 * Base runs and pack snapshots already read. A complete trace is sealed (the store's triggers
 * reject any change) and a snapshot is addressed by its content hash, so both can be kept: the
 * panel asks about the same run again and again, and parsing a pack takes longer than a run.
 */
export class BaseCache {
  private readonly bases = new Map<string, BaseRun>()
  private readonly packs = new Map<string, LoadedPack>()
  private readonly sealed = new Map<string, unknown>()

  constructor(private readonly limit = 64) {}

  /** Anything derived from a complete (sealed) trace alone, computed once per key. */
  sealedValue<T>(key: string, complete: boolean, compute: () => T): T {
    if (!complete) return compute()
    if (this.sealed.has(key)) return this.sealed.get(key) as T
    const value = compute()
    this.sealed.set(key, value)
    if (this.sealed.size > this.limit * 4) {
      const oldest = this.sealed.keys().next()
      if (!oldest.done) this.sealed.delete(oldest.value)
    }
    return value
  }

  pack(reader: TraceReader, hash: string): LoadedPack | null {
    const known = this.packs.get(hash)
    if (known) return known
    const pack = reader.packSnapshot(hash)
    if (pack !== null) this.packs.set(hash, pack)
    return pack
  }

  base(reader: TraceReader, row: TraceRow): BaseRun {
    const known = this.bases.get(row.requestId)
    if (known && row.status === "complete") {
      // Most recently used last: the first entry is the one to evict.
      this.bases.delete(row.requestId)
      this.bases.set(row.requestId, known)
      return known
    }
    const base = loadBase(reader, row, this)
    if (row.status === "complete") {
      this.bases.set(row.requestId, base)
      const oldest = this.bases.keys().next()
      if (this.bases.size > this.limit && !oldest.done) this.bases.delete(oldest.value)
    }
    return base
  }
}

export function loadTarget(
  reader: TraceReader,
  requestId: string,
  cache: BaseCache = new BaseCache(),
): WhatIfTarget {
  const row = reader.row(requestId)
  if (row === undefined) throw new TraceNotFoundError(`no trace ${requestId}`)
  const hypothetical = counterfactualRequestOf(row)
  if (hypothetical === null) return { requestId, base: cache.base(reader, row), priorChanges: [] }
  const baseRow = reader.row(hypothetical.counterfactualOf)
  if (baseRow === undefined)
    throw new TraceNotFoundError(`the base trace ${hypothetical.counterfactualOf} of ${requestId} is missing`)
  if (counterfactualRequestOf(baseRow) !== null)
    throw new WhatIfStateError(`the base ${baseRow.requestId} of ${requestId} is itself hypothetical`)
  return { requestId, base: cache.base(reader, baseRow), priorChanges: hypothetical.changes }
}

export function loadBase(reader: TraceReader, row: TraceRow, cache?: BaseCache): BaseRun {
  const pack = cache ? cache.pack(reader, row.packHash) : reader.packSnapshot(row.packHash)
  if (pack === null)
    throw new WhatIfStateError(`the rule pack snapshot ${row.packHash} of trace ${row.requestId} is missing`)
  const events = reader.events(row.requestId)
  let state: RetrievalState
  try {
    state = retrievalStateFromEvents(events, pack)
  } catch (error) {
    if (error instanceof ReplayStateError)
      throw new WhatIfStateError(`trace ${row.requestId}: ${error.message}`)
    throw error
  }
  checkReplays(row.requestId, events, state, pack)
  const parsed = safeJson(row.requestJson)
  const request = StoredRequest.safeParse(parsed)
  return {
    requestId: row.requestId,
    row,
    events,
    pack,
    state,
    request: request.success ? request.data : null,
  }
}

/** The stored APPLICABILITY must be what the pack snapshot gives again: else the drivers would be guesses. */
function checkReplays(
  requestId: string,
  events: readonly ReasoningEvent[],
  state: RetrievalState,
  pack: LoadedPack,
): void {
  const stored = events.find((e) => e.stage === "APPLICABILITY" && e.status === "complete")
  if (stored === undefined || stored.stage !== "APPLICABILITY" || stored.status !== "complete") return
  const eligible = evaluateState(state, pack)
    .checks.filter((c) => c.eligible)
    .map((c) => c.rule.id)
  if (eligible.join("|") !== stored.data.eligibleRuleIds.join("|"))
    throw new WhatIfStateError(
      `trace ${requestId} does not re-evaluate to its stored APPLICABILITY against its pack snapshot`,
    )
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
