import Database from "better-sqlite3"
import { mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import type { ReasoningEvent } from "../../src-shared/events/event"
import type { ModelRecordEvent } from "../../src-shared/events/model-record"
import { writeBundle, type WriteBundleResult } from "../export/bundle-writer"
import { osUserName, packageVersion, readFirmName } from "../export/export-job"
import type { SigningKeys } from "../export/signing-keys"
import { openTraceSource, type BundleSource } from "../export/trace-source"
import { loadPack, type LoadedPack } from "../knowledge/loader"
import { openStore } from "../store/store"
import { TraceWriter } from "../store/trace-writer"
import { summarizeEvent, type TracePatch } from "../trace/summary"
import { canonicalJson } from "../util/canonical-json"
import { checkChain } from "./down-sync"
import type { FirmDb } from "./firm-db"
import { firmFlagLines } from "./firm-bundle-flags"
import { firmTracePages, type FirmExportFilter } from "./firm-export"
import type { MirroredTrace } from "./local-mirror"

// The whole firm's traces as one signed audit bundle (issue 25): the same format `fiskai export`
// writes and `fiskai verify` checks (docs/VERIFYING.md), with desks.jsonl naming the desk each
// trace came from. The firm's traces are first written, exactly as their desks chained them, into
// a temporary store of the desk's own format (each chain checked on the way), and the bundle is
// written from it by the desk's own bundle writer, signed with this installation's key, with the
// flags every desk raised on those traces (flags.jsonl, firm-bundle-flags.ts). Each
// trace needs the rule pack it ran with: from this desk's store or the firm's published versions.

export class MissingPackError extends Error {}

export interface FirmBundleOptions {
  outPath: string
  filter: FirmExportFilter
  keys: SigningKeys
  /** The exporting desk's database, if it has one: its rule-pack snapshots and its firm name. */
  deskDbPath: string | null
  /** Where the temporary store is made (removed afterwards). */
  workDir: string
  exportedAt?: Date
}

/** Writes the bundle; the temporary store is removed whatever happens. */
export async function exportFirmBundle(db: FirmDb, options: FirmBundleOptions): Promise<WriteBundleResult> {
  const dir = mkdtempSync(join(options.workDir, ".fiskai-firm-bundle-"))
  try {
    const path = join(dir, "firm.sqlite")
    const packs = new PackFinder(db, options.deskDbPath)
    const desks = await materialize(db, path, options.filter, packs)
    const flags = await firmFlagLines(db, [...desks.keys()])
    const source = withDesks(openTraceSource(path, {}), desks, flags)
    return await writeBundle({
      source,
      outPath: options.outPath,
      selection: { ...(options.filter.since ? { since: options.filter.since } : {}), ...(options.filter.until ? { until: options.filter.until } : {}) },
      keys: options.keys,
      appVersion: packageVersion(),
      exportedBy: { osUser: osUserName(), firmName: options.deskDbPath === null ? "" : readFirmName(options.deskDbPath) },
      exportedAt: options.exportedAt ?? new Date(),
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Copies the firm's traces into a new store at `path`; returns each trace's desk by request id. */
async function materialize(db: FirmDb, path: string, filter: FirmExportFilter, packs: PackFinder): Promise<Map<string, string>> {
  const store = openStore({ path })
  const desks = new Map<string, string>()
  try {
    const writer = new TraceWriter(store)
    for await (const page of firmTracePages(db, filter)) {
      for (const item of page) {
        checkChain(item)
        writer.commit(traceBatch(item, await packs.find(item.trace.packHash, item.trace.requestId)))
        desks.set(item.trace.requestId, item.desk)
      }
    }
  } finally {
    store.close()
  }
  return desks
}

function traceBatch({ trace, events }: MirroredTrace, pack: LoadedPack) {
  const patch: TracePatch = {}
  // The summary is learnt from the events as the run service learnt it: with the locale the
  // request asked for, else the run's language (what `fiskai verify` checks traces.csv against).
  const locale = requestLocale(trace.requestJson)
  const persisted = events.map((e) => {
    const event = JSON.parse(e.eventJson) as ReasoningEvent | ModelRecordEvent
    if (event.stage !== "MODEL") summarizeEvent(event, patch, locale)
    return { event, chained: { seq: e.seq, eventJson: e.eventJson, prevHash: e.prevHash, hash: e.hash } }
  })
  return {
    requestId: trace.requestId,
    create: {
      requestId: trace.requestId,
      createdAt: trace.createdAt,
      question: trace.question,
      asOfDate: trace.asOfDate,
      requestJson: trace.requestJson,
      clientId: trace.clientId,
      counterfactualOf: trace.counterfactualOf,
      locale: locale ?? null,
      pack,
    },
    events: persisted,
    settle: { status: "complete" as const, patch, chainHead: trace.chainHead, eventCount: trace.eventCount },
    durable: false,
  }
}

function requestLocale(requestJson: string): string | undefined {
  const request = JSON.parse(requestJson) as { locale?: unknown }
  return typeof request.locale === "string" ? request.locale : undefined
}

/** The rule packs traces ran with, by content hash: this desk's snapshots, else the firm's published versions. */
class PackFinder {
  private readonly found = new Map<string, LoadedPack>()

  constructor(
    private readonly db: FirmDb,
    private readonly deskDbPath: string | null,
  ) {}

  async find(hash: string, requestId: string): Promise<LoadedPack> {
    const known = this.found.get(hash)
    if (known !== undefined) return known
    const text = this.fromDesk(hash) ?? (await this.fromFirm(hash))
    if (text === null) throw new MissingPackError(`trace ${requestId} ran with rule pack ${hash}, which neither this desk nor the firm holds`)
    // Read from a database: validated with this build's schema and hashed again.
    const pack = loadPack(JSON.parse(text))
    if (pack.hash !== hash) throw new MissingPackError(`the rule pack stored as ${hash} hashes to ${pack.hash}`)
    this.found.set(hash, pack)
    return pack
  }

  private fromDesk(hash: string): string | null {
    if (this.deskDbPath === null) return null
    const desk = new Database(this.deskDbPath, { readonly: true, fileMustExist: true })
    try {
      const row = desk.prepare("SELECT canonical_json FROM rule_pack_snapshots WHERE hash = ?").pluck().get(hash)
      return typeof row === "string" ? row : null
    } finally {
      desk.close()
    }
  }

  private async fromFirm(hash: string): Promise<string | null> {
    const rows = await this.db.query<{ json: string }>("SELECT canonical_json AS json FROM firm.pack_versions WHERE content_hash = $1 LIMIT 1", [hash])
    return rows.rows[0]?.json ?? null
  }
}

/** The desk's bundle source with desks.jsonl (one line per trace, by request id) and the firm's flags. */
function withDesks(source: BundleSource, desks: Map<string, string>, flagLines: string[]): BundleSource {
  const lines = [...desks.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([requestId, desk]) => canonicalJson({ desk, requestId }))
  return {
    get count() {
      return source.count
    },
    batches: (size) => source.batches(size),
    trace: (id) => source.trace(id),
    packSnapshots: () => source.packSnapshots(),
    // The temporary store holds no flags: the firm's come from its server (firm-bundle-flags.ts).
    flagLines: () => flagLines,
    deskLines: () => lines,
    close: () => source.close(),
  }
}
