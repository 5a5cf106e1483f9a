import { join } from "node:path"
import fc from "fast-check"
import { channels, type ChannelKey } from "../../../../src-shared/ipc/channels"
import { VAT_QUESTION } from "./hostile-text"
import { hostileString, hostileValue, PROTOTYPE_KEYS } from "./hostile-values"
import type { Seeds } from "./fuzz-app"

// Payloads for every channel of the contract: a valid input per channel, and generated hostile
// variants of it (the whole input replaced, a key dropped, an unknown or prototype key added, any
// nested value replaced by a hostile one, a string field given odd text). File paths are confined
// to the fuzz's scratch folder: the fuzz must never write or read outside its temp dir.

type Json = unknown

/** One valid input per channel, built on the seeded data. */
export function validInputs(seeds: Seeds): Partial<Record<ChannelKey, Json>> {
  return {
    "runs.ask": { question: VAT_QUESTION, asOfDate: "2025-06-01", locale: "hr", clientId: seeds.clientId },
    "runs.answer": { requestId: seeds.awaitingIds[0], answer: "confirm" },
    "runs.cancel": { requestId: seeds.awaitingIds[1] },
    "traces.list": { outcome: "ANSWER", riskTier: "T1", domain: "TAX", search: "PDV", since: "2025-01-01", until: "2026-01-01", limit: 20, includeHypothetical: true },
    "traces.get": { requestId: seeds.completeId },
    "traces.verify": { requestId: seeds.completeId },
    "traces.stats": {},
    "clients.list": {},
    "clients.save": {
      id: seeds.clientId,
      name: "Primjer d.o.o.",
      oib: "12345678903",
      context: {
        entity: { type: "OBRT", obrtSubtype: "PAUSALNI", vat: { status: "OUTSIDE_VAT" }, activityNkd: "62.01", location: { country: "HR", county: "Grad Zagreb" } },
        counters: { revenueYtd: 30_000, revenuePriorYear: 25_000 },
        txn: { kind: "SERVICES", paymentMethod: "CARD", amount: 100, b2b: true, crossBorderEu: false },
      },
    },
    "settings.get": {},
    "settings.update": { firmName: "Ured d.o.o.", locale: "hr", reducedMotion: true },
    "settings.packInfo": {},
    "diagnostics.logFolder": {},
    "diagnostics.openLogFolder": {},
    "exports.start": { selection: { traceIds: [seeds.completeId], since: "2025-01-01", until: "2026-01-01", outcome: "ANSWER", riskTier: "T1" }, outPath: join(seeds.scratchDir, "export.zip") },
    "exports.cancel": { jobId: "00000000-0000-4000-8000-000000000000" },
    "exports.verify": { path: seeds.bundlePath },
    "exports.signingKey": {},
    "exports.location": {},
    "exports.checkPath": { path: join(seeds.scratchDir, "check.zip") },
    "exports.chooseFile": { purpose: "saveBundle", defaultPath: join(seeds.scratchDir, "chosen.zip") },
    "whatif.drivers": { requestId: seeds.completeId },
    "whatif.run": {
      requestId: seeds.completeId,
      changes: [
        { kind: "set", path: "counters.revenueYtd", value: 45_000 },
        { kind: "flip", driverId: "fact:counters.revenueYtd:gt:60000" },
      ],
    },
    "whatif.rerun": { requestId: seeds.completeId, changes: [{ kind: "set", path: "asOf", value: "2024-06-01" }] },
    "whatif.compare": { baseRequestId: seeds.completeId, otherRequestId: seeds.counterfactualId },
    "scenarios.list": { search: "promet", clientId: seeds.clientId, since: "2025-01-01", until: "2026-01-01" },
    "scenarios.get": { id: seeds.scenarioIds[0] },
    "scenarios.save": { name: "Scenarij", notes: "bilješka", clientId: seeds.clientId, resultRequestId: seeds.counterfactualId },
    "scenarios.rename": { id: seeds.scenarioIds[0], name: "Novo ime", notes: "nove bilješke" },
    "scenarios.duplicate": { id: seeds.scenarioIds[0], name: "Kopija" },
    "scenarios.delete": { id: seeds.scenarioIds[2] },
    "scenarios.compare": { a: seeds.scenarioIds[0], b: seeds.scenarioIds[1] },
    "scenarios.recheck": { id: seeds.scenarioIds[1] },
    "flags.create": { runId: seeds.completeId, kind: "wrong", note: "Prag nije točan." },
    "flags.list": { status: "all", runId: seeds.completeId },
    "flags.decide": { id: seeds.flagIds[0], decision: "confirmed", note: "pravilo vat.threshold" },
    "threads.create": { title: "Novi razgovor", clientId: seeds.clientId, asOfDate: "2025-06-01" },
    "threads.list": { search: "razgovor" },
    "threads.get": { id: seeds.threadIds[0] },
    "threads.rename": { id: seeds.threadIds[0], title: "Preimenovan" },
    "threads.delete": { id: seeds.threadIds[1] },
    "threads.ask": { threadId: seeds.threadIds[0], question: VAT_QUESTION, dropped: ["date"], locale: "hr" },
    "threads.search": { text: "PDV" },
    "threads.resume": { id: seeds.threadIds[0], choices: [{ mention: "R-1", documentId: "00000000-0000-4000-8000-000000000000" }] },
    "threads.dismiss": { id: seeds.threadIds[0] },
    "documents.add": { clientId: seeds.clientId, fileName: "biljeska.txt", contentBase64: "UERWIHUgb2JydHUu", title: "Bilješka", locale: "hr" },
    "documents.list": { clientId: seeds.clientId, limit: 20 },
    "documents.search": { text: "PDV", clientId: seeds.clientId, limit: 10 },
    "documents.complete": { text: "Bilj", clientId: seeds.clientId, limit: 5 },
    "metrics.dashboard": { days: 30, bucket: "week" },
    "profiles.list": {},
    "profiles.create": { displayName: "Ana Anić", locale: "hr" },
    "rules.catalog": {},
    "rules.rule": { ruleId: "dobit.stopa.10" },
    "rules.changes": { status: "DRAFT" },
    "rules.change": { changeId: "00000000-0000-4000-8000-000000000000" },
    "rules.propose": { kind: "retire", ruleId: "dobit.stopa.10", actor: "00000000-0000-4000-8000-000000000000", note: "povučeno", locale: "hr" },
    "rules.edit": { changeId: "00000000-0000-4000-8000-000000000000", actor: "x", note: "bilješka", locale: "hr" },
    "rules.submit": { changeId: "00000000-0000-4000-8000-000000000000", actor: "x", locale: "en" },
    "rules.approve": { changeId: "00000000-0000-4000-8000-000000000000", actor: "x" },
    "rules.sendBack": { changeId: "00000000-0000-4000-8000-000000000000", actor: "x", note: "ispraviti" },
    "rules.publish": { changeIds: ["00000000-0000-4000-8000-000000000000"], actor: "x", locale: "hr" },
    "rules.lint": { kind: "retire", ruleId: "no.such.rule", locale: "hr" },
    "rules.shadowStart": { changeId: "00000000-0000-4000-8000-000000000000" },
    "rules.shadowStatus": { jobId: "00000000-0000-4000-8000-000000000000" },
    "rules.shadowStop": { jobId: "00000000-0000-4000-8000-000000000000" },
    "paper.render": { requestId: seeds.completeId },
    "paper.savePdf": { requestId: seeds.completeId },
    "model.get": {},
    // Port 9 (discard) on this machine: the test's requests are refused at once, nothing leaves it.
    "model.update": { enabled: false, endpoint: "http://127.0.0.1:9", model: "local", draftProse: true, apiKey: null },
    "model.test": { endpoint: "http://127.0.0.1:9", model: "local" },
    "model.run": { requestId: seeds.completeId },
    "firm.status": {},
    // Port 9 on this machine: the connection is refused at once; the desk stays unlinked.
    "firm.link": { url: "postgresql://desk1@127.0.0.1:9/firm", desk: "desk1" },
    "firm.unlink": {},
    "firm.syncNow": {},
    "firm.flags": { status: "all" },
  }
}

export function channelsWithoutValidInput(seeds: Seeds): ChannelKey[] {
  const known = validInputs(seeds)
  return (Object.keys(channels) as ChannelKey[]).filter((key) => !(key in known))
}

type Path = Array<string | number>

function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [prefix]
  const entries = Array.isArray(value) ? value.map((item, i) => [i, item] as const) : Object.entries(value)
  return [prefix, ...entries.flatMap(([key, item]) => pathsOf(item, [...prefix, key]))]
}

function cloneJson(value: Json): Json {
  return JSON.parse(JSON.stringify(value)) as Json
}

function containerAt(root: Json, path: Path): Record<string | number, Json> | null {
  let node = root
  for (const key of path) {
    if (node === null || typeof node !== "object") return null
    node = (node as Record<string | number, Json>)[key]
  }
  return node !== null && typeof node === "object" ? (node as Record<string | number, Json>) : null
}

function define(target: Record<string | number, Json>, key: string | number, value: Json): void {
  // JSON has no "length" member on an array, and defining one with a value that is no array
  // length throws in the generator itself (a mutation of "dropped": [...] in threads.ask).
  if (Array.isArray(target) && key === "length") return
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

type Mutation =
  | { kind: "replace-all"; value: Json }
  | { kind: "replace"; at: number; value: Json }
  | { kind: "drop"; at: number }
  | { kind: "extra"; at: number; key: string; value: Json }
  | { kind: "odd-text"; at: number; text: string }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  hostileValue.map((value) => ({ kind: "replace-all" as const, value })),
  fc.tuple(fc.nat(), hostileValue).map(([at, value]) => ({ kind: "replace" as const, at, value })),
  fc.nat().map((at) => ({ kind: "drop" as const, at })),
  fc
    .tuple(fc.nat(), fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 16 })), hostileValue)
    .map(([at, key, value]) => ({ kind: "extra" as const, at, key, value })),
  fc.tuple(fc.nat(), hostileString).map(([at, text]) => ({ kind: "odd-text" as const, at, text })),
)

function applyMutation(valid: Json, change: Mutation): Json {
  if (change.kind === "replace-all") return change.value
  const root = cloneJson(valid)
  const paths = pathsOf(root)
  const path = paths[change.at % paths.length] ?? []
  if (path.length === 0) {
    if (change.kind === "extra" && root !== null && typeof root === "object") define(root as Record<string, Json>, change.key, change.value)
    return change.kind === "replace" ? change.value : change.kind === "odd-text" ? change.text : root
  }
  const parent = containerAt(root, path.slice(0, -1))
  const key = path[path.length - 1]
  if (parent === null || key === undefined) return root
  if (change.kind === "replace") define(parent, key, change.value)
  else if (change.kind === "odd-text") define(parent, key, change.text)
  else if (change.kind === "drop") {
    if (Array.isArray(parent) && typeof key === "number") parent.splice(key, 1)
    else delete parent[key]
  } else {
    const target = containerAt(root, path)
    if (target !== null) define(target, change.key, change.value)
    else define(parent, change.key, change.value)
  }
  return root
}

/** File-path fields must stay inside the scratch folder; invalid shapes (empty, too long, not a string) are kept. */
function confinePaths(input: Json, scratchDir: string): Json {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return input
  const record = input as Record<string, Json>
  for (const field of ["outPath", "path"]) {
    const value = record[field]
    if (typeof value !== "string" || value.length === 0 || value.length > 4096) continue
    const name = value.replace(/[\\/]/g, "_").replace(/\.\./g, "_").slice(0, 120) || "_"
    define(record, field, join(scratchDir, name))
  }
  return input
}

/** Hostile variants of the channel's valid input (or plain hostile values when it has none). */
export function hostileInputFor(key: ChannelKey, seeds: Seeds): fc.Arbitrary<Json> {
  const valid = validInputs(seeds)[key]
  const variants = valid === undefined ? hostileValue : mutation.map((change) => applyMutation(valid, change))
  const confined = key === "exports.start" || key === "exports.verify" || key === "exports.checkPath"
  return variants.map((input) => (confined ? confinePaths(input, seeds.scratchDir) : input))
}

/** Channel names that are not channels: typos, old names, push names, prototype members, junk. */
export const unknownChannelName: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      ...PROTOTYPE_KEYS,
      // Old names and near misses of the one name "<domain>.<fn>".
      "ask", "reasoning:ask", "runs:ask", "runs/ask", "runs", "runs.", ".ask", "runs.ask.x", "RUNS.ASK", " runs.ask", "runs.ask ", "runs.ask\u0000",
      "traces:list", "runs.constructor", "runs.__proto__", "__proto__.ask", "runs.event", "exports.progress",
      "ipcRenderer", "eval", "", "__defineSetter__", "isPrototypeOf",
    ),
    hostileString.map((text) => text.slice(0, 300)),
    fc.string({ maxLength: 20 }),
  )
  .filter((name) => !Object.hasOwn(channels, name))
