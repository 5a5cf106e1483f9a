import type { TraceDetail, VerifyResult } from "../../src-shared/traces"
import type {
  DriversView,
  SaveScenarioInput,
  Scenario,
  ScenarioComparison,
  ScenarioDetail,
  ScenarioFilter,
  WhatIfChange,
  WhatIfDiff,
} from "../../src-shared/whatif"
import type { LoadedPack } from "../knowledge/loader"
import type { CounterfactualRun, RunResult, RunService } from "./run-service"
import type { Prepared, RunOptions } from "./whatif-types"
import { ScenariosRepository } from "../store/scenarios-repo"
import type { Store } from "../store/store"
import { TraceNotFoundError } from "../store/errors"
import {
  BaseCache,
  counterfactualRequestOf,
  loadTarget,
  WhatIfStateError,
} from "../whatif/base-run"
import { resolveChanges } from "../whatif/changes"
import { loadComparable } from "../whatif/comparable"
import { diffTraces } from "../whatif/diff"
import { driverFacts } from "../whatif/drivers"
import { recheckScenario } from "./whatif-recheck"
import { rerunOffer, rerunPlan, rerunReasons } from "../whatif/sources-check"

// The what-if feature as one service over the store: the drivers of a run, counterfactual runs
// (streamed to the given sinks and stored), the full re-run offered when a counterfactual would
// pretend, diffs, and saved scenarios. Hosts (IPC handlers, CLI) call this and nothing deeper.

export interface WhatIfServiceOptions {
  store: Store
  traces: RunService
  /** The pack new runs use (re-checks run against it). */
  currentPack: LoadedPack | (() => LoadedPack)
}

export type { Prepared, RunOptions }

export class WhatIfService {
  readonly scenarios: ScenariosRepository
  private readonly cache = new BaseCache()

  constructor(private readonly options: WhatIfServiceOptions) {
    this.scenarios = new ScenariosRepository(options.store)
  }

  get traces(): RunService {
    return this.options.traces
  }

  drivers(requestId: string): DriversView {
    const target = loadTarget(this.traces.reader, requestId, this.cache)
    const resolved = resolveChanges(target.base.state, target.base.pack, target.priorChanges)
    const state = {
      ...target.base.state,
      context: resolved.context,
      factSources: resolved.factSources,
      assumedDefaults: resolved.assumedDefaults,
    }
    return {
      requestId,
      baseRequestId: target.base.requestId,
      locale: state.locale,
      asOfDate: state.context.asOf,
      facts: driverFacts(state, target.base.pack),
      priorChanges: target.priorChanges,
    }
  }

  /** Resolves the changes (validating them) and decides whether a counterfactual can answer them honestly. */
  prepare(requestId: string, changes: readonly WhatIfChange[]): Prepared {
    const target = loadTarget(this.traces.reader, requestId, this.cache)
    const all = [...target.priorChanges, ...changes]
    const { base } = target
    const resolved = resolveChanges(base.state, base.pack, all)
    const reasons = rerunReasons(base.state, base.pack, resolved)
    if (reasons.length === 0) return { status: "ready", target, changes: all, resolved }
    const rerun = rerunOffer({ question: base.row.question, request: base.request }, resolved, reasons)
    return {
      status: "needs_rerun",
      target,
      changes: all,
      resolved,
      result: { status: "needs_rerun", baseRequestId: base.requestId, applied: resolved.applied, rerun },
    }
  }

  /** Runs a prepared counterfactual into the store, streaming to `sinks`. */
  execute(
    prepared: Extract<Prepared, { status: "ready" }>,
    options: RunOptions = {},
  ): Promise<CounterfactualRun> {
    return this.traces.startCounterfactual(prepared.target.base, prepared.changes, prepared.resolved, options).done
  }

  /** prepare + execute: the counterfactual run, or the re-run offer when it would need other sources. */
  async run(
    requestId: string,
    changes: readonly WhatIfChange[],
    options: RunOptions = {},
  ): Promise<{ prepared: Prepared; run: CounterfactualRun | null }> {
    const prepared = this.prepare(requestId, changes)
    if (prepared.status === "needs_rerun") return { prepared, run: null }
    return { prepared, run: await this.execute(prepared, options) }
  }

  /** The offered full re-run: the base question asked again with the changed facts, marked hypothetical. */
  rerun(
    requestId: string,
    changes: readonly WhatIfChange[],
    options: RunOptions = {},
  ): { requestId: string; done: Promise<RunResult> } {
    const target = loadTarget(this.traces.reader, requestId, this.cache)
    const { base } = target
    const resolved = resolveChanges(base.state, base.pack, [...target.priorChanges, ...changes])
    const offer = rerunPlan({ question: base.row.question, request: base.request }, resolved)
    return this.traces.start(
      {
        question: offer.question,
        asOfDate: offer.asOfDate,
        ...(base.request?.locale === undefined ? {} : { locale: base.request.locale }),
        ...(offer.profile === undefined ? {} : { profile: offer.profile }),
        ...(offer.clientId === undefined ? {} : { clientId: offer.clientId }),
      },
      {
        counterfactualOf: base.requestId,
        ...(options.requestId ? { requestId: options.requestId } : {}),
        ...(options.sinks ? { sinks: options.sinks } : {}),
      },
    )
  }

  compare(baseRequestId: string, otherRequestId: string): WhatIfDiff {
    const reader = this.traces.reader
    return diffTraces(
      loadComparable(reader, baseRequestId, this.cache),
      loadComparable(reader, otherRequestId, this.cache),
    )
  }

  /** The same verify as every trace's (RunService.verify): a what-if run is replayed from its base. */
  verify(requestId: string): Promise<VerifyResult> {
    return this.traces.verify(requestId)
  }

  saveScenario(input: SaveScenarioInput): Scenario {
    const reader = this.traces.reader
    const row = reader.row(input.resultRequestId)
    if (row === undefined) throw new TraceNotFoundError(`no trace ${input.resultRequestId}`)
    if (row.counterfactualOf === null)
      throw new WhatIfStateError(
        `trace ${row.requestId} is not a hypothetical: only a what-if result can be saved as a scenario`,
      )
    if (row.status !== "complete")
      throw new WhatIfStateError(`the hypothetical ${row.requestId} has not finished (status ${row.status})`)
    const baseRow = reader.row(row.counterfactualOf)
    if (baseRow === undefined)
      throw new TraceNotFoundError(`the base trace ${row.counterfactualOf} is missing`)
    const diff = this.compare(baseRow.requestId, row.requestId)
    const request = counterfactualRequestOf(row)
    // A full re-run records no change list: its changes are the facts that differ from the base.
    const changes: WhatIfChange[] =
      request?.changes ?? diff.facts.map((f) => ({ kind: "set" as const, path: f.path, value: f.after }))
    const applied =
      request?.applied ??
      diff.facts.map((f) => ({
        path: f.path,
        label: f.label,
        from: f.before,
        fromText: f.beforeText,
        to: f.after,
        toText: f.afterText,
        via: "set" as const,
        explanation: {
          hr: "Pitanje ponovno postavljeno u cijelosti.",
          en: "The question was asked again in full.",
        },
      }))
    return this.scenarios.create({
      name: input.name,
      notes: input.notes ?? "",
      clientId: input.clientId ?? baseRow.clientId,
      baseRequestId: baseRow.requestId,
      resultRequestId: row.requestId,
      changes,
      applied,
      diff,
      baseOutcome: diff.base.outcome,
      resultOutcome: diff.other.outcome,
    })
  }

  listScenarios(filter: ScenarioFilter = {}): Scenario[] {
    return this.scenarios.list(filter)
  }

  /** A scenario exactly as saved: its stored traces and its stored diff; nothing is recomputed. */
  scenarioDetail(id: string): ScenarioDetail {
    const scenario = this.scenarios.require(id)
    return {
      scenario,
      base: this.traceDetail(scenario.baseRequestId),
      result: this.traceDetail(scenario.resultRequestId),
      diff: this.scenarios.savedDiff(id),
      rechecks: this.scenarios.rechecks(id),
    }
  }

  duplicateScenario(id: string, name?: string): Scenario {
    const original = this.scenarios.require(id)
    return this.scenarios.create({
      name: name ?? `${original.name} (2)`,
      notes: original.notes,
      clientId: original.clientId,
      baseRequestId: original.baseRequestId,
      resultRequestId: original.resultRequestId,
      changes: original.changes,
      applied: original.applied,
      diff: this.scenarios.savedDiff(id),
      baseOutcome: original.baseOutcome,
      resultOutcome: original.resultOutcome,
      duplicatedFrom: id,
    })
  }

  compareScenarios(a: string, b: string): ScenarioComparison {
    const first = this.scenarios.require(a)
    const second = this.scenarios.require(b)
    return { a: first, b: second, diff: this.compare(first.resultRequestId, second.resultRequestId) }
  }

  recheck(id: string, options: RunOptions = {}) {
    const { currentPack } = this.options
    return recheckScenario(this, typeof currentPack === "function" ? currentPack() : currentPack, id, options)
  }

  private traceDetail(requestId: string): TraceDetail {
    const detail = this.traces.reader.detail(requestId)
    if (detail === null) throw new TraceNotFoundError(`no trace ${requestId}`)
    return detail
  }
}
